import { z } from 'zod';

export const PROVIDERS = ['stripe', 'twilio', 'sendgrid', 'google'] as const;
export type Provider = (typeof PROVIDERS)[number];

/**
 * `POST /_sandbox/faults`: the next `count` API calls to `provider` fail. Exactly one of `status`
 * (answer with that HTTP status and the provider's own error body) or `timeout` (never answer) may be
 * set; `latencyMs` alone slows the calls down and lets them succeed; with `status` it delays the failure.
 */
export const faultSpecSchema = z
  .strictObject({
    provider: z.enum(PROVIDERS),
    count: z.int().min(1).max(10_000).default(1),
    status: z.int().min(400).max(599).optional(),
    timeout: z.boolean().default(false),
    latencyMs: z.int().min(0).max(300_000).default(0),
    /** For 429 and 503: the Retry-After seconds (X-RateLimit-Reset is now plus this). */
    retryAfterSeconds: z.int().min(0).max(86_400).default(1),
  })
  .refine((spec) => !(spec.timeout && spec.status !== undefined), {
    message: 'set either status or timeout, not both',
  })
  .refine((spec) => spec.timeout || spec.status !== undefined || spec.latencyMs > 0, {
    message: 'set status, timeout or latencyMs',
  });

export type FaultSpec = z.output<typeof faultSpecSchema>;

export interface ArmedFault extends FaultSpec {
  id: string;
  /** Calls still to be affected. */
  remaining: number;
  createdAt: string;
}
