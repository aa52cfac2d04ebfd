import { openSecret } from '@multimfa/events';
import { Clock } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { AddressRefusedError, DestinationHttp } from '../providers/destination-http.adapter.js';
import { ProviderError } from '../providers/provider.errors.js';
import { DESTINATION_SETTINGS, type DestinationSettings } from './destination.settings.js';
import type { DestinationRecord } from './destinations.repository.js';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature.rules.js';

/** Slack's answers that say the webhook is gone for good (revoked, channel deleted, app removed) or the post is bad. */
const SLACK_PERMANENT = new Set([400, 403, 404, 410]);

/** How one post to a destination went. */
export interface PostOutcome {
  ok: boolean;
  /** The destination's HTTP status; null when it never answered or its address was refused. */
  status: number | null;
  /** The start of its answer (a webhook's challenge echo, Slack's error word). */
  body: string;
  error: string | null;
}

/**
 * A post to a destination that did not succeed: a ProviderError, so the queue's backoff honours a
 * 429's Retry-After; `permanent` when trying again cannot help (Slack: invalid_token, channel_not_found,
 * no_service; a webhook: 410 Gone, or an address refused).
 */
export class DestinationPostError extends ProviderError {
  constructor(
    kind: 'slack' | 'webhook',
    readonly outcome: PostOutcome,
    retryAt: Date | undefined,
    private readonly isPermanent: boolean,
  ) {
    super(kind, outcome.status ?? 0, outcome.error ?? `answered ${outcome.status}`, retryAt);
  }

  override get permanent(): boolean {
    return this.isPermanent;
  }
}

/**
 * Posts JSON to a destination: to Slack's base URL plus the channel's webhook path, or to a
 * customer's webhook signed with its secret (`MultiMFA-Signature`). Throws DestinationPostError unless
 * the destination took it (Slack: 200 `ok`; a webhook: any 2xx).
 */
@Injectable()
export class DestinationPoster {
  constructor(
    @Inject(DestinationHttp) private readonly http: DestinationHttp,
    @Inject(DESTINATION_SETTINGS) private readonly settings: DestinationSettings,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async post(
    destination: Pick<DestinationRecord, 'destinationId' | 'kind' | 'url' | 'secretSealed'>,
    payload: object,
    timeoutMs?: number,
  ): Promise<PostOutcome> {
    const body = JSON.stringify(payload);
    const slack = destination.kind === 'slack';
    const url = slack
      ? new URL(`${this.settings.slackBaseUrl.replace(/\/+$/, '')}${destination.url}`)
      : new URL(destination.url);
    const headers: Record<string, string> = {};
    if (!slack && destination.secretSealed) {
      const secret = openSecret(this.settings.secretKey, destination.secretSealed, destination.destinationId);
      headers[SIGNATURE_HEADER] = signatureHeader(secret, body, this.clock.now());
    }
    let answer: Awaited<ReturnType<DestinationHttp['post']>>;
    try {
      answer = await this.http.post({
        url,
        body,
        headers,
        trustedHost: slack,
        ...(timeoutMs ? { timeoutMs } : {}),
      });
    } catch (error) {
      const refused = error instanceof AddressRefusedError;
      const outcome = {
        ok: false,
        status: null,
        body: '',
        error: error instanceof Error ? error.message : String(error),
      };
      throw new DestinationPostError(destination.kind, outcome, undefined, refused);
    }
    const ok = slack ? answer.status === 200 : answer.status >= 200 && answer.status < 300;
    const outcome: PostOutcome = {
      ok,
      status: answer.status,
      body: answer.body,
      error: ok ? null : this.reason(slack, answer.status, answer.body),
    };
    if (ok) return outcome;
    const permanent = slack ? SLACK_PERMANENT.has(answer.status) : answer.status === 410;
    throw new DestinationPostError(destination.kind, outcome, answer.retryAt, permanent);
  }

  private reason(slack: boolean, status: number, body: string): string {
    if (status >= 300 && status < 400) return `answered ${status} (redirects are not followed)`;
    const word = body.trim().slice(0, 80);
    return slack && word ? `Slack answered ${status} ${word}` : `answered ${status}`;
  }
}
