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
import { InvitationDetailsRepository } from './invitation-details.repository.js';
import { invitationPersonName, invitationTeamName } from './invitation-names.rules.js';
import { OutboundSmsRepository } from './outbound-sms.repository.js';
import { SMS_SETTINGS, type SmsSettings } from './sms.settings.js';

/** What an invitation SMS says besides the link: who invites, to which team and number, and how codes come. */
export interface InvitationSmsContent {
  firstName: string;
  token: string;
  expiresAt: string | null;
  teamName: string | null;
  teamNumber: string | null;
  inviterName: string | null;
  /** Only members reached by mobile get the SMS: codes by SMS, or by SMS and e-mail. */
  forwardMedium: 'MOBILE_NUMBER' | 'BOTH' | 'EMAIL';
}

/** The GSM 03.38 basic character set: a text of only these is sent 160 characters a segment (153 when split). */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);

/** How many SMS segments a text takes (any other character, even GSM's extension table, counts as UCS-2). */
export function smsSegments(text: string): number {
  const characters = [...text];
  const gsm = characters.every((character) => GSM_BASIC.has(character));
  const units = gsm ? characters.length : text.length;
  const [single, split] = gsm ? [160, 153] : [70, 67];
  return units <= single ? 1 : Math.ceil(units / split);
}

/** The most an invitation SMS may take. */
export const INVITATION_SMS_MAX_SEGMENTS = 2;

/**
 * The invitation as an SMS, in at most two segments: the inviter and the team by name, the number
 * whose codes are forwarded and how, the link to `/activation/{token}` and how long it is valid.
 * Names are user-chosen, so each appears only when it cannot read as a link (`invitation-names.rules`),
 * at most 30 characters each. When the names would make it longer than two segments (names outside GSM's alphabet
 * halve a segment), they are left out one by one: the team's name, then the inviter's, then the
 * member's, which leaves plain ASCII around the link.
 */
export function renderInvitationSms(content: InvitationSmsContent, webUrl: string, now: Date): string {
  const days = content.expiresAt
    ? Math.max(1, Math.round((new Date(content.expiresAt).getTime() - now.getTime()) / 86_400_000))
    : 7;
  const link = `${webUrl.replace(/\/$/, '')}/activation/${encodeURIComponent(content.token)}`;
  const number =
    content.teamNumber && /^\+\d{6,15}$/.test(content.teamNumber) ? content.teamNumber : 'this number';
  const how = content.forwardMedium === 'BOTH' ? 'by SMS and e-mail' : 'by SMS';
  const text = (firstName: string | null, inviter: string | null, teamName: string | null) =>
    `${firstName ? `Hi ${firstName},` : 'Hi,'} ${inviter ? `${inviter} invites you` : 'you are invited'} to ${teamName ? `the MultiMFA team ${teamName}` : 'a MultiMFA team'}: codes texted to ${number} will reach you ${how}. Accept or reject: ${link} (valid ${days} days)`;
  const firstName = invitationPersonName(content.firstName, 30);
  const inviter = invitationPersonName(content.inviterName, 30);
  const teamName = invitationTeamName(content.teamName, 30);
  const candidates = [
    text(firstName, inviter, teamName),
    text(firstName, inviter, null),
    text(firstName, null, null),
    text(null, null, null),
  ];
  return (
    candidates.find((candidate) => smsSegments(candidate) <= INVITATION_SMS_MAX_SEGMENTS) ??
    text(null, null, null)
  );
}

/**
 * Invitations for members reached by mobile (MOBILE_NUMBER or BOTH): recorded with the event that
 * asks for them (the token still sealed), queued after the commit, sent by the worker from the
 * MultiMFA's own number.
 */
@Injectable()
export class InvitationSmsService {
  constructor(
    @Inject(OutboundSmsRepository) private readonly sms: OutboundSmsRepository,
    @Inject(InvitationDetailsRepository) private readonly details: InvitationDetailsRepository,
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
      const detail = await this.details.find(smsId);
      const { providerMessageId } = await this.sender.send({
        from: sms.fromNumber,
        to: sms.toNumber,
        body: renderInvitationSms(
          {
            firstName: sms.firstName,
            token,
            expiresAt: sms.expiresAt,
            teamName: detail?.teamName ?? null,
            teamNumber: detail?.teamNumber ?? sms.fromNumber,
            inviterName: detail?.inviterName ?? null,
            forwardMedium: detail?.forwardMedium ?? 'MOBILE_NUMBER',
          },
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
  async requeueLost(olderThanMs: number): Promise<number> {
    const lost = await this.sms.queuedBefore(new Date(this.clock.now().getTime() - olderThanMs));
    for (const { smsId, correlationId } of lost)
      await this.queue.enqueue({ smsId, correlationId: correlationId ?? smsId });
    return lost.length;
  }
}
