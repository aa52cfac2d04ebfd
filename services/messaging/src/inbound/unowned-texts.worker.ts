import { LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InboundService } from './inbound.service.js';

const EVERY_MS = 5_000;

/**
 * Every five seconds, on every replica, gives the texts stored as nobody's to the MFA that held their
 * number when they came (`InboundService.adoptUnowned`): a text that arrived before messaging applied
 * the MFA's creation or its number's assignment reaches the team within seconds of it. Each text is
 * locked while it is given, so two replicas give it once.
 */
@Injectable()
export class UnownedTextsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    @Inject(InboundService) private readonly inbound: InboundService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.inbound
        .adoptUnowned()
        .catch((error: unknown) => {
          this.logger.warn({ err: error }, 'giving texts to their MFA failed; trying again later');
          return 0;
        })
        .finally(() => {
          this.running = undefined;
        });
    }, EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
