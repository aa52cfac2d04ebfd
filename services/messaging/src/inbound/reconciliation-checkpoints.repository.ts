import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The `inbound_reconciliation` table: up to when each provider's log of received texts was compared. */
@Injectable()
export class ReconciliationCheckpointsRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  async checkedUntil(provider: string): Promise<Date | undefined> {
    const [row]: Array<{ checked_until: Date }> = await this.dataSource.query(
      'SELECT checked_until FROM inbound_reconciliation WHERE provider = $1',
      [provider],
    );
    return row?.checked_until;
  }

  /** Moves the checkpoint forward only (two replicas comparing at once leave the later one). */
  async advance(provider: string, until: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO inbound_reconciliation (provider, checked_until) VALUES ($1, $2)
       ON CONFLICT (provider) DO UPDATE
         SET checked_until = GREATEST(inbound_reconciliation.checked_until, EXCLUDED.checked_until)`,
      [provider, until],
    );
  }
}
