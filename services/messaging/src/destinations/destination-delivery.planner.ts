import { randomUUID } from 'node:crypto';
import { currentCorrelationId } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DestinationDeliveryQueue, destinationJobId } from '../queue/destination-delivery.queue.js';
import { DestinationDeliveriesRepository } from './destination-deliveries.repository.js';
import { DestinationsRepository } from './destinations.repository.js';

/** The deliveries of one text to destinations, recorded; `queue` puts them on their queue after the commit. */
export interface DestinationPlan {
  deliveries: number;
  names: string[];
  queue(): Promise<void>;
}

/**
 * Records a text's deliveries to its MultiMFA's active destinations (all of them, or those a routing
 * rule chose), in the transaction that stores the text; each is queued once that committed, as a
 * job of its own (one per text and destination).
 */
@Injectable()
export class DestinationDeliveryPlanner {
  constructor(
    @Inject(DestinationsRepository) private readonly destinations: DestinationsRepository,
    @Inject(DestinationDeliveriesRepository) private readonly deliveries: DestinationDeliveriesRepository,
    @Inject(DestinationDeliveryQueue) private readonly queue: DestinationDeliveryQueue,
  ) {}

  async plan(
    manager: EntityManager,
    text: { messageId: string; mfaId: string },
    only?: ReadonlySet<string>,
  ): Promise<DestinationPlan> {
    const active = (await this.destinations.activeOf(manager, text.mfaId)).filter(
      (destination) => !only || only.has(destination.destinationId),
    );
    const rows = active.map((destination) => ({
      deliveryId: randomUUID(),
      messageId: text.messageId,
      destinationId: destination.destinationId,
      mfaId: text.mfaId,
    }));
    const inserted = await this.deliveries.insertAll(manager, rows);
    const correlationId = currentCorrelationId() ?? text.messageId;
    const jobs = rows
      .filter((row) => inserted.has(row.deliveryId))
      .map((row) => ({
        deliveryId: row.deliveryId,
        correlationId,
        jobId: destinationJobId(row.messageId, row.destinationId),
      }));
    return {
      deliveries: jobs.length,
      names: active.map((destination) => destination.name),
      queue: () => this.queue.enqueueAll(jobs),
    };
  }
}
