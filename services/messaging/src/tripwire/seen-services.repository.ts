import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** The first code of a service on an MFA's number (`seen_service`): metadata only, kept past retention. */
export interface SeenService {
  mfaId: string;
  number: string;
  service: string;
  firstMessageId: string;
  sender: string;
  firstSeenAt: Date;
}

interface Row {
  mfa_id: string;
  number: string;
  service: string;
  first_message_id: string;
  sender: string;
  first_seen_at: Date;
}

/** `seen_service`: which services' codes each MFA's number has received. */
@Injectable()
export class SeenServicesRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  /** For reads outside a transaction. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /**
   * Records the service as seen on the number: true for the first text of it. The primary key makes
   * that one text however many arrive at once (a concurrent insert waits for the first to commit,
   * then does nothing).
   */
  async firstSeen(manager: EntityManager, seen: SeenService): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO seen_service (mfa_id, number, service, first_message_id, sender, first_seen_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING mfa_id`,
      [
        seen.mfaId,
        seen.number,
        seen.service,
        seen.firstMessageId,
        seen.sender.slice(0, 64),
        seen.firstSeenAt,
      ],
    );
    return rows.length > 0;
  }

  async byFirstMessage(messageId: string): Promise<SeenService | undefined> {
    const [row]: Row[] = await this.dataSource.query(
      `SELECT mfa_id, number, service, first_message_id, sender, first_seen_at
         FROM seen_service WHERE first_message_id = $1`,
      [messageId],
    );
    return (
      row && {
        mfaId: row.mfa_id,
        number: row.number,
        service: row.service,
        firstMessageId: row.first_message_id,
        sender: row.sender,
        firstSeenAt: row.first_seen_at,
      }
    );
  }
}
