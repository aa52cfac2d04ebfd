import { type Layout, type RenderedEmail, renderLayout } from '../email/email.templates.js';

/** What an e-mail about an expired subscription says. */
export interface SubscriptionExpiredContent {
  mfaType: string;
  planName: string;
  reason: 'AUTO_RENEWAL_OFF' | 'NO_CARD' | 'PAYMENT_DECLINED' | 'AUTHENTICATION_REQUIRED';
  invoiceNo: string | null;
  amountCents: number | null;
  message: string | null;
}

export const SUBSCRIPTION_EXPIRED_SUBJECT = 'Your MultiMFA subscription has expired';

/** Tells the customer their subscription expired and, when a renewal went unpaid, how to pay it. */
export function renderSubscriptionExpired(
  content: SubscriptionExpiredContent,
  webUrl: string,
): RenderedEmail {
  const what = `your ${content.mfaType} ${content.planName} plan`;
  const amount = content.amountCents === null ? '' : ` of $${(content.amountCents / 100).toFixed(2)}`;
  const paragraphs =
    content.reason === 'AUTO_RENEWAL_OFF'
      ? [
          `The subscription of ${what} reached its payment date with auto-renewal switched off, so it has expired.`,
          'Codes texted to its number are no longer forwarded. The number stays reserved for you for 30 days.',
        ]
      : [
          `We could not renew ${what}: ${
            content.reason === 'NO_CARD'
              ? 'there is no saved card to charge'
              : (content.message ?? 'the payment failed')
          }`,
          `Invoice ${content.invoiceNo ?? ''}${amount} is unpaid and the subscription has expired: codes texted to its number are no longer forwarded. Pay the invoice within 30 days to keep your number and reactivate it.`,
        ];
  const layout: Layout = {
    preheader: 'Your MultiMFA subscription has expired',
    heading: 'Your subscription has expired',
    paragraphs,
    action: {
      label: content.reason === 'AUTO_RENEWAL_OFF' ? 'Open MultiMFA' : 'Pay the invoice',
      url: `${webUrl.replace(/\/$/, '')}/${content.reason === 'AUTO_RENEWAL_OFF' ? 'dashboard' : 'invoice-management'}`,
    },
    footnote: 'After 30 days the number is released and cannot be given back.',
  };
  return renderLayout(SUBSCRIPTION_EXPIRED_SUBJECT, layout);
}
