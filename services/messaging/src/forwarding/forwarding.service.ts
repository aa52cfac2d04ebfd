import { Outbox, outboxEvent } from '@multimfa/event-bus';
import { deliveryStatusChanged, forwardSent } from '@multimfa/events';
import {
  type DeliveryReportAccepted,
  type DeliveryReportRequest,
  reportedMove,
} from '@multimfa/service-contracts/messaging';
import { Clock, type Counter, LOGGER, type Logger, Metrics } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MessageLogRepository } from '../message-log/message-log.repository.js';
import { EmailSender } from '../providers/email-sender.port.js';
import { countOutboundSms, outboundSmsCounter } from '../providers/outbound-sms.metric.js';
import { type FailureClass, ProviderError } from '../providers/provider.errors.js';
import { type OutgoingSms, SmsSender } from '../providers/sms-sender.port.js';
import { ForwardQueue } from '../queue/forward.queue.js';
import { renderForwardEmail, renderForwardSms } from './forward.templates.js';
import { REDRIVES_METRIC } from './forward-redrive.rules.js';
import { FORWARDING_SETTINGS, type ForwardingSettings } from './forwarding.settings.js';
import {
  type ChangedForward,
  type DeliveryStatus,
  ForwardsRepository,
  type ForwardToSend,
  STATUS_RANK,
} from './forwards.repository.js';

/**
 * Sends forwards (called by the worker, a thrown error is retried with backoff), gives up on them,
 * and applies providers' delivery reports. Each status change is written with its event and counts in
 * one transaction, and only ever moves forward.
 */
@Injectable()
export class ForwardingService {
  constructor(
    @Inject(ForwardsRepository) private readonly forwards: ForwardsRepository,
    @Inject(MessageLogRepository) private readonly log: MessageLogRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(SmsSender) private readonly sms: SmsSender,
    @Inject(EmailSender) private readonly email: EmailSender,
    @Inject(ForwardQueue) private readonly queue: ForwardQueue,
    @Inject(FORWARDING_SETTINGS) private readonly settings: ForwardingSettings,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(Metrics) metrics: Metrics,
  ) {
    this.ambiguous = metrics.counter(
      'messaging_forward_ambiguous_sends_total',
      'Forward sends whose outcome was lost (crash, timeout, cut answer), by medium and by what the next attempt did: found_sent (the provider had sent it; not sent again), not_sent, sent_again (e-mail: SendGrid offers no lookup)',
      ['medium', 'outcome'],
    );
    this.redrives = metrics.counter(REDRIVES_METRIC.name, REDRIVES_METRIC.help, ['medium', 'outcome']);
    this.smsSent = outboundSmsCounter(metrics);
  }

  /** SMS sent from our numbers, by owning customer and kind. */
  private readonly smsSent: Counter<'customer_id' | 'kind'>;

  /** Sends whose outcome was lost, by medium and what the next attempt found out. */
  private readonly ambiguous: Counter<'medium' | 'outcome'>;
  /** Re-drives of failed forwards, by medium and how they ended (`sent`, `failed`). */
  private readonly redrives: Counter<'medium' | 'outcome'>;

  /**
   * Sends the forward once towards its member: the start of each provider call is committed first, so
   * an attempt after one whose outcome was lost (a crash, a timeout, a cut answer) asks the provider
   * whether that call sent it (Twilio's Messages list) before sending again. SendGrid offers no such
   * lookup: an e-mail after an unknown outcome is sent again, and counted. A failed forward is sent
   * only while a re-drive of it runs, the same way (an earlier call whose outcome was lost is asked
   * about first).
   */
  async deliver(forwardId: string, attempt: number): Promise<void> {
    // Read and, when it may be sent and no earlier call is unaccounted for, marked sending at once.
    const forward = await this.forwards.findMarkingSending(forwardId, this.clock.now());
    if (!forward) throw new Error(`forward ${forwardId} is not recorded`);
    const redriving = forward.status === 'failed' && forward.redrivenAt !== null;
    if (forward.status !== 'queued' && !redriving) return;
    let providerMessageId = forward.sendingAt ? await this.sentBefore(forward, forward.sendingAt) : undefined;
    if (providerMessageId === undefined) {
      if (!forward.markedSending) await this.forwards.markSending(forwardId, this.clock.now());
      try {
        providerMessageId = await this.send(forward);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await this.forwards.recordFailedAttempt(forwardId, attempt, reason, error instanceof ProviderError);
        this.logger.warn({ forwardId, attempt, reason }, 'forward not sent; will retry');
        throw error;
      }
    }
    const recorded = await this.recordSend(forward, providerMessageId, attempt);
    // Once per forward, whichever attempt the provider accepted (also one an earlier call sent).
    if (recorded && forward.medium === 'SMS') countOutboundSms(this.smsSent, forward.userId, 'forward');
    if (recorded?.redriven) {
      this.redrives.inc({ medium: forward.medium, outcome: 'sent' });
      this.logger.info({ forwardId, attempt }, 'a re-driven forward was sent');
    }
  }

  /**
   * Records the send once, with its event and count (also when the provider's report of it came first
   * and moved the status already: the send's event and count belong to the send, not to the status
   * change). A forward no re-drive is sending (nearly all) takes one statement; a re-driven one, whose
   * move back from failed is also told as a status change and logged, takes a transaction.
   */
  private async recordSend(
    forward: ForwardToSend,
    providerMessageId: string | null,
    attempt: number,
  ): Promise<{ redriven: boolean } | undefined> {
    if (forward.redrivenAt === null) {
      const { recorded, redriving } = await this.forwards.recordSentWithFacts(
        forward.forwardId,
        { providerMessageId, attempts: attempt },
        { mfaId: forward.mfaId, medium: forward.medium },
        this.outbox.prepare([this.sentEvent(forward)]),
      );
      // A re-drive that began since the forward was read is recorded as one, below.
      if (!redriving) return recorded ? { redriven: false } : undefined;
    }
    return this.forwards.transaction(async (manager) => {
      // `forward.sent` tells the move to sent that the send makes; only a re-drive's move back from
      // failed is told as a status change besides it.
      const recorded = await this.forwards.recordSent(manager, forward.forwardId, {
        providerMessageId,
        attempts: attempt,
      });
      if (!recorded) return undefined;
      await this.outbox.publishEach(manager, [
        this.sentEvent(forward),
        ...(recorded.redriven
          ? [
              this.statusEvent({
                forwardId: forward.forwardId,
                messageId: forward.messageId,
                mfaId: forward.mfaId,
                memberId: forward.memberId,
                medium: forward.medium,
                status: 'sent',
              }),
              await this.loggedRedrive(manager, forward),
            ]
          : []),
      ]);
      // Last: every forward of the MFA updates this one row, and holds it until the commit.
      await this.log.countSuccess(manager, forward.mfaId, forward.medium);
      // A re-driven forward was counted as failed when it failed for good; it now counts as sent
      // instead (not both): the MFA's counts stay one outcome per forward, as its history shows it.
      if (recorded.redriven) await this.log.uncountFailure(manager, forward.mfaId);
      return recorded;
    });
  }

  /**
   * The forward's last attempt failed (or cannot succeed): marked failed, as of now and for
   * `failureClass` (whether a re-drive may send it once the provider is back), and logged as ERROR.
   * A re-drive's last attempt leaves the forward failed: its status, event, ERROR entry and count were
   * written when it first failed, so only the cause and time of this failure are recorded.
   */
  async giveUp(forwardId: string, reason: string, failureClass: FailureClass): Promise<void> {
    const forward = await this.forwards.find(forwardId);
    if (!forward) return;
    const redriveFailed = await this.forwards.transaction(async (manager) => {
      const changed = await this.forwards.markFailed(manager, forwardId, reason, failureClass);
      if (!changed) return this.forwards.endFailedRedrive(manager, forwardId, reason, failureClass);
      const medium = forward.medium === 'SMS' ? 'SMS' : 'e-mail';
      await this.log.write(manager, {
        mfaId: forward.mfaId,
        userId: forward.userId,
        messageId: forward.messageId,
        logType: 'ERROR',
        mobileNo: forward.toNumber,
        message:
          `The ${medium} forwarding a text from ${forward.fromNumber} to ${forward.firstName} ${forward.lastName} could not be sent: ${reason}`.slice(
            0,
            2000,
          ),
        members: [{ firstName: forward.firstName, lastName: forward.lastName }],
        createdAt: this.clock.now(),
      });
      await this.failed(manager, changed);
      return false;
    });
    if (redriveFailed) this.redrives.inc({ medium: forward.medium, outcome: 'failed' });
    this.logger.error({ forwardId, reason, failureClass, redrive: redriveFailed }, 'forward given up');
  }

  /**
   * Providers' signed reports (one, or a batch of them): each forward moves to the furthest status
   * reported for it, if that is further along than where it is, all in one transaction.
   */
  async applyReports(request: DeliveryReportRequest): Promise<DeliveryReportAccepted> {
    const wanted = new Map<string, DeliveryStatus>();
    for (const report of request.reports) {
      const status = reportedMove(report.event);
      if (!status) continue;
      const before = wanted.get(report.forwardId);
      // Of two final reports (delivered, then bounced), the first stands, as it would one by one.
      if (!before || STATUS_RANK[status] > STATUS_RANK[before]) wanted.set(report.forwardId, status);
    }
    if (!wanted.size) return { applied: 0 };
    const reports = [...wanted].map(([forwardId, status]) => ({ forwardId, status }));
    // A report of `sent` nearly always comes after the worker recorded the send (the provider answered
    // the call before it called back), and then changes nothing: it is read first, outside a
    // transaction, so it costs one read. A move is still decided under the forward's lock, below.
    if (reports.every((report) => report.status === 'sent') && !(await this.forwards.anyMoves(reports))) {
      return { applied: 0 };
    }
    const moved = await this.forwards.transaction(async (manager) => {
      const changed = await this.forwards.advanceAll(manager, reports);
      if (!changed.length) return changed;
      await this.outbox.publishEach(
        manager,
        changed.map((forward) => this.statusEvent(forward)),
      );
      // Last, as for a success: an MFA's count row is held until the commit (in id order: no deadlock).
      const failedMfas = changed
        .filter((forward) => forward.status === 'failed')
        .map((forward) => forward.mfaId);
      for (const mfaId of failedMfas.sort()) await this.log.countFailure(manager, mfaId);
      return changed;
    });
    return { applied: moved.length };
  }

  /** Queues again the forwards whose job was lost; the job id makes it a no-op otherwise. */
  async requeueLost(olderThanMs: number): Promise<number> {
    const lost = await this.forwards.queuedBefore(new Date(this.clock.now().getTime() - olderThanMs));
    await this.queue.enqueueAll(
      lost.map(({ forwardId, jobId }) => ({ forwardId, jobId, correlationId: forwardId })),
    );
    return lost.length;
  }

  /** The INFO entry beside the forward's ERROR one: it was sent after all, once its provider was back. */
  private async loggedRedrive(manager: EntityManager, forward: ForwardToSend) {
    const medium = forward.medium === 'SMS' ? 'SMS' : 'e-mail';
    const { event } = await this.log.insert(manager, {
      mfaId: forward.mfaId,
      userId: forward.userId,
      messageId: forward.messageId,
      logType: 'INFO',
      mobileNo: forward.toNumber,
      message:
        `The ${medium} forwarding a text from ${forward.fromNumber} to ${forward.firstName} ${forward.lastName} was sent after all: it had failed while the provider was unavailable.`.slice(
          0,
          2000,
        ),
      members: [{ firstName: forward.firstName, lastName: forward.lastName }],
      createdAt: this.clock.now(),
    });
    return event;
  }

  /**
   * Whether the call made at `since`, whose outcome was lost, sent the forward: its provider id if it
   * did (recorded now, not sent again), undefined if it must be sent (again).
   */
  private async sentBefore(forward: ForwardToSend, since: Date): Promise<string | null | undefined> {
    if (forward.medium === 'SMS') {
      const { statusCallback: _callback, ...sms } = this.smsOf(forward);
      const found = await this.sms.findSent(sms, since);
      this.ambiguous.inc({ medium: 'SMS', outcome: found ? 'found_sent' : 'not_sent' });
      this.logger.warn(
        { forwardId: forward.forwardId, found: Boolean(found) },
        'an earlier send of this forward ended without an answer; the provider was asked whether it sent',
      );
      return found ?? undefined;
    }
    this.ambiguous.inc({ medium: 'EMAIL', outcome: 'sent_again' });
    this.logger.warn(
      { forwardId: forward.forwardId },
      'an earlier send of this e-mail ended without an answer and SendGrid cannot be asked; sending again',
    );
    return undefined;
  }

  private contentOf(forward: ForwardToSend) {
    return {
      firstName: forward.firstName,
      mfaName: forward.mfaName,
      sender: forward.fromNumber,
      body: forward.body,
      code: forward.code,
      codeService: forward.codeService,
      receivedAt: forward.receivedAt,
    };
  }

  /** The SMS of a forward: the same every time it is built, so an earlier send of it can be recognised. */
  private smsOf(forward: ForwardToSend): OutgoingSms {
    const callback = new URL(this.settings.smsStatusCallbackUrl);
    callback.searchParams.set('forwardId', forward.forwardId);
    return {
      from: forward.toNumber,
      to: forward.destination,
      body: renderForwardSms(this.contentOf(forward)),
      statusCallback: callback.toString(),
    };
  }

  private async send(forward: ForwardToSend): Promise<string | null> {
    if (forward.medium === 'SMS') return (await this.sms.send(this.smsOf(forward))).providerMessageId;
    const { providerMessageId } = await this.email.send({
      emailId: forward.forwardId,
      to: { emailAddress: forward.destination, name: `${forward.firstName} ${forward.lastName}`.trim() },
      ...renderForwardEmail(this.contentOf(forward)),
    });
    return providerMessageId;
  }

  /** The count last, as for a success: its row is the MFA's, held until the commit. */
  private async failed(manager: EntityManager, changed: ChangedForward) {
    await this.outbox.publishEach(manager, [this.statusEvent(changed)]);
    await this.log.countFailure(manager, changed.mfaId);
  }

  private sentEvent(forward: ForwardToSend) {
    return outboxEvent(forwardSent, {
      forwardId: forward.forwardId,
      messageId: forward.messageId,
      mfaId: forward.mfaId,
      memberId: forward.memberId,
      medium: forward.medium,
      sentAt: this.clock.now().toISOString(),
    });
  }

  private statusEvent(changed: ChangedForward) {
    return outboxEvent(deliveryStatusChanged, { ...changed, changedAt: this.clock.now().toISOString() });
  }
}
