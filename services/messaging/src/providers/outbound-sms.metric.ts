import type { Counter, Metrics } from '@multimfa/service-runtime';

/** What an SMS of ours was: a forwarded text, or a member's invitation. */
export type OutboundSmsKind = 'forward' | 'invitation';

/**
 * SMS the product sent from its numbers (the provider accepted them), by the customer who owns the
 * number and by kind: the alert `MultiMfaCustomerSmsSurge` (infra/k8s) watches it per customer.
 * `customer_id` is the owner's user id (unknown: "unknown"): one series per customer that sent an SMS
 * since the process started, per kind, which stays in the thousands for thousands of customers.
 */
export function outboundSmsCounter(metrics: Metrics): Counter<'customer_id' | 'kind'> {
  return metrics.counter(
    'messaging_outbound_sms_total',
    'SMS sent from our numbers (accepted by the provider), by the owning customer (customer_id, their user id) and kind: forward (a forwarded text), invitation (a member invitation)',
    ['customer_id', 'kind'],
  );
}

/** Counts one SMS sent for the customer (null: the owner is not known). */
export function countOutboundSms(
  counter: Counter<'customer_id' | 'kind'>,
  customerId: string | null,
  kind: OutboundSmsKind,
): void {
  counter.inc({ customer_id: customerId ?? 'unknown', kind });
}
