import { DomainError, NotFoundError } from '@multimfa/service-runtime';

export const purchaseNotFound = () => new NotFoundError('No such payment of yours', 'PURCHASE_NOT_FOUND');
export const mfaNotFound = () => new NotFoundError('No such MultiMFA of yours', 'MFA_NOT_FOUND');
export const paymentIncomplete = () =>
  new DomainError('PAYMENT_INCOMPLETE', 'The payment has not been completed', 409);
export const paymentMismatch = () =>
  new DomainError('PAYMENT_MISMATCH', 'The payment does not match this purchase', 409);
export const discountUsedUpAtPayment = (refunded: boolean) =>
  new DomainError(
    'DISCOUNT_USED_UP',
    refunded
      ? 'This discount code has been fully used; your payment has been refunded'
      : 'This discount code has been fully used',
    409,
  );
export const waitlistOfferUsedAtPayment = () =>
  new DomainError(
    'WAITLIST_OFFER_USED',
    'Your waitlist offer has already been used; your payment has been refunded',
    409,
  );
