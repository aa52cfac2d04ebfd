import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export type Medium = 'EMAIL' | 'SMS';
export type DeliveryStatus = 'queued' | 'sent' | 'delivered' | 'failed';

/** One text to one member by one medium (`forward`). */
export interface NewForward {
  forwardId: string;
  messageId: string;
  mfaId: string;
  memberId: string;
  medium: Medium;
  /** An e-mail address or an E.164 number. */
  destination: string;
  firstName: string;
  lastName: string;
}

/** A forward with what its worker needs to send it: the text, and the number it came to (the SMS sender). */
export interface ForwardToSend extends NewForward {
  status: DeliveryStatus;
  fromNumber: string;
  toNumber: string;
  body: string;
  code: string | null;
  codeService: string | null;
  receivedAt: Date;
  mfaName: string | null;
  userId: string | null;
  /** When an attempt called the provider without learning whether it sent (null: none did). */
  sendingAt: Date | null;
}

/** The forward whose status moved, for the event that reports it. */
export interface ChangedForward {
  forwardId: string;
  messageId: string;
  mfaId: string;
  memberId: string;
  medium: Medium;
  status: DeliveryStatus;
}

/**
 * How far along each status is: queued < sent < delivered | failed. A forward only ever moves to a
 * higher rank; the two final ones tie, so neither replaces the other.
 */
export const STATUS_RANK: Record<DeliveryStatus, number> = { queued: 0, sent: 1, delivered: 2, failed: 2 };
/** STATUS_RANK in SQL (the table's CHECK admits only these statuses). */
const rank = (expression: string) =>
  `CASE ${expression} ${Object.entries(STATUS_RANK)
    .map(([status, value]) => `WHEN '${status}' THEN ${value}`)
    .join(' ')} END`;

interface ChangedRow {
  forward_id: string;
  message_id: string;
  mfa_id: string;
  member_id: string;
  medium: Medium;
  status: DeliveryStatus;
}

const toChanged = (row: ChangedRow): ChangedForward => ({
  forwardId: row.forward_id,
  messageId: row.message_id,
  mfaId: row.mfa_id,
  memberId: row.member_id,
  medium: row.medium,
  status: row.status,
});

/** The `forward` table: every forward of every text, with its per-recipient delivery status. */
@Injectable()
export class ForwardsRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Records the forwards not recorded yet (one per text, member and medium); answers the ids it inserted. */
  async insertAll(manager: EntityManager, forwards: NewForward[]): Promise<Set<string>> {
    if (!forwards.length) return new Set();
    const rows: Array<{ forward_id: string }> = await manager.query(
      `INSERT INTO forward (forward_id, message_id, mfa_id, member_id, medium, destination, first_name, last_name)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[],
                            $8::text[])
       ON CONFLICT (message_id, member_id, medium) DO NOTHING
       RETURNING forward_id`,
      [
        forwards.map((f) => f.forwardId),
        forwards.map((f) => f.messageId),
        forwards.map((f) => f.mfaId),
        forwards.map((f) => f.memberId),
        forwards.map((f) => f.medium),
        forwards.map((f) => f.destination),
        forwards.map((f) => f.firstName),
        forwards.map((f) => f.lastName),
      ],
    );
    return new Set(rows.map((row) => row.forward_id));
  }

  /**
   * The texts to a MultiMFA that arrived at or after `since` and were forwarded (or were to be) but
   * not to this member: the ones stored while messaging did not yet know the member was verified.
   * Texts kept because the subscription was not active (withheld) are not among them. Oldest first.
   */
  async textsMissedBy(
    manager: EntityManager,
    member: { memberId: string; mfaId: string },
    since: Date,
  ): Promise<Array<{ messageId: string; fromNumber: string; toNumber: string }>> {
    const rows: Array<{ message_id: string; from_number: string; to_number: string }> = await manager.query(
      `SELECT m.message_id, m.from_number, m.to_number
         FROM inbound_message m
        WHERE m.mfa_id = $1 AND m.mfa_type = 'MultiMFA' AND m.received_at >= $3
          AND NOT EXISTS (SELECT 1 FROM withheld_message w WHERE w.message_id = m.message_id)
          AND NOT EXISTS (SELECT 1 FROM forward f WHERE f.message_id = m.message_id AND f.member_id = $2)
        ORDER BY m.received_at, m.feed_position`,
      [member.mfaId, member.memberId, since],
    );
    return rows.map((row) => ({
      messageId: row.message_id,
      fromNumber: row.from_number,
      toNumber: row.to_number,
    }));
  }

  async find(forwardId: string): Promise<ForwardToSend | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT f.forward_id, f.message_id, f.mfa_id, f.member_id, f.medium, f.destination, f.first_name,
              f.last_name, f.status, f.sending_at, m.from_number, m.to_number, m.body, m.code,
              m.code_service, m.received_at,
              v.name AS mfa_name, v.user_id
         FROM forward f JOIN inbound_message m ON m.message_id = f.message_id
         LEFT JOIN mfa_view v ON v.mfa_id = f.mfa_id
        WHERE f.forward_id = $1`,
      [forwardId],
    );
    if (!row) return undefined;
    return {
      forwardId: row.forward_id,
      messageId: row.message_id,
      mfaId: row.mfa_id,
      memberId: row.member_id,
      medium: row.medium,
      destination: row.destination,
      firstName: row.first_name,
      lastName: row.last_name,
      status: row.status,
      fromNumber: row.from_number,
      toNumber: row.to_number,
      body: row.body,
      code: row.code,
      codeService: row.code_service,
      receivedAt: row.received_at,
      mfaName: row.mfa_name,
      userId: row.user_id,
      sendingAt: row.sending_at,
    };
  }

  /**
   * Moves a forward to `status` if that is further along than where it is (out-of-order callbacks
   * never move it back); the forward when it moved, undefined otherwise.
   */
  async advance(
    manager: EntityManager,
    forwardId: string,
    status: DeliveryStatus,
    lastError?: string,
  ): Promise<ChangedForward | undefined> {
    // An UPDATE answers [rows, affected count].
    const [rows] = (await manager.query(
      `UPDATE forward SET status = $2::varchar, updated_at = now(), last_error = COALESCE($3, last_error)
        WHERE forward_id = $1 AND ${rank('status')} < ${rank('$2::varchar')}
        RETURNING forward_id, message_id, mfa_id, member_id, medium, status`,
      [forwardId, status, lastError ?? null],
    )) as [ChangedRow[], number];
    const [row] = rows;
    return row ? toChanged(row) : undefined;
  }

  /**
   * `advance` for several forwards in one statement (a provider's batch of reports): each moves to its
   * status if that is further along. Rows are locked in id order, so two batches cannot deadlock. The
   * forwards that moved.
   */
  async advanceAll(
    manager: EntityManager,
    reports: Array<{ forwardId: string; status: DeliveryStatus }>,
  ): Promise<ChangedForward[]> {
    const [rows] = (await manager.query(
      `WITH reported AS (
         SELECT * FROM unnest($1::uuid[], $2::varchar[]) AS r(forward_id, status)),
       locked AS MATERIALIZED (
         SELECT f.forward_id FROM forward f JOIN reported r USING (forward_id)
          WHERE ${rank('f.status')} < ${rank('r.status')}
          ORDER BY f.forward_id FOR UPDATE OF f)
       UPDATE forward f SET status = r.status, updated_at = now()
         FROM reported r, locked l
        WHERE f.forward_id = r.forward_id AND l.forward_id = r.forward_id
          AND ${rank('f.status')} < ${rank('r.status')}
        RETURNING f.forward_id, f.message_id, f.mfa_id, f.member_id, f.medium, f.status`,
      [reports.map((report) => report.forwardId), reports.map((report) => report.status)],
    )) as [ChangedRow[], number];
    return rows.map(toChanged);
  }

  /**
   * Records the worker's send of a forward once: its provider id and attempt, and `sent` as its
   * status unless a provider's report already moved it further (the report can come first). The
   * forward, and whether its status moved, the first time; undefined if the send was recorded before.
   */
  async recordSent(
    manager: EntityManager,
    forwardId: string,
    send: { providerMessageId: string | null; attempts: number },
  ): Promise<{ forward: ChangedForward; moved: boolean } | undefined> {
    const [rows] = (await manager.query(
      `WITH previous AS (
         SELECT status FROM forward WHERE forward_id = $1 AND sent_at IS NULL FOR UPDATE)
       UPDATE forward f SET sent_at = now(), updated_at = now(),
              provider_message_id = COALESCE($2, f.provider_message_id), attempts = $3,
              status = CASE WHEN ${rank('previous.status')} < ${rank("'sent'")} THEN 'sent' ELSE f.status END
         FROM previous
        WHERE f.forward_id = $1
        RETURNING f.forward_id, f.message_id, f.mfa_id, f.member_id, f.medium, f.status,
                  previous.status AS previous_status`,
      [forwardId, send.providerMessageId, send.attempts],
    )) as [Array<ChangedRow & { previous_status: DeliveryStatus }>, number];
    const [row] = rows;
    return row ? { forward: toChanged(row), moved: row.status !== row.previous_status } : undefined;
  }

  /** Committed before the provider is called: from now on, whether it sent is unknown until it answers. */
  async markSending(forwardId: string, at: Date): Promise<void> {
    await this.dataSource.query('UPDATE forward SET sending_at = $2 WHERE forward_id = $1', [forwardId, at]);
  }

  /**
   * An attempt that did not send: `refused` when the provider answered no (nothing was sent, so the
   * outcome is known again), otherwise the call's outcome stays unknown.
   */
  async recordFailedAttempt(
    forwardId: string,
    attempt: number,
    reason: string,
    refused: boolean,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE forward SET attempts = $2, last_error = $3,
              sending_at = CASE WHEN $4 THEN NULL ELSE sending_at END
        WHERE forward_id = $1`,
      [forwardId, attempt, reason.slice(0, 1000), refused],
    );
  }

  /** Forwards still queued after `olderThan`: their job may have been lost between commit and enqueue. */
  async queuedBefore(olderThan: Date, limit = 500): Promise<Array<{ forwardId: string; jobId: string }>> {
    const rows: Array<{ forward_id: string; message_id: string; member_id: string; medium: Medium }> =
      await this.dataSource.query(
        `SELECT forward_id, message_id, member_id, medium FROM forward
          WHERE status = 'queued' AND provider_message_id IS NULL AND created_at < $1
          ORDER BY created_at LIMIT $2`,
        [olderThan, limit],
      );
    return rows.map((row) => ({
      forwardId: row.forward_id,
      jobId: forwardJobId(row.message_id, row.member_id, row.medium),
    }));
  }
}

/** The job of a forward: one per (message, recipient, medium), however often it is asked for. */
export const forwardJobId = (messageId: string, memberId: string, medium: Medium) =>
  `${messageId}_${memberId}_${medium}`;
