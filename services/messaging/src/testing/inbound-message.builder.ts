import { randomBytes, randomUUID } from 'node:crypto';
import { type MessageArrival, messageArrivalChannel } from '@multimfa/service-contracts/messaging';
import type { Redis } from 'ioredis';
import type { InboundMessage } from '../inbound/inbound-message.record.js';

/** What a test needs of a database client: `pg.Client`, `pg.Pool` and `pg.PoolClient` all fit. */
interface Sql {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/** A text to one of an MFA's numbers, as the inbound webhook stores it (tests only). */
export function inboundMessage(
  overrides: Partial<Omit<InboundMessage, 'feedPosition'>> & { mfaId: string },
): Omit<InboundMessage, 'feedPosition'> {
  return {
    messageId: randomUUID(),
    messageSid: `SM${randomBytes(16).toString('hex')}`,
    mfaType: 'RoboMFA',
    toNumber: '+447700900123',
    fromNumber: '+15550001111',
    body: 'Your verification code is 482913',
    code: '482913',
    codeService: null,
    receivedAt: new Date(),
    ...overrides,
  };
}

/** Inserts the row (in the client's current transaction, if one is open); answers its announcement. */
export async function insertInboundMessage(
  sql: Sql,
  message: Omit<InboundMessage, 'feedPosition'>,
): Promise<MessageArrival> {
  const { rows } = await sql.query(
    `INSERT INTO inbound_message (message_id, message_sid, mfa_id, mfa_type, to_number, from_number, body,
       code, code_service, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     RETURNING feed_position::text AS feed_position, xact_id::text AS xact_id`,
    [
      message.messageId,
      message.messageSid,
      message.mfaId,
      message.mfaType,
      message.toNumber,
      message.fromNumber,
      message.body,
      message.code,
      message.codeService,
      message.receivedAt,
    ],
  );
  return {
    mfaId: message.mfaId ?? '',
    messageId: message.messageId,
    feedPosition: String(rows[0]?.feed_position),
    xact: String(rows[0]?.xact_id),
  };
}

/** Announces a committed row as the inbound webhook does, on the MFA's channel. */
export async function announceArrival(redis: Redis, arrival: MessageArrival): Promise<void> {
  await redis.publish(messageArrivalChannel(arrival.mfaId), JSON.stringify(arrival));
}

/** Inserts and commits the row, then announces it. */
export async function deliverInboundMessage(
  sql: Sql,
  redis: Redis,
  message: Omit<InboundMessage, 'feedPosition'>,
): Promise<MessageArrival> {
  const arrival = await insertInboundMessage(sql, message);
  await announceArrival(redis, arrival);
  return arrival;
}
