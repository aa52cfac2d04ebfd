import { z } from 'zod';
import { defineEvent } from './define-event.js';
import { TOPICS } from './topics.js';

/** A user now has a Stripe customer (created on registration). */
export const customerCreated = defineEvent({
  type: 'billing.customer.created',
  version: 1,
  topic: TOPICS.billingSubscription,
  payload: z.object({ userId: z.uuid(), stripeCustomerId: z.string().min(1) }),
  keyOf: (payload) => payload.userId,
});

export const billingEvents = [customerCreated];
