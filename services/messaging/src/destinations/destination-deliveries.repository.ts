import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { DestinationText } from './destination-message.templates.js';

export type DestinationDeliveryStatus = 'queued' | 'retrying' | 'delivered' | 'failed';

/** A delivery with the text it carries: what its worker needs. */
export interface DeliveryToSend {
  deliveryId: string;
  destinationId: string;
  status: DestinationDeliveryStatus;
  text: DestinationText;
}

/** The `destination_delivery` table and its attempts (`destination_attempt`). */
@Injectable()
export class DestinationDeliveriesRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Records the deliveries not recorded yet (one per text and destination); the ids it inserted. */
  async insertAll(
    manager: EntityManager,
    deliveries: Array<{ deliveryId: string; messageId: string; destinationId: string; mfaId: string }>,
  ): Promise<Set<string>> {
    if (!deliveries.length) return new Set();
    const rows: Array<{ delivery_id: string }> = await manager.query(
      `INSERT INTO destination_delivery (delivery_id, message_id, destination_id, mfa_id)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[])
       ON CONFLICT (message_id, destination_id) DO NOTHING
       RETURNING delivery_id`,
      [
        deliveries.map((d) => d.deliveryId),
        deliveries.map((d) => d.messageId),
        deliveries.map((d) => d.destinationId),
        deliveries.map((d) => d.mfaId),
      ],
    );
    return new Set(rows.map((row) => row.delivery_id));
  }

  async find(deliveryId: string): Promise<DeliveryToSend | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT dd.delivery_id, dd.destination_id, dd.status, m.message_id, m.to_number, m.from_number, m.body, m.code,
              m.code_service, m.received_at, v.name AS mfa_name
         FROM destination_delivery dd JOIN inbound_message m ON m.message_id = dd.message_id
         LEFT JOIN mfa_view v ON v.mfa_id = dd.mfa_id
        WHERE dd.delivery_id = $1`,
      [deliveryId],
    );
    if (!row) return undefined;
    return {
      deliveryId: row.delivery_id,
      destinationId: row.destination_id,
      status: row.status,
      text: {
        messageId: row.message_id,
        number: row.to_number,
        sender: row.from_number,
        code: row.code,
        service: row.code_service,
        body: row.body,
        receivedAt: row.received_at,
        mfaName: row.mfa_name,
      },
    };
  }

  /**
   * One attempt, logged, and the delivery's status after it: `delivered`, `retrying` (another attempt
   * follows) or `failed` (none does). A delivered or failed delivery never changes again.
   */
  async recordAttempt(
    delivery: { deliveryId: string; destinationId: string },
    attempt: {
      number: number;
      at: Date;
      outcome: 'delivered' | 'failed';
      responseCode: number | null;
      error: string | null;
    },
    status: 'delivered' | 'retrying' | 'failed',
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO destination_attempt (delivery_id, attempt, destination_id, at, outcome, response_code, error)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (delivery_id, attempt) DO NOTHING`,
        [
          delivery.deliveryId,
          attempt.number,
          delivery.destinationId,
          attempt.at,
          attempt.outcome,
          attempt.responseCode,
          attempt.error?.slice(0, 500) ?? null,
        ],
      );
      await manager.query(
        `UPDATE destination_delivery SET status = $2, attempts = GREATEST(attempts, $3),
                last_error = COALESCE($4, last_error), delivered_at = COALESCE($5, delivered_at)
          WHERE delivery_id = $1 AND status NOT IN ('delivered', 'failed')`,
        [
          delivery.deliveryId,
          status,
          attempt.number,
          attempt.error?.slice(0, 1000) ?? null,
          status === 'delivered' ? attempt.at : null,
        ],
      );
    });
  }

  /** Gives a delivery up (its last attempt failed, or its destination is gone); false if it was final. */
  async markFailed(deliveryId: string, reason: string): Promise<boolean> {
    const [rows] = (await this.dataSource.query(
      `UPDATE destination_delivery SET status = 'failed', last_error = $2
        WHERE delivery_id = $1 AND status NOT IN ('delivered', 'failed') RETURNING delivery_id`,
      [deliveryId, reason.slice(0, 1000)],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  /** Deliveries still queued after `olderThan` whose job may have been lost between commit and enqueue. */
  async queuedBefore(
    olderThan: Date,
    limit = 500,
  ): Promise<Array<{ deliveryId: string; messageId: string; destinationId: string }>> {
    const rows: Array<{ delivery_id: string; message_id: string; destination_id: string }> =
      await this.dataSource.query(
        `SELECT delivery_id, message_id, destination_id FROM destination_delivery
          WHERE status = 'queued' AND attempts = 0 AND created_at < $1 ORDER BY created_at LIMIT $2`,
        [olderThan, limit],
      );
    return rows.map((row) => ({
      deliveryId: row.delivery_id,
      messageId: row.message_id,
      destinationId: row.destination_id,
    }));
  }
}
