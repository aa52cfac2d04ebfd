import type { DeliveryAttempt, Destination } from '@multimfa/api-contract';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { DestinationContent } from './destination-message.templates.js';

/** A destination as messaging keeps it (the `destination` table). */
export interface DestinationRecord {
  destinationId: string;
  mfaId: string;
  kind: 'slack' | 'webhook';
  name: string;
  /** Slack: the path under Slack's base URL (`/services/…`); webhook: the whole URL. */
  url: string;
  content: DestinationContent;
  /** A webhook's signing secret, sealed with DESTINATION_SECRET_KEY. */
  secretSealed: string | null;
  status: 'pending' | 'active';
  proofHash: string | null;
  proofAttempts: number;
  createdAt: Date;
  activatedAt: Date | null;
}

interface DestinationRow {
  destination_id: string;
  mfa_id: string;
  kind: 'slack' | 'webhook';
  name: string;
  url: string;
  content: DestinationContent;
  secret_sealed: string | null;
  status: 'pending' | 'active';
  proof_hash: string | null;
  proof_attempts: number;
  created_at: Date;
  activated_at: Date | null;
}

const COLUMNS = `destination_id, mfa_id, kind, name, url, content, secret_sealed, status, proof_hash, proof_attempts,
  created_at, activated_at`;

const toRecord = (row: DestinationRow): DestinationRecord => ({
  destinationId: row.destination_id,
  mfaId: row.mfa_id,
  kind: row.kind,
  name: row.name,
  url: row.url,
  content: row.content,
  secretSealed: row.secret_sealed,
  status: row.status,
  proofHash: row.proof_hash,
  proofAttempts: row.proof_attempts,
  createdAt: row.created_at,
  activatedAt: row.activated_at,
});

/** The owner's view of a URL: Slack's token and a webhook's query and path tail are hidden. */
export function maskedUrl(record: Pick<DestinationRecord, 'kind' | 'url'>, slackBaseUrl: string): string {
  if (record.kind === 'slack') {
    const [, , team, bot] = record.url.split('/');
    return `${slackBaseUrl.replace(/\/+$/, '')}/services/${team}/${bot}/••••`;
  }
  const url = new URL(record.url);
  return `${url.origin}${url.pathname.length > 12 ? `${url.pathname.slice(0, 12)}…` : url.pathname}`;
}

export function toDestination(record: DestinationRecord, slackBaseUrl: string): Destination {
  return {
    destinationId: record.destinationId,
    multiMFAId: record.mfaId,
    kind: record.kind,
    name: record.name,
    url: maskedUrl(record, slackBaseUrl),
    content: record.content,
    status: record.status,
    createdAt: record.createdAt.toISOString(),
    activatedAt: record.activatedAt?.toISOString() ?? null,
  };
}

/** The `destination` and `destination_attempt` tables (removed destinations are kept, marked removed). */
@Injectable()
export class DestinationsRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The owner of a MultiMFA as messaging knows it (undefined: not a MultiMFA messaging knows). */
  async ownerOfMultiMfa(mfaId: string): Promise<string | null | undefined> {
    const [row]: Array<{ user_id: string | null }> = await this.dataSource.query(
      `SELECT user_id FROM mfa_view WHERE mfa_id = $1 AND mfa_type = 'MultiMFA'`,
      [mfaId],
    );
    return row ? row.user_id : undefined;
  }

  async mfaName(mfaId: string): Promise<string | null> {
    const [row]: Array<{ name: string | null }> = await this.dataSource.query(
      'SELECT name FROM mfa_view WHERE mfa_id = $1',
      [mfaId],
    );
    return row?.name ?? null;
  }

  async insert(manager: EntityManager, record: DestinationRecord): Promise<void> {
    await manager.query(
      `INSERT INTO destination (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        record.destinationId,
        record.mfaId,
        record.kind,
        record.name,
        record.url,
        record.content,
        record.secretSealed,
        record.status,
        record.proofHash,
        record.proofAttempts,
        record.createdAt,
        record.activatedAt,
      ],
    );
  }

  /** A destination not removed, with its MultiMFA's owner (to check the caller against). */
  async findOwned(
    destinationId: string,
  ): Promise<{ destination: DestinationRecord; userId: string | null } | undefined> {
    const [row]: Array<DestinationRow & { user_id: string | null }> = await this.dataSource.query(
      `SELECT ${COLUMNS.replace(/(\w+)/g, 'd.$1')}, v.user_id
         FROM destination d JOIN mfa_view v ON v.mfa_id = d.mfa_id
        WHERE d.destination_id = $1 AND d.removed_at IS NULL`,
      [destinationId],
    );
    return row ? { destination: toRecord(row), userId: row.user_id } : undefined;
  }

  /** Any destination, removed or not (a delivery's worker reads it). */
  async find(destinationId: string): Promise<(DestinationRecord & { removed: boolean }) | undefined> {
    const [row]: Array<DestinationRow & { removed: boolean }> = await this.dataSource.query(
      `SELECT ${COLUMNS}, removed_at IS NOT NULL AS removed FROM destination WHERE destination_id = $1`,
      [destinationId],
    );
    return row ? { ...toRecord(row), removed: row.removed } : undefined;
  }

  /** The MultiMFA's destinations not removed, oldest first. */
  async listOf(mfaId: string): Promise<DestinationRecord[]> {
    const rows: DestinationRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM destination WHERE mfa_id = $1 AND removed_at IS NULL ORDER BY created_at, destination_id`,
      [mfaId],
    );
    return rows.map(toRecord);
  }

  /** The ids among `ids` that are destinations of this MultiMFA (not removed). */
  async idsOf(manager: EntityManager, mfaId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows: Array<{ destination_id: string }> = await manager.query(
      `SELECT destination_id FROM destination WHERE mfa_id = $1 AND removed_at IS NULL AND destination_id = ANY($2::uuid[])`,
      [mfaId, ids],
    );
    return new Set(rows.map((row) => row.destination_id));
  }

  /** The active destinations of a MultiMFA: the ones texts go to. */
  async activeOf(manager: EntityManager, mfaId: string): Promise<DestinationRecord[]> {
    const rows: DestinationRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM destination WHERE mfa_id = $1 AND status = 'active' AND removed_at IS NULL
        ORDER BY created_at, destination_id`,
      [mfaId],
    );
    return rows.map(toRecord);
  }

  async newProof(destinationId: string, proofHash: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE destination SET proof_hash = $2, proof_attempts = 0 WHERE destination_id = $1 AND status = 'pending'`,
      [destinationId, proofHash],
    );
  }

  /** Counts a wrong code; answers how many were wrong since the last test post. */
  async wrongProof(destinationId: string): Promise<number> {
    const [rows] = (await this.dataSource.query(
      `UPDATE destination SET proof_attempts = proof_attempts + 1 WHERE destination_id = $1 RETURNING proof_attempts`,
      [destinationId],
    )) as [Array<{ proof_attempts: number }>, number];
    return rows[0]?.proof_attempts ?? 0;
  }

  async activate(destinationId: string, at: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE destination SET status = 'active', activated_at = $2, proof_hash = NULL WHERE destination_id = $1`,
      [destinationId, at],
    );
  }

  /** Marks it removed; false when it was already. */
  async remove(manager: EntityManager, destinationId: string, at: Date): Promise<boolean> {
    const [rows] = (await manager.query(
      `UPDATE destination SET removed_at = $2 WHERE destination_id = $1 AND removed_at IS NULL RETURNING destination_id`,
      [destinationId, at],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  /** The newest attempts to each destination of the MultiMFA (at most `perDestination` each). */
  async recentAttempts(mfaId: string, perDestination = 20): Promise<Map<string, DeliveryAttempt[]>> {
    const rows: Array<{
      destination_id: string;
      message_id: string;
      attempt: number;
      at: Date;
      outcome: 'delivered' | 'failed';
      response_code: number | null;
      error: string | null;
    }> = await this.dataSource.query(
      `SELECT a.destination_id, dd.message_id, a.attempt, a.at, a.outcome, a.response_code, a.error
         FROM destination d
         CROSS JOIN LATERAL (
           SELECT * FROM destination_attempt a WHERE a.destination_id = d.destination_id ORDER BY a.at DESC LIMIT $2
         ) a
         JOIN destination_delivery dd ON dd.delivery_id = a.delivery_id
        WHERE d.mfa_id = $1 AND d.removed_at IS NULL
        ORDER BY a.at DESC`,
      [mfaId, perDestination],
    );
    const byDestination = new Map<string, DeliveryAttempt[]>();
    for (const row of rows) {
      const list = byDestination.get(row.destination_id) ?? [];
      list.push({
        messageId: row.message_id,
        attempt: row.attempt,
        at: row.at.toISOString(),
        outcome: row.outcome,
        responseCode: row.response_code,
        error: row.error,
      });
      byDestination.set(row.destination_id, list);
    }
    return byDestination;
  }
}
