import { DomainError } from '@multimfa/service-runtime';

export const invalidDiscount = () => new DomainError('DISCOUNT_INVALID', 'Invalid discount code');
export const expiredDiscount = () => new DomainError('DISCOUNT_EXPIRED', 'This discount code has expired');
export const usedUpDiscount = () =>
  new DomainError('DISCOUNT_USED_UP', 'This discount code has been fully used');
