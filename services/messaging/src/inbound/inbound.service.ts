import { randomUUID } from 'node:crypto';
import { Outbox, type OutboxEvent, outboxEvent } from '@multimfa/event-bus';
import { messageReceived, usageCounted } from '@multimfa/events';
import type { InboundSmsAccepted, InboundSmsRequest } from '@multimfa/service-contracts/messaging';
import { Clock, LOGGER, type Logger } from '@multimfa/service-runtime';
import { type BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { DirectoryRepository, type MfaView } from '../directory/directory.repository.js';
import { type ForwardPlan, ForwardPlanService } from '../forwarding/forward-plan.service.js';
import { MessageLogRepository } from '../message-log/message-log.repository.js';
import { ServiceTripwireService } from '../tripwire/service-tripwire.service.js';
import { ArrivalPublisher } from './arrival.publisher.js';
import { CodeExtractor } from './code.extractor.js';
import type { InboundMessage } from './inbound-message.record.js';
import { InboundMessagesRepository } from './inbound-messages.repository.js';

/** How many texts one pass of `adoptUnowned` gives to their MFA (the next pass takes the rest). */
const ADOPT_BATCH = 100;

interface Stored {
  messageId: string;
  duplicate: boolean;
  /** Queues the text's forwards (a text to a MultiMFA whose subscription is active). */
  queueForwards?: () => Promise<void>;
  arrival?: { mfaId: string; feedPosition: string; xact: string };
  /** Queues the owner's notice of a service's first code on the number (the tripwire). */
  notifyOwner?: () => Promise<void>;
}

/** The INFO entry of a routed text: held, forwarded (to members and destinations), or kept. */
function routedEntry(mfa: MfaView, sender: string, plan: ForwardPlan): string {
  if (plan.held) {
    return `A text from ${sender} was held: no routing rule matched it and ${mfa.name ?? 'this MultiMFA'} holds unknown senders.`;
  }
  const destinations = plan.destinations
    ? `${plan.destinations} destination(s) (${plan.destinationNames.join(', ')})`
    : '';
  if (plan.forwards) {
    const members = `${plan.recipients.length} verified member(s)`;
    return `A text from ${sender} is being forwarded to ${destinations ? `${members} and ${destinations}` : members}.`;
  }
  if (destinations) return `A text from ${sender} is being forwarded to ${destinations}.`;
  return `A text from ${sender} was kept; ${mfa.name ?? 'this MultiMFA'} has no verified member to forward it to.`;
}

/** What routing a text recorded: how many forwards (and how to queue them), and the events to publish. */
interface Routed {
  forwards: number;
  queueForwards?: () => Promise<void>;
  logged?: OutboxEvent;
  usage?: OutboxEvent;
  notifyOwner?: () => Promise<void>;
}

/**
 * A text Twilio delivered: stored once per MessageSid together with, in the same transaction, its
 * forwards (forwarding plans them: one per verified member and medium), its log entry and its
 * events; the forward jobs are queued and the bot feed is told once that has committed, without
 * holding up the answer. The MFA, its subscription and its members come from messaging's own view
 * (numbers' events): no other service is called.
 */
@Injectable()
export class InboundService implements BeforeApplicationShutdown {
  /** Texts answered whose jobs and arrival are still being sent. */
  private readonly dispatching = new Set<Promise<void>>();

  constructor(
    @InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(InboundMessagesRepository) private readonly messages: InboundMessagesRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(ForwardPlanService) private readonly forwarding: ForwardPlanService,
    @Inject(MessageLogRepository) private readonly log: MessageLogRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(CodeExtractor) private readonly extractor: CodeExtractor,
    @Inject(ArrivalPublisher) private readonly arrivals: ArrivalPublisher,
    @Inject(ServiceTripwireService) private readonly tripwire: ServiceTripwireService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** `receivedAt`: when the provider received it, for a text recovered later (otherwise now). */
  async receive(sms: InboundSmsRequest, receivedAt?: Date): Promise<InboundSmsAccepted> {
    const stored = await this.dataSource.transaction((manager) => this.store(manager, sms, receivedAt));
    if (stored.duplicate) {
      this.logger.info({ messageSid: sms.messageSid }, 'text delivered again; already stored');
      return { messageId: stored.messageId, duplicate: true };
    }
    // The text is stored: the answer does not wait for its jobs to be queued or its arrival told.
    const dispatch = this.dispatch(stored).finally(() => this.dispatching.delete(dispatch));
    this.dispatching.add(dispatch);
    return { messageId: stored.messageId, duplicate: false };
  }

  /** Which of these MessageSids are stored already (one read, no transaction). */
  storedSids(messageSids: string[]): Promise<Set<string>> {
    return this.messages.storedSids(this.dataSource.manager, messageSids);
  }

  /**
   * Gives each text stored as nobody's to the MFA that held its number when it came (messaging
   * learned of the MFA, or of its number, only later): routed as it would have been then, forwarded
   * late to the verified members, served to its bots. Answers how many.
   */
  async adoptUnowned(): Promise<number> {
    let adopted = 0;
    for (const messageId of await this.messages.adoptable(this.dataSource.manager, ADOPT_BATCH)) {
      const stored = await this.dataSource.transaction((manager) => this.adopt(manager, messageId));
      if (!stored) continue;
      adopted += 1;
      this.logger.warn(
        { messageId },
        'text given to its MFA late: it came before messaging knew the MFA held the number',
      );
      await this.dispatch(stored);
    }
    return adopted;
  }

  private async adopt(manager: EntityManager, messageId: string): Promise<Stored | undefined> {
    const message = await this.messages.lockUnowned(manager, messageId);
    if (!message) return undefined;
    const mfa = await this.directory.mfaByNumber(manager, message.toNumber);
    if (
      !mfa?.isActive ||
      !mfa.isSubscriptionActive ||
      !mfa.numberSince ||
      message.receivedAt < mfa.numberSince
    )
      return undefined;
    const position = await this.messages.adopt(manager, messageId, mfa);
    const owned = { ...message, mfaId: mfa.mfaId, mfaType: mfa.mfaType };
    const { queueForwards, logged, usage, notifyOwner } = await this.route(manager, mfa, owned);
    await this.outbox.publishEach(manager, [...(logged ? [logged] : []), ...(usage ? [usage] : [])]);
    return {
      messageId,
      duplicate: false,
      ...(queueForwards ? { queueForwards } : {}),
      ...(notifyOwner ? { notifyOwner } : {}),
      arrival: { mfaId: mfa.mfaId, ...position },
    };
  }

  /** Lets the texts already answered queue their forwards before the queue closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.dispatching);
  }

  /**
   * After the commit, both at once; it never fails. A job lost here is queued again by the forward
   * worker's sweep; a lost announcement only delays a waiting bot until its next poll.
   */
  private async dispatch(stored: Stored): Promise<void> {
    const arrival = stored.arrival;
    await Promise.all([
      stored
        .queueForwards?.()
        .catch((error: unknown) =>
          this.logger.warn({ err: error, messageId: stored.messageId }, 'forwards not queued yet'),
        ),
      stored
        .notifyOwner?.()
        .catch((error: unknown) =>
          this.logger.warn({ err: error, messageId: stored.messageId }, 'owner notice not queued yet'),
        ),
      arrival &&
        this.arrivals
          .publish({ messageId: stored.messageId, ...arrival })
          .catch((error: unknown) =>
            this.logger.warn({ err: error, messageId: stored.messageId }, 'arrival not announced'),
          ),
    ]);
  }

  private async store(manager: EntityManager, sms: InboundSmsRequest, at?: Date): Promise<Stored> {
    const receivedAt = at ?? this.clock.now();
    const extracted = this.extractor.extract(sms.body, sms.from);
    const text = {
      messageId: randomUUID(),
      messageSid: sms.messageSid,
      toNumber: sms.to,
      fromNumber: sms.from,
      body: sms.body,
      code: extracted?.code ?? null,
      codeService: extracted?.service ?? null,
      receivedAt,
    };
    // Stored as the text of the MFA owning the number now, found by the same statement.
    const { mfa, inserted } = await this.messages.insertForOwner(manager, text);
    if (!inserted) {
      const messageId = await this.messages.idOfSid(manager, sms.messageSid);
      return { messageId: messageId ?? text.messageId, duplicate: true };
    }
    const message: Omit<InboundMessage, 'feedPosition'> = {
      ...text,
      mfaId: mfa?.mfaId ?? null,
      mfaType: mfa?.mfaType ?? null,
    };
    const { forwards, queueForwards, logged, usage, notifyOwner } = mfa
      ? await this.route(manager, mfa, message)
      : await this.keepUnowned(manager, message);
    // The text's facts in one statement, last: its log entry, the usage to meter (if any), then the
    // arrival. (The statement takes the MFA's outbox lock, held until the commit.)
    await this.outbox.publishEach(manager, [
      ...(logged ? [logged] : []),
      ...(usage ? [usage] : []),
      outboxEvent(messageReceived, {
        messageId: message.messageId,
        mfaId: message.mfaId,
        MFAType: message.mfaType,
        userId: mfa?.userId ?? null,
        toNumber: sms.to,
        fromNumber: sms.from,
        hasCode: message.code !== null,
        forwards,
        receivedAt: receivedAt.toISOString(),
      }),
    ]);
    return {
      messageId: message.messageId,
      duplicate: false,
      ...(queueForwards ? { queueForwards } : {}),
      ...(notifyOwner ? { notifyOwner } : {}),
      ...(mfa
        ? { arrival: { mfaId: mfa.mfaId, feedPosition: inserted.feedPosition, xact: inserted.xact } }
        : {}),
    };
  }

  /** A text to a number no MFA owns: kept, not forwarded, and logged as VALIDATION. */
  private async keepUnowned(
    manager: EntityManager,
    message: Omit<InboundMessage, 'feedPosition'>,
  ): Promise<Routed> {
    const { event } = await this.log.insert(manager, {
      mfaId: null,
      userId: null,
      messageId: message.messageId,
      logType: 'VALIDATION',
      mobileNo: message.toNumber,
      message: `A text from ${message.fromNumber} reached ${message.toNumber}, which no MultiMFA or RoboMFA owns; it was kept and not forwarded.`,
      members: [],
      createdAt: message.receivedAt,
    });
    return { forwards: 0, logged: event };
  }

  /**
   * The forwards of a text to an MFA (forwarding's plan), recorded with its log entry (if it gets
   * one), and the events to publish: the entry's, and the usage it counts.
   */
  private async route(
    manager: EntityManager,
    mfa: MfaView,
    message: Omit<InboundMessage, 'feedPosition'>,
  ): Promise<Routed> {
    const entry = {
      mfaId: mfa.mfaId,
      userId: mfa.userId,
      messageId: message.messageId,
      mobileNo: message.toNumber,
      createdAt: message.receivedAt,
    };
    if (!mfa.isSubscriptionActive || !mfa.isActive) {
      await this.messages.withhold(manager, message.messageId, message.receivedAt);
      const name = mfa.name ?? 'this MFA';
      const { event } = await this.log.insert(manager, {
        ...entry,
        logType: 'WARNING',
        message: `A text from ${message.fromNumber} was kept and not forwarded: ${
          mfa.isActive ? `the subscription of ${name} is not active` : `${name} is deactivated`
        }.`,
        members: [],
      });
      return { forwards: 0, logged: event };
    }
    const usage =
      mfa.userId && mfa.subscriptionId
        ? outboxEvent(usageCounted, {
            usageId: message.messageId,
            mfaId: mfa.mfaId,
            userId: mfa.userId,
            subscriptionId: mfa.subscriptionId,
            texts: 1,
            countedAt: message.receivedAt.toISOString(),
          })
        : undefined;
    const notifyOwner = message.codeService
      ? await this.tripwire.codeReceived(manager, {
          messageId: message.messageId,
          mfaId: mfa.mfaId,
          userId: mfa.userId,
          toNumber: message.toNumber,
          fromNumber: message.fromNumber,
          codeService: message.codeService,
          receivedAt: message.receivedAt,
        })
      : undefined;
    const notice = notifyOwner ? { notifyOwner } : {};
    if (mfa.mfaType === 'RoboMFA') return { forwards: 0, ...(usage ? { usage } : {}), ...notice };
    const plan = await this.forwarding.plan(manager, {
      messageId: message.messageId,
      mfaId: mfa.mfaId,
      sender: message.fromNumber,
      service: message.codeService,
    });
    const { event } = await this.log.insert(manager, {
      ...entry,
      logType: 'INFO',
      message: routedEntry(mfa, message.fromNumber, plan),
      members: plan.recipients,
    });
    return {
      forwards: plan.forwards,
      queueForwards: plan.queue,
      logged: event,
      ...(usage ? { usage } : {}),
      ...notice,
    };
  }
}
