import { DomainError, NotFoundError } from '@multimfa/service-runtime';

export const cardNotFound = () => new NotFoundError('No such card of yours', 'CARD_NOT_FOUND');
export const customerNotFound = () =>
  new NotFoundError('No such payment customer of yours', 'CUSTOMER_NOT_FOUND');
/** customer-area section 8: deleting the only card while a subscription renews with it. */
export const lastCard = () => new DomainError('LAST_CARD', 'You must keep atleast 1 card for payment', 409);
export const cardRejected = (message: string) => new DomainError('CARD_REJECTED', message, 422);
export const expiryYearInvalid = () =>
  new DomainError('EXPIRY_YEAR_INVALID', 'Expiry year should be valid', 400);
