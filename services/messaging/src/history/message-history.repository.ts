import type { RecentMessage } from '@multimfa/service-contracts/messaging';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isLateDelivery } from './late-delivery.rules.js';

interface MessageRow {
  message_id: string;
  from_number: string;
  received_at: Date;
  has_code: boolean;
  code_service: string | null;
}

interface RecipientRow {
  message_id: string;
  member_id: string;
  first_name: string;
  last_name: string;
  medium: 'EMAIL' | 'SMS';
  status: 'queued' | 'sent' | 'delivered' | 'failed';
  sent_at: Date | null;
}

/**
 * Reads an MFA's recent texts and their forwards' and destination deliveries' statuses
 * (`inbound_message`, `forward`, `destination_delivery`, `mfa_view`).
 */
@Injectable()
export class MessageHistoryRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  async ownerOf(mfaId: string): Promise<string | null | undefined> {
    const [row]: Array<{ user_id: string | null }> = await this.dataSource.query(
      'SELECT user_id FROM mfa_view WHERE mfa_id = $1',
      [mfaId],
    );
    return row ? row.user_id : undefined;
  }

  /**
   * The newest `limit` texts of the MFA, newest first, each with its recipients: when the provider
   * accepted each copy and whether that was late (`isLateDelivery`).
   */
  async recent(mfaId: string, limit: number): Promise<RecentMessage[]> {
    const messages: MessageRow[] = await this.dataSource.query(
      `SELECT message_id, from_number, received_at, code IS NOT NULL AS has_code, code_service FROM inbound_message
        WHERE mfa_id = $1 ORDER BY feed_position DESC LIMIT $2`,
      [mfaId, limit],
    );
    if (!messages.length) return [];
    const recipients: RecipientRow[] = await this.dataSource.query(
      `SELECT message_id, member_id, first_name, last_name, medium, status, sent_at FROM forward
        WHERE message_id = ANY($1::uuid[]) ORDER BY first_name, last_name, medium`,
      [messages.map((message) => message.message_id)],
    );
    const deliveries: Array<{
      message_id: string;
      destination_id: string;
      name: string;
      kind: 'slack' | 'webhook';
      status: 'queued' | 'retrying' | 'delivered' | 'failed';
      attempts: number;
    }> = await this.dataSource.query(
      `SELECT dd.message_id, dd.destination_id, d.name, d.kind, dd.status, dd.attempts
         FROM destination_delivery dd JOIN destination d ON d.destination_id = dd.destination_id
        WHERE dd.message_id = ANY($1::uuid[]) ORDER BY d.name, dd.destination_id`,
      [messages.map((message) => message.message_id)],
    );
    return messages.map((message) => ({
      messageId: message.message_id,
      sender: message.from_number,
      receivedAt: message.received_at.toISOString(),
      hasCode: message.has_code,
      codeService: message.code_service,
      recipients: recipients
        .filter((recipient) => recipient.message_id === message.message_id)
        .map((recipient) => ({
          memberId: recipient.member_id,
          firstName: recipient.first_name,
          lastName: recipient.last_name,
          medium: recipient.medium,
          status: recipient.status,
          sentAt: recipient.sent_at?.toISOString() ?? null,
          late: isLateDelivery(message.received_at, recipient.sent_at),
        })),
      destinations: deliveries
        .filter((delivery) => delivery.message_id === message.message_id)
        .map((delivery) => ({
          destinationId: delivery.destination_id,
          name: delivery.name,
          kind: delivery.kind,
          status: delivery.status,
          attempts: delivery.attempts,
        })),
    }));
  }
}
