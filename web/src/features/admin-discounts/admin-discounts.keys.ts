import type { DiscountsQuery } from '@multimfa/api-contract';

const all = ['admin', 'discounts'] as const;

/** The admin discounts' query keys; a change invalidates `all`. */
export const discountKeys = {
  all,
  list: (filter: DiscountsQuery) => [...all, 'list', filter] as const,
  one: (id: string) => [...all, 'one', id] as const,
};
