import {
  BOT_WAIT_MAX_SECONDS,
  type BotMessage,
  type BotMessageClaim,
  type BotMessagePage,
  type ListBotMessagesQuery,
  type NextBotMessageQuery,
} from '@multimfa/api-contract';
import { feedClaim, feedMessage, feedPage } from '@multimfa/service-contracts/messaging';
import { LOGGER, type Logger, ServiceTokenSigner } from '@multimfa/service-runtime';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway.config.js';
import { GATEWAY_CONFIG } from '../config/gateway-config.token.js';
import { ServiceClient } from '../upstream/service.client.js';
import { BotKeyUses } from './bot-key-use.recorder.js';

/** Messaging holds a wait this long at most; the call to it may take a little longer. */
const WAIT_CALL_TIMEOUT_MS = BOT_WAIT_MAX_SECONDS * 1000 + 5000;
/** Waits held at once per gateway replica (each holds one connection to messaging, no more). */
const WAIT_CONNECTIONS = 4096;

const query = (values: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined) params.set(name, String(value));
  return params.toString();
};

/**
 * The bot API: messaging owns the feed and holds waits (woken by Redis when a text commits), so the
 * gateway only passes the key's hash and the query on. A wait is one call to messaging with a
 * deadline above the longest wait; when the bot hangs up, the call is dropped and messaging stops
 * waiting. A gateway replica going away drops its waits; the bot's retry with the same cursor misses
 * nothing, since the cursor is all the state there is.
 */
@Injectable()
export class BotApiService implements OnModuleDestroy, OnApplicationShutdown {
  private readonly messaging: ServiceClient;
  /** Waits in flight, ended with 204 when this replica stops (the bot asks again, elsewhere). */
  private readonly waits = new Set<AbortController>();

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
    @Inject(BotKeyUses) private readonly uses: BotKeyUses,
  ) {
    this.messaging = new ServiceClient(
      'messaging',
      config.MESSAGING_URL,
      WAIT_CALL_TIMEOUT_MS,
      logger,
      new ServiceTokenSigner('gateway', config.SERVICE_SIGNING_KEY),
      WAIT_CONNECTIONS,
    );
  }

  list(keyHash: string, since: ListBotMessagesQuery): Promise<BotMessagePage> {
    return this.uses.noting(
      keyHash,
      this.messaging.get(
        `/bot-feed/keys/${keyHash}/messages?${query({ since: since.since, limit: since.limit })}`,
        feedPage,
      ),
    );
  }

  /** The next message, or null when nothing came within the timeout (or this replica is stopping). */
  async next(keyHash: string, wait: NextBotMessageQuery, signal: AbortSignal): Promise<BotMessage | null> {
    const path = `/bot-feed/keys/${keyHash}/messages/next?${query({ since: wait.since, sender: wait.sender, timeout: wait.timeout })}`;
    const stopping = new AbortController();
    this.waits.add(stopping);
    try {
      return await this.uses.noting(
        keyHash,
        this.messaging.request(
          'GET',
          path,
          feedMessage.nullable(),
          undefined,
          AbortSignal.any([signal, stopping.signal]),
        ),
      );
    } catch (error) {
      if (stopping.signal.aborted) return null;
      throw error;
    } finally {
      this.waits.delete(stopping);
    }
  }

  claim(keyHash: string, messageId: string): Promise<BotMessageClaim> {
    return this.uses.noting(
      keyHash,
      this.messaging.post(`/bot-feed/keys/${keyHash}/messages/${messageId}/claim`, feedClaim),
    );
  }

  /** Before the HTTP server closes, so its close is not held up by waits of up to 25 s. */
  onModuleDestroy(): void {
    for (const wait of this.waits) wait.abort();
  }

  onApplicationShutdown(): Promise<void> {
    return this.messaging.close();
  }
}
