import { type RenderedEmail, renderLayout } from '../email/email.templates.js';

export const WAITLIST_CODE_SUBJECT = 'Your MultiMFA waitlist code';

export function renderWaitlistCode(code: string, expiresAt: string, now: Date): RenderedEmail {
  const minutes = Math.max(1, Math.round((new Date(expiresAt).getTime() - now.getTime()) / 60_000));
  return renderLayout(WAITLIST_CODE_SUBJECT, {
    preheader: `Your MultiMFA waitlist code is ${code}`,
    heading: 'Confirm your email address',
    paragraphs: [
      'Thank you for joining the MultiMFA waitlist. Enter this code on the waitlist page to confirm that this address is yours and keep your 20% off your first MultiMFA:',
    ],
    code,
    footnote: `The code is valid for ${minutes} minutes and works once. If you did not ask for it, ignore this email: we will not write to you.`,
  });
}

export interface DiscountOfferContent {
  code: string;
  discountType: 'FLAT' | 'PERCENTAGE';
  value: number;
  expiryDate: Date;
}

export const discountOfferSubject = (offer: DiscountOfferContent) =>
  `Your MultiMFA discount: ${amountOff(offer)} off`;

const amountOff = (offer: DiscountOfferContent) =>
  offer.discountType === 'PERCENTAGE' ? `${offer.value}%` : `$${offer.value.toFixed(2)}`;

/** A discount code for a prospect, with the link that unsubscribes the address. */
export function renderDiscountOffer(
  offer: DiscountOfferContent,
  webUrl: string,
  unsubscribeUrl: string,
): RenderedEmail {
  const lastDay = offer.expiryDate.toISOString().slice(0, 10);
  return renderLayout(discountOfferSubject(offer), {
    preheader: `Use code ${offer.code} for ${amountOff(offer)} off MultiMFA`,
    heading: `${amountOff(offer)} off MultiMFA`,
    paragraphs: [
      'You joined the MultiMFA waitlist, so here is a discount code for you. Enter it on the payment page when you buy a MultiMFA:',
    ],
    code: offer.code,
    action: { label: 'See the plans', url: `${webUrl.replace(/\/$/, '')}/pricing` },
    footnote: `The code works until ${lastDay} (UTC) while uses last. You get this email because you confirmed this address on the MultiMFA waitlist.`,
    footerLink: { label: 'Unsubscribe from MultiMFA offers', url: unsubscribeUrl },
  });
}
