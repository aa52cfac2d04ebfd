import { type OutboxWrite, outboxWriteSql } from '@multimfa/event-bus';
import { namedStatement } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { countSuccessSql } from '../message-log/message-log.repository.js';
import type { FailureClass } from '../providers/provider.errors.js';
import type { FailedForward } from './forward-redrive.rules.js';

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
  /** A failed forward whose re-drive is running (since then): sent although its status is failed. */
  redrivenAt: Date | null;
}

/** A failed forward the re-drive sweep looks at, with what decides whether it is sent again. */
export interface RedriveCandidate extends FailedForward {
  forwardId: string;
  messageId: string;
  memberId: string;
  medium: Medium;
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

/** A forward's columns with what sending it needs (its text, its MFA's name and owner), and their tables. */
const TO_SEND_COLUMNS = `f.forward_id, f.message_id, f.mfa_id, f.member_id, f.medium, f.destination, f.first_name,
       f.last_name, f.status, f.sending_at, f.redriven_at, m.from_number, m.to_number, m.body, m.code,
       m.code_service, m.received_at, v.name AS mfa_name, v.user_id`;
const TO_SEND_TABLES = `forward f JOIN inbound_message m ON m.message_id = f.message_id
  LEFT JOIN mfa_view v ON v.mfa_id = f.mfa_id`;

interface ToSendRow {
  forward_id: string;
  message_id: string;
  mfa_id: string;
  member_id: string;
  medium: Medium;
  destination: string;
  first_name: string;
  last_name: string;
  status: DeliveryStatus;
  sending_at: Date | null;
  redriven_at: Date | null;
  from_number: string;
  to_number: string;
  body: string;
  code: string | null;
  code_service: string | null;
  received_at: Date;
  mfa_name: string | null;
  user_id: string | null;
}

function toForwardToSend(row: ToSendRow): ForwardToSend {
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
    redrivenAt: row.redriven_at,
  };
}

/** Records the forwards not recorded yet; answers the ids inserted. */
const INSERT_FORWARDS = namedStatement(
  'forward.insert-all',
  `INSERT INTO forward (forward_id, message_id, mfa_id, member_id, medium, destination, first_name, last_name)
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[],
                       $8::text[])
  ON CONFLICT (message_id, member_id, medium) DO NOTHING
  RETURNING forward_id`,
);

/** The forward ($1), marked sending at $2 when it may be sent and no earlier call is unaccounted for. */
const FIND_MARKING_SENDING = namedStatement(
  'forward.find-marking-sending',
  `WITH marked AS (
    UPDATE forward SET sending_at = $2
     WHERE forward_id = $1 AND sending_at IS NULL
       AND (status = 'queued' OR (status = 'failed' AND redriven_at IS NOT NULL))
    RETURNING forward_id)
  SELECT ${TO_SEND_COLUMNS}, EXISTS (SELECT 1 FROM marked) AS marked_sending
    FROM ${TO_SEND_TABLES} WHERE f.forward_id = $1`,
);

/**
 * Moves each reported forward to its status if that is further along; answers the ones that moved.
 * Unnamed, so planned for its arrays on every call: a generic plan made while `forward` was small
 * would scan it whole once it has grown (see `namedStatement`).
 */
const ADVANCE_ALL = `WITH reported AS (
    SELECT * FROM unnest($1::uuid[], $2::varchar[]) AS r(forward_id, status)),
  locked AS MATERIALIZED (
    SELECT f.forward_id FROM forward f JOIN reported r USING (forward_id)
     WHERE ${rank('f.status')} < ${rank('r.status')}
     ORDER BY f.forward_id FOR UPDATE OF f)
  UPDATE forward f SET status = r.status, updated_at = now(),
         failure_class = CASE WHEN r.status = 'failed' THEN 'permanent' ELSE f.failure_class END,
         failed_at = CASE WHEN r.status = 'failed' THEN now() ELSE f.failed_at END
    FROM reported r, locked l
   WHERE f.forward_id = r.forward_id AND l.forward_id = r.forward_id
     AND ${rank('f.status')} < ${rank('r.status')}
   RETURNING f.forward_id, f.message_id, f.mfa_id, f.member_id, f.medium, f.status`;

/**
 * Whether any reported forward would move to its status (a read: nothing locked).
 * Unnamed, so planned for its arrays on every call: a generic plan made while `forward` was small
 * would scan it whole once it has grown (see `namedStatement`).
 */
const ANY_MOVES = `SELECT EXISTS (
    SELECT 1 FROM forward f JOIN unnest($1::uuid[], $2::varchar[]) AS r(forward_id, status) USING (forward_id)
     WHERE ${rank('f.status')} < ${rank('r.status')}) AS moves`;

/** Records the send of a forward once (see `recordSent`). */
const RECORD_SENT = namedStatement(
  'forward.record-sent',
  `WITH previous AS (
    SELECT status, redriven_at FROM forward WHERE forward_id = $1 AND sent_at IS NULL FOR UPDATE)
  UPDATE forward f SET sent_at = now(), updated_at = now(),
         provider_message_id = COALESCE($2, f.provider_message_id), attempts = $3, redriven_at = NULL,
         status = CASE WHEN ${rank('previous.status')} < ${rank("'sent'")}
                         OR (previous.status = 'failed' AND previous.redriven_at IS NOT NULL)
                       THEN 'sent' ELSE f.status END
    FROM previous
   WHERE f.forward_id = $1
   RETURNING previous.redriven_at IS NOT NULL AS redriven`,
);

/** The outbox's part of `RECORD_SENT_WITH_FACTS`: only when the send was recorded now. */
const sentFacts = outboxWriteSql(7, 'EXISTS (SELECT 1 FROM recorded)');

/**
 * `RECORD_SENT` for a forward no re-drive is sending, with its facts in the same statement (no
 * transaction around it): its event ($7 to $15, `outboxWriteSql`) and the MFA's count ($4 to $6), both
 * written only when the send was recorded now. The locks follow a transaction's order: the forward's
 * row, then the event's key, then the count's row, last (every forward of the MFA updates it).
 */
const RECORD_SENT_WITH_FACTS = namedStatement(
  'forward.record-sent-with-facts',
  `WITH previous AS MATERIALIZED (
    SELECT status, redriven_at FROM forward WHERE forward_id = $1 AND sent_at IS NULL FOR UPDATE),
  recorded AS MATERIALIZED (
    UPDATE forward f SET sent_at = now(), updated_at = now(),
           provider_message_id = COALESCE($2, f.provider_message_id), attempts = $3,
           status = CASE WHEN ${rank('previous.status')} < ${rank("'sent'")} THEN 'sent' ELSE f.status END
      FROM previous
     WHERE f.forward_id = $1 AND previous.redriven_at IS NULL
    RETURNING f.forward_id),
  ${sentFacts.ctes},
  counted AS (${countSuccessSql('$4', '$5', '$6', `${sentFacts.locked} AND EXISTS (SELECT 1 FROM recorded)`)})
  SELECT EXISTS (SELECT 1 FROM recorded) AS recorded,
         EXISTS (SELECT 1 FROM previous WHERE redriven_at IS NOT NULL) AS redriving,
         ${sentFacts.notify}`,
);

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
    const rows: Array<{ forward_id: string }> = await manager.query(INSERT_FORWARDS, [
      forwards.map((f) => f.forwardId),
      forwards.map((f) => f.messageId),
      forwards.map((f) => f.mfaId),
      forwards.map((f) => f.memberId),
      forwards.map((f) => f.medium),
      forwards.map((f) => f.destination),
      forwards.map((f) => f.firstName),
      forwards.map((f) => f.lastName),
    ]);
    return new Set(rows.map((row) => row.forward_id));
  }

  /**
   * The texts to a MultiMFA that arrived at or after `since` and were forwarded (or were to be) but
   * not to this member: the ones stored while messaging did not yet know the member was verified.
   * Texts kept because the subscription was not active (withheld), and texts held for the owner (not
   * released), are not among them; `released` says a held text was released. Oldest first.
   */
  async textsMissedBy(
    manager: EntityManager,
    member: { memberId: string; mfaId: string },
    since: Date,
  ): Promise<
    Array<{
      messageId: string;
      fromNumber: string;
      toNumber: string;
      codeService: string | null;
      released: boolean;
    }>
  > {
    const rows: Array<{
      message_id: string;
      from_number: string;
      to_number: string;
      code_service: string | null;
      released: boolean;
    }> = await manager.query(
      `SELECT m.message_id, m.from_number, m.to_number, m.code_service, h.outcome IS NOT NULL AS released
         FROM inbound_message m
         LEFT JOIN held_message h ON h.message_id = m.message_id
        WHERE m.mfa_id = $1 AND m.mfa_type = 'MultiMFA' AND m.received_at >= $3
          AND NOT EXISTS (SELECT 1 FROM withheld_message w WHERE w.message_id = m.message_id)
          AND NOT EXISTS (SELECT 1 FROM forward f WHERE f.message_id = m.message_id AND f.member_id = $2)
          AND (h.message_id IS NULL OR h.outcome = 'released')
        ORDER BY m.received_at, m.feed_position`,
      [member.mfaId, member.memberId, since],
    );
    return rows.map((row) => ({
      messageId: row.message_id,
      fromNumber: row.from_number,
      toNumber: row.to_number,
      codeService: row.code_service,
      released: row.released,
    }));
  }

  async find(forwardId: string): Promise<ForwardToSend | undefined> {
    const [row]: ToSendRow[] = await this.dataSource.query(
      `SELECT ${TO_SEND_COLUMNS} FROM ${TO_SEND_TABLES} WHERE f.forward_id = $1`,
      [forwardId],
    );
    return row ? toForwardToSend(row) : undefined;
  }

  /**
   * The forward, and in the same statement (committed before it answers) `sending_at` set to `at` when
   * it may be sent (queued, or failed with a re-drive running) and no earlier call is unaccounted for:
   * `markedSending` says so. `sendingAt` is the value from before (an earlier call's start, if any).
   */
  async findMarkingSending(
    forwardId: string,
    at: Date,
  ): Promise<(ForwardToSend & { markedSending: boolean }) | undefined> {
    const [row]: Array<ToSendRow & { marked_sending: boolean }> = await this.dataSource.query(
      FIND_MARKING_SENDING,
      [forwardId, at],
    );
    return row ? { ...toForwardToSend(row), markedSending: row.marked_sending } : undefined;
  }

  /**
   * Marks a forward failed for good, with why (`failureClass`) and when, if failed is further along than
   * where it is (a forward a provider reported delivered stays delivered); the forward when it moved,
   * undefined otherwise.
   */
  async markFailed(
    manager: EntityManager,
    forwardId: string,
    reason: string,
    failureClass: FailureClass,
  ): Promise<ChangedForward | undefined> {
    // An UPDATE answers [rows, affected count].
    const [rows] = (await manager.query(
      `UPDATE forward SET status = 'failed', updated_at = now(), last_error = $2, failure_class = $3,
              failed_at = now()
        WHERE forward_id = $1 AND ${rank('status')} < ${rank("'failed'")}
        RETURNING forward_id, message_id, mfa_id, member_id, medium, status`,
      [forwardId, reason.slice(0, 1000), failureClass],
    )) as [ChangedRow[], number];
    const [row] = rows;
    return row ? toChanged(row) : undefined;
  }

  /**
   * A re-drive of a failed forward failed for good too: the forward stays failed (its status, event and
   * count were written when it first failed), now as of this failure and for this cause, and may be
   * re-driven again. False when no re-drive of it was running.
   */
  async endFailedRedrive(
    manager: EntityManager,
    forwardId: string,
    reason: string,
    failureClass: FailureClass,
  ): Promise<boolean> {
    const [rows] = (await manager.query(
      `UPDATE forward SET redriven_at = NULL, updated_at = now(), last_error = $2, failure_class = $3,
              failed_at = now()
        WHERE forward_id = $1 AND status = 'failed' AND redriven_at IS NOT NULL
        RETURNING forward_id`,
      [forwardId, reason.slice(0, 1000), failureClass],
    )) as [unknown[], number];
    return rows.length > 0;
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
    const [rows] = (await manager.query(ADVANCE_ALL, [
      reports.map((report) => report.forwardId),
      reports.map((report) => report.status),
    ])) as [ChangedRow[], number];
    return rows.map(toChanged);
  }

  /** Whether any of the reported forwards would move (`advanceAll` would change it); a read. */
  async anyMoves(reports: Array<{ forwardId: string; status: DeliveryStatus }>): Promise<boolean> {
    const [row]: Array<{ moves: boolean }> = await this.dataSource.query(ANY_MOVES, [
      reports.map((report) => report.forwardId),
      reports.map((report) => report.status),
    ]);
    return row?.moves ?? false;
  }

  /**
   * Records the worker's send of a forward once: its provider id and attempt, and `sent` as its
   * status unless a provider's report already moved it further (the report can come first). A failed
   * forward whose re-drive sent it moves to `sent` too: the one move back from a final status, made
   * only by a send the provider accepted. Whether it was a re-drive, the first time; undefined if the
   * send was recorded before.
   */
  async recordSent(
    manager: EntityManager,
    forwardId: string,
    send: { providerMessageId: string | null; attempts: number },
  ): Promise<{ redriven: boolean } | undefined> {
    const [rows] = (await manager.query(RECORD_SENT, [forwardId, send.providerMessageId, send.attempts])) as [
      Array<{ redriven: boolean }>,
      number,
    ];
    const [row] = rows;
    return row ? { redriven: row.redriven } : undefined;
  }

  /**
   * `recordSent` for a forward no re-drive is sending, its event and its MFA's count in one statement
   * (one commit, no transaction around it). `recorded`: the send was recorded now (with its event and
   * count). `redriving`: a re-drive is sending the forward, so nothing was written (`recordSent` in a
   * transaction records such a send).
   */
  async recordSentWithFacts(
    forwardId: string,
    send: { providerMessageId: string | null; attempts: number },
    count: { mfaId: string; medium: Medium },
    facts: OutboxWrite,
  ): Promise<{ recorded: boolean; redriving: boolean }> {
    const [row]: Array<{ recorded: boolean; redriving: boolean }> = await this.dataSource.query(
      RECORD_SENT_WITH_FACTS,
      [
        forwardId,
        send.providerMessageId,
        send.attempts,
        count.mfaId,
        count.medium === 'SMS' ? 1 : 0,
        count.medium === 'EMAIL' ? 1 : 0,
        ...facts.params,
      ],
    );
    return { recorded: row?.recorded ?? false, redriving: row?.redriving ?? false };
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

  /**
   * Forwards still queued after `olderThan`, and re-drives running since before it: their job may have
   * been lost between commit and enqueue (each with its own job id: queuing it again is a no-op).
   */
  async queuedBefore(olderThan: Date, limit = 500): Promise<Array<{ forwardId: string; jobId: string }>> {
    const rows: Array<{
      forward_id: string;
      message_id: string;
      member_id: string;
      medium: Medium;
      redrives: number;
    }> = await this.dataSource.query(
      `(SELECT forward_id, message_id, member_id, medium, 0 AS redrives, created_at FROM forward
          WHERE status = 'queued' AND provider_message_id IS NULL AND created_at < $1
          ORDER BY created_at LIMIT $2)
       UNION ALL
       (SELECT forward_id, message_id, member_id, medium, redrives, redriven_at FROM forward
          WHERE status = 'failed' AND redriven_at < $1
          ORDER BY redriven_at LIMIT $2)`,
      [olderThan, limit],
    );
    return rows.map((row) => ({
      forwardId: row.forward_id,
      jobId: forwardJobId(row.message_id, row.member_id, row.medium, row.redrives),
    }));
  }

  /**
   * Failed forwards that may be re-driven, as far as the table can tell cheaply (failed for a passing
   * cause since `since`, never accepted, no re-drive running, fewer than `maxRedrives`), each with the
   * newest send its provider accepted; oldest failure first. `mayRedrive` decides.
   */
  async redriveCandidates(since: Date, maxRedrives: number, limit = 200): Promise<RedriveCandidate[]> {
    const rows: Array<{
      forward_id: string;
      message_id: string;
      member_id: string;
      medium: Medium;
      failure_class: FailureClass | null;
      failed_at: Date | null;
      redrives: number;
      redriven_at: Date | null;
      sent_at: Date | null;
      accepted_at: Date | null;
    }> = await this.dataSource.query(
      `WITH accepted AS (
         SELECT m.medium, (SELECT max(s.sent_at) FROM forward s WHERE s.medium = m.medium AND s.sent_at IS NOT NULL)
                AS accepted_at
           FROM (VALUES ('EMAIL'), ('SMS')) AS m(medium))
       SELECT f.forward_id, f.message_id, f.member_id, f.medium, f.failure_class, f.failed_at, f.redrives,
              f.redriven_at, f.sent_at, a.accepted_at
         FROM forward f JOIN accepted a ON a.medium = f.medium
        WHERE f.status = 'failed' AND f.failure_class = 'transient' AND f.failed_at >= $1
          AND f.redrives < $2 AND f.redriven_at IS NULL AND f.sent_at IS NULL
        ORDER BY f.failed_at LIMIT $3`,
      [since, maxRedrives, limit],
    );
    return rows.map((row) => ({
      forwardId: row.forward_id,
      messageId: row.message_id,
      memberId: row.member_id,
      medium: row.medium,
      failureClass: row.failure_class,
      failedAt: row.failed_at,
      redrives: row.redrives,
      redrivenAt: row.redriven_at,
      sentAt: row.sent_at,
      providerAcceptedAt: row.accepted_at,
    }));
  }

  /**
   * Starts re-drive number `redrives + 1` of a failed forward, unless another replica started it (or
   * anything else changed the forward) since it was read: its job id when this call started it.
   */
  async startRedrive(forward: RedriveCandidate, at: Date): Promise<string | undefined> {
    const [rows] = (await this.dataSource.query(
      `UPDATE forward SET redrives = redrives + 1, redriven_at = $3, updated_at = now()
        WHERE forward_id = $1 AND status = 'failed' AND redrives = $2 AND redriven_at IS NULL AND sent_at IS NULL
        RETURNING redrives`,
      [forward.forwardId, forward.redrives, at],
    )) as [Array<{ redrives: number }>, number];
    const [row] = rows;
    return row ? forwardJobId(forward.messageId, forward.memberId, forward.medium, row.redrives) : undefined;
  }
}

/**
 * The job of a forward: one per (message, recipient, medium), however often it is asked for, and one
 * per re-drive of it (the first job is kept a day after it failed: its id would queue nothing).
 */
export const forwardJobId = (messageId: string, memberId: string, medium: Medium, redrive = 0) =>
  redrive ? `${messageId}_${memberId}_${medium}_redrive${redrive}` : `${messageId}_${memberId}_${medium}`;
