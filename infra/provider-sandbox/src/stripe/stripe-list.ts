import type { ListObject } from './stripe.types.js';
import { stripeErrors } from './stripe-error.js';
import type { StripeParams } from './stripe-params.js';

export interface PageParams {
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
}

/** Reads Stripe's cursor pagination parameters. */
export function readPageParams(params: StripeParams): PageParams {
  const page: PageParams = { limit: params.int('limit', { min: 1, max: 100 }) ?? 10 };
  const startingAfter = params.string('starting_after');
  const endingBefore = params.string('ending_before');
  if (startingAfter) page.startingAfter = startingAfter;
  if (endingBefore) page.endingBefore = endingBefore;
  return page;
}

/** A page of `items` (newest first) as Stripe's list object. */
export function listObject<T extends { id: string }>(
  items: T[],
  page: PageParams,
  url: string,
): ListObject<T> {
  if (page.startingAfter) {
    const index = items.findIndex((item) => item.id === page.startingAfter);
    if (index < 0) throw stripeErrors.resourceMissing('object', page.startingAfter, 'starting_after');
    const data = items.slice(index + 1, index + 1 + page.limit);
    return { object: 'list', data, has_more: index + 1 + page.limit < items.length, url };
  }
  if (page.endingBefore) {
    const index = items.findIndex((item) => item.id === page.endingBefore);
    if (index < 0) throw stripeErrors.resourceMissing('object', page.endingBefore, 'ending_before');
    const start = Math.max(0, index - page.limit);
    return { object: 'list', data: items.slice(start, index), has_more: start > 0, url };
  }
  return { object: 'list', data: items.slice(0, page.limit), has_more: items.length > page.limit, url };
}
