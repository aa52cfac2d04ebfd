/** Where Stripe posts its webhook (not in the documented contract: Stripe's own format, billing's to read). */
export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

/**
 * The providers' webhooks, whose signatures cover the body as sent: configureHttp keeps their bodies
 * unparsed (Stripe and SendGrid sign the exact bytes, Twilio the form it posted).
 */
export const WEBHOOK_RAW_PATHS = [STRIPE_WEBHOOK_PATH, '/api/webhooks/twilio', '/api/webhooks/sendgrid'];
