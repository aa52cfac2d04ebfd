import { isPersonName } from '@multimfa/api-contract';
import { type invitationSent, openSecret, type PayloadOf } from '@multimfa/events';
import {
  Clock,
  type Counter,
  currentCorrelationId,
  LOGGER,
  type Logger,
  Metrics,
} from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { countOutboundSms, outboundSmsCounter } from '../providers/outbound-sms.metric.js';
import { SmsSender } from '../providers/sms-sender.port.js';
import { SmsQueue } from '../queue/sms.queue.js';
import { OutboundSmsRepository } from './outbound-sms.repository.js';
import { SMS_SETTINGS, type SmsSettings } from './sms.settings.js';

/**
 * The invitation as an SMS: the link to `/activation/{token}` and how long it is valid. The member's
 * first name greets them only when it follows the name rule: one stored before the rule (a link, say)
 * is left out, so our numbers never text it.
 */
export function renderInvitationSms(
  content: { firstName: string; token: string; expiresAt: string | null },
  webUrl: string,
  now: Date,
): string {
  const days = content.expiresAt
    ? Math.max(1, Math.round((new Date(content.expiresAt).getTime() - now.getTime()) / 86_400_000))
    : 7;
  const link = `${webUrl.replace(/\/$/, '')}/activation/${encodeURIComponent(content.token)}`;
  const greeting = isPersonName(content.firstName) ? `Hi ${content.firstName},` : 'Hi,';
  return `${greeting} you are invited to receive a MultiMFA team's verification codes on this number. Accept or reject: ${link} (valid ${days} days)`;
}

/** A queued SMS whose job may have been lost (the process died between commit and enqueue). */
const LOST_JOB_AFTER_MS = 60_000;

/**
 * Invitations for members reached by mobile (MOBILE_NUMBER or BOTH): recorded with the event that
 * asks for them (the token still sealed), queued after the commit, sent by the worker from the
 * MultiMFA's own number.
 */
@Injectable()
export class InvitationSmsService {
  constructor(
    @Inject(OutboundSmsRepository) private readonly sms: OutboundSmsRepository,
    @Inject(SmsQueue) private readonly queue: SmsQueue,
    @Inject(SmsSender) private readonly sender: SmsSender,
    @Inject(SMS_SETTINGS) private readonly settings: SmsSettings,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(Metrics) metrics: Metrics,
  ) {
    this.sent = outboundSmsCounter(metrics);
  }

  /** SMS sent from our numbers, by owning customer and kind. */
  private readonly sent: Counter<'customer_id' | 'kind'>;

  /** Records the invitation SMS; returns the enqueueing to run after the commit (nothing for an e-mail-only member). */
  async record(
    manager: EntityManager,
    invitation: PayloadOf<typeof invitationSent>,
  ): Promise<(() => Promise<void>) | undefined> {
    if (invitation.forwardMedium === 'EMAIL' || !invitation.mobileNo) return undefined;
    const correlationId = currentCorrelationId() ?? invitation.invitationId;
    const recorded = await this.sms.insertQueued(manager, {
      smsId: invitation.invitationId,
      kind: 'MEMBER_INVITATION',
      mfaId: invitation.mfaId,
      toNumber: invitation.mobileNo,
      firstName: invitation.firstName,
      sealedCode: invitation.sealedToken,
      expiresAt: invitation.expiresAt,
      correlationId,
    });
    if (!recorded) return undefined;
    return () => this.queue.enqueue({ smsId: invitation.invitationId, correlationId });
  }

  /** Sends one queued SMS (called by the worker; a thrown error is retried with backoff). */
  async deliver(smsId: string, attempt: number): Promise<void> {
    const sms = await this.sms.find(smsId);
    if (!sms) throw new Error(`SMS ${smsId} is not recorded`);
    if (sms.status !== 'QUEUED') return;
    try {
      if (!sms.fromNumber) throw new Error(`the MultiMFA ${sms.mfaId} has no number yet`);
      if (!sms.sealedCode) throw new Error(`SMS ${smsId} has no token`);
      const token = openSecret(this.settings.sealingKey, sms.sealedCode, smsId);
      const { providerMessageId } = await this.sender.send({
        from: sms.fromNumber,
        to: sms.toNumber,
        body: renderInvitationSms(
          { firstName: sms.firstName, token, expiresAt: sms.expiresAt },
          this.settings.webUrl,
          this.clock.now(),
        ),
      });
      countOutboundSms(this.sent, sms.ownerId, 'invitation');
      await this.sms.markSent(smsId, providerMessageId, attempt, this.clock.now());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.sms.recordFailedAttempt(smsId, attempt, reason);
      this.logger.warn({ smsId, attempt, reason }, 'SMS not sent; will retry');
      throw error;
    }
  }

  async markFailed(smsId: string): Promise<void> {
    await this.sms.markFailed(smsId);
    this.logger.error({ smsId }, 'SMS given up after its last retry');
  }

  /** Queues again the SMS whose job was lost; the job id (the row's id) makes it a no-op otherwise. */
  async requeueLost(): Promise<number> {
    const lost = await this.sms.queuedBefore(new Date(this.clock.now().getTime() - LOST_JOB_AFTER_MS));
    for (const { smsId, correlationId } of lost)
      await this.queue.enqueue({ smsId, correlationId: correlationId ?? smsId });
    return lost.length;
  }
}
