import { DomainError, NotFoundError } from '@multimfa/service-runtime';
import { INVOICE_AUTHENTICATION_MESSAGE } from '../renewals/renewals.errors.js';

export const invoiceNotFound = () => new NotFoundError('No such invoice of yours', 'INVOICE_NOT_FOUND');
export const paymentCardNotFound = () => new NotFoundError('Please select credit card', 'CARD_NOT_FOUND');
export const invoicePaymentDeclined = (message: string) =>
  new DomainError('INVOICE_PAYMENT_DECLINED', message, 402);
export const invoiceAuthenticationRequired = () =>
  new DomainError('INVOICE_AUTHENTICATION_REQUIRED', INVOICE_AUTHENTICATION_MESSAGE, 402);
