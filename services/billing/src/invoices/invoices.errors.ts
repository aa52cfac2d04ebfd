import { DomainError, NotFoundError } from '@multimfa/service-runtime';

export const invoiceNotFound = () => new NotFoundError('No such invoice of yours', 'INVOICE_NOT_FOUND');
export const paymentCardNotFound = () => new NotFoundError('Please select credit card', 'CARD_NOT_FOUND');
export const invoicePaymentDeclined = (message: string) =>
  new DomainError('INVOICE_PAYMENT_DECLINED', message, 402);
/** The bank asks for the cardholder's authentication, which an off-session charge cannot give. */
export const INVOICE_AUTHENTICATION_MESSAGE =
  'Your bank asks to authenticate this payment, which is not possible here. The invoice is still unpaid: please pay it with another card.';
export const invoiceAuthenticationRequired = () =>
  new DomainError('INVOICE_AUTHENTICATION_REQUIRED', INVOICE_AUTHENTICATION_MESSAGE, 402);
