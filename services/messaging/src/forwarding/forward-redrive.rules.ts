import type { FailureClass } from '../providers/provider.errors.js';

/** How often each replica looks for failed forwards to re-drive. */
export const REDRIVE_EVERY_MS = 3 * 60_000;
/** A forward that failed longer ago than this stays failed: its text is a day old. */
export const REDRIVE_WITHIN_MS = 24 * 60 * 60_000;
/** How often one forward is re-driven at most: a provider that keeps failing is not tried forever. */
export const MAX_REDRIVES = 3;

/** The re-drives' counter, shared by the sweep that starts them and the worker that ends them. */
export const REDRIVES_METRIC = {
  name: 'messaging_forward_redrives_total',
  help: 'Re-drives of forwards that had failed for good while their provider was unavailable, by medium and outcome: started (queued again once the provider accepted a send), sent, failed (failed for good again)',
} as const;

/** A forward marked failed for good, and the newest send its provider (medium) accepted. */
export interface FailedForward {
  /** Why it failed (null: failed before this was recorded, so not known). */
  failureClass: FailureClass | null;
  /** When it was last marked failed. */
  failedAt: Date | null;
  redrives: number;
  /** A re-drive's job is running (since then). */
  redrivenAt: Date | null;
  /** The provider accepted it (recorded by the worker): sending it again could send it twice. */
  sentAt: Date | null;
  /** The newest send of any forward its provider accepted (null: none). */
  providerAcceptedAt: Date | null;
}

/**
 * Whether a failed forward is sent again now: it failed for a cause that passes (a provider outage,
 * not a refusal of the message), within the last day, no re-drive of it is running and it was re-driven
 * fewer than `MAX_REDRIVES` times, the provider never accepted it, and the cause has passed: the
 * provider accepted a send after the forward failed.
 */
export function mayRedrive(forward: FailedForward, now: Date): boolean {
  const { failureClass, failedAt, providerAcceptedAt } = forward;
  if (failureClass !== 'transient' || !failedAt || !providerAcceptedAt) return false;
  if (forward.redrivenAt || forward.sentAt || forward.redrives >= MAX_REDRIVES) return false;
  if (now.getTime() - failedAt.getTime() > REDRIVE_WITHIN_MS) return false;
  return providerAcceptedAt.getTime() > failedAt.getTime();
}
