import { type MessageArrival, messageArrivalChannel } from '@multimfa/service-contracts/messaging';
import type { Redis } from 'ioredis';

/** Announces a committed text to whoever waits on its MFA (the bot feed); the only place that knows Redis pub/sub. */
export abstract class ArrivalPublisher {
  abstract publish(arrival: MessageArrival): Promise<void>;
}

export class RedisArrivalPublisher extends ArrivalPublisher {
  constructor(private readonly redis: Redis) {
    super();
  }

  async publish(arrival: MessageArrival): Promise<void> {
    await this.redis.publish(messageArrivalChannel(arrival.mfaId), JSON.stringify(arrival));
  }
}
