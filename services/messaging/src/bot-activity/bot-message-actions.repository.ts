import type { BotMessageAction } from '@multimfa/api-contract';
import { namedStatement } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export type BotAction = BotMessageAction['action'];

/** One recorded dealing of a bot with a text (`bot_message_action`). */
export interface BotMessageActionRow {
  messageId: string;
  botId: string;
  action: BotAction;
  at: Date;
}

/** Records bots' actions on texts; the first of each (text, bot, action) stays. */
const RECORD_ACTIONS = namedStatement(
  'bot-actions.record-all',
  `INSERT INTO bot_message_action (message_id, bot_id, action, at)
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::timestamptz[])
  ON CONFLICT (message_id, bot_id, action) DO NOTHING`,
);

/**
 * The `bot_message_action` table: which bot read, waited for or claimed which text. One row per text,
 * bot and action; recording it again keeps the first time.
 */
@Injectable()
export class BotMessageActionsRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Records `action` by the bot on every one of the texts, in one statement (in `manager`'s transaction if given). */
  record(
    botId: string,
    action: BotAction,
    messageIds: readonly string[],
    at: Date,
    manager?: EntityManager,
  ): Promise<void> {
    return this.recordAll(
      messageIds.map((messageId) => ({ messageId, botId, action, at })),
      manager,
    );
  }

  /**
   * Records many bots' actions in one statement (in `manager`'s transaction if given). A repeat (in
   * the table, or twice in `rows`) keeps the row that came first.
   */
  async recordAll(
    rows: readonly BotMessageActionRow[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    if (!rows.length) return;
    await manager.query(RECORD_ACTIONS, [
      rows.map((row) => row.messageId),
      rows.map((row) => row.botId),
      rows.map((row) => row.action),
      rows.map((row) => row.at),
    ]);
  }

  /** What bots did with these texts, oldest first. */
  async forMessages(messageIds: readonly string[]): Promise<BotMessageActionRow[]> {
    if (!messageIds.length) return [];
    const rows: Array<{ message_id: string; bot_id: string; action: BotAction; at: Date }> =
      await this.dataSource.query(
        `SELECT message_id, bot_id, action, at FROM bot_message_action
          WHERE message_id = ANY($1::uuid[]) ORDER BY at, bot_id, action`,
        [messageIds],
      );
    return rows.map((row) => ({
      messageId: row.message_id,
      botId: row.bot_id,
      action: row.action,
      at: row.at,
    }));
  }
}
