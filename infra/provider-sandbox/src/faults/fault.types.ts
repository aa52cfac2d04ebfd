import { z } from 'zod';

export const PROVIDERS = ['stripe', 'twilio', 'sendgrid', 'google', 'slack', 'webhook'] as const;
export type Provider = (typeof PROVIDERS)[number];

/**
 * `POST /_sandbox/faults`: the next `count` API calls to `provider` fail. At most one of `status`
 * (answer with that HTTP status and the provider's own error body), `timeout` (never answer) or
 * `dropAnswer` (do what was asked, then cut the connection instead of answering: the caller cannot
 * tell whether it happened) or `holdAnswer` (do what was asked, then never answer: the caller's own
 * timeout fires after the provider accepted, or the caller dies waiting) may be set; `latencyMs` alone slows the calls down and lets them succeed;
 * with another fault it delays it. `every` spreads the fault: of the calls it applies to, only the
 * first of each `every` is affected (`every: 10` refuses one call in ten), and `count` counts those.
 */
export const faultSpecSchema = z
  .strictObject({
    provider: z.enum(PROVIDERS),
    /** How many calls are affected. */
    count: z.int().min(1).max(100_000).default(1),
    every: z.int().min(1).max(1_000).default(1),
    /** Answer with this status and the provider's own error body (429 and 503 carry Retry-After). */
    status: z.int().min(400).max(599).optional(),
    timeout: z.boolean().default(false),
    dropAnswer: z.boolean().default(false),
    holdAnswer: z.boolean().default(false),
    latencyMs: z.int().min(0).max(300_000).default(0),
    /** For 429 and 503: the Retry-After seconds (X-RateLimit-Reset is now plus this). */
    retryAfterSeconds: z.int().min(0).max(86_400).default(1),
    /** Only calls of this HTTP method (by default any). */
    method: z.enum(['GET', 'POST', 'DELETE']).optional(),
    /** Only calls to this path or below it, e.g. `/v1/payment_intents` (by default any). */
    path: z.string().startsWith('/').max(200).optional(),
  })
  .refine(
    (spec) =>
      [spec.timeout, spec.status !== undefined, spec.dropAnswer, spec.holdAnswer].filter(Boolean).length <= 1,
    { message: 'set one of status, timeout, dropAnswer or holdAnswer, not several' },
  )
  .refine(
    (spec) =>
      spec.timeout || spec.dropAnswer || spec.holdAnswer || spec.status !== undefined || spec.latencyMs > 0,
    { message: 'set status, timeout, dropAnswer, holdAnswer or latencyMs' },
  );

export type FaultSpec = z.output<typeof faultSpecSchema>;

export interface ArmedFault extends FaultSpec {
  id: string;
  /** Calls still to be affected. */
  remaining: number;
  /** Calls it applied to so far, affected or passed over (see `every`). */
  seen: number;
  createdAt: string;
}
