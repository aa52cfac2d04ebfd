import { discountKeys } from '../admin-discounts/admin-discounts.keys';

export const discountMailingKeys = {
  /** Under the admin discounts' key, so a created, changed or deleted discount is read again. */
  activeDiscounts: [...discountKeys.all, 'active'] as const,
  prospects: ['admin', 'prospects'] as const,
};
