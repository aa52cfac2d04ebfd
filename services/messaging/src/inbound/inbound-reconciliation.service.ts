import { Clock, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InboundSmsLog } from '../providers/inbound-sms-log.port.js';
import { InboundService } from './inbound.service.js';
import { ReconciliationCheckpointsRepository } from './reconciliation-checkpoints.repository.js';

const PROVIDER = 'twilio';
const EVERY_MS = 30_000;
/** A text younger than this is left to its webhook, which normally brings it within a second. */
const WEBHOOK_GRACE_MS = 15_000;
/**
 * Each comparison goes back this far before the last one's end (the provider's log may lag): each
 * reads about a minute and a half of the account's messages (Twilio's list cannot leave out the
 * outbound ones).
 */
const OVERLAP_MS = 60_000;
/** How far back the first comparison of a new database looks. */
const FIRST_LOOK_MS = 60 * 60_000;

/**
 * The safety net of inbound texts: every 30 s, the texts Twilio logged as received are compared with
 * the stored ones, and each one missing (its webhook failed while messaging, its database or the
 * gateway was down, and Twilio does not retry it) is stored and forwarded now, as of when Twilio
 * received it. Storing is idempotent per MessageSid, so a text its webhook brings at the same time is
 * stored once, and two replicas comparing at once recover each text once.
 */
@Injectable()
export class InboundReconciliationService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    @Inject(InboundSmsLog) private readonly providerLog: InboundSmsLog,
    @Inject(InboundService) private readonly inbound: InboundService,
    @Inject(ReconciliationCheckpointsRepository)
    private readonly checkpoints: ReconciliationCheckpointsRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (!this.running) void this.reconcile().catch(() => undefined);
    }, EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Compares once (one at a time in this process); answers how many texts were recovered. */
  reconcile(): Promise<number> {
    this.running ??= this.compare()
      .catch((error: unknown) => {
        this.logger.warn(
          { err: error },
          "comparing Twilio's log of received texts failed; trying again later",
        );
        throw error;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async compare(): Promise<number> {
    const now = this.clock.now().getTime();
    const until = new Date(now - WEBHOOK_GRACE_MS);
    const checked = await this.checkpoints.checkedUntil(PROVIDER);
    const since = new Date((checked?.getTime() ?? now - FIRST_LOOK_MS) - OVERLAP_MS);
    const logged = (await this.providerLog.receivedSince(since)).filter((text) => text.receivedAt <= until);
    // Nearly every text was stored by its webhook, and each is listed again by the next comparisons
    // (the overlap): those are left out with one read, not a transaction each.
    const known = logged.length
      ? await this.inbound.storedSids(logged.map((text) => text.messageSid))
      : new Set();
    let recovered = 0;
    for (const text of logged) {
      if (known.has(text.messageSid)) continue;
      const stored = await this.inbound.receive(
        { messageSid: text.messageSid, from: text.from, to: text.to, body: text.body },
        text.receivedAt,
      );
      if (stored.duplicate) continue;
      recovered += 1;
      this.logger.warn(
        {
          messageSid: text.messageSid,
          messageId: stored.messageId,
          receivedAt: text.receivedAt.toISOString(),
        },
        "text recovered from Twilio's log: its webhook never reached messaging",
      );
    }
    await this.checkpoints.advance(PROVIDER, until);
    return recovered;
  }
}
