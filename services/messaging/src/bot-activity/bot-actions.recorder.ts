import { Inject, Injectable } from '@nestjs/common';
import {
  type BotAction,
  type BotMessageActionRow,
  BotMessageActionsRepository,
} from './bot-message-actions.repository.js';

interface Waiting {
  rows: BotMessageActionRow[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Records bots' reads and waits as one statement for all the bots that got a text at about the same
 * time: a RoboMFA's bots, woken by one text, are answered in the same turn of the event loop, and each
 * answer waits for its row (a bot never holds a code whose reading was not recorded). A statement
 * carries every record asked for while the previous one was being written, plus those of the turn
 * that asked first; with one bot, it is written at once. (Ten bots per text made ten commits, each
 * waiting for the disk, where one does.) No library does this small a group commit for one table;
 * DataLoader batches reads by key and answers per key, not an INSERT whose callers share one outcome.
 */
@Injectable()
export class BotActionsRecorder {
  private waiting: Waiting[] = [];
  private writing: Promise<void> | undefined;

  constructor(@Inject(BotMessageActionsRepository) private readonly actions: BotMessageActionsRepository) {}

  /** Resolves once `action` by the bot on each of the texts is recorded. */
  record(botId: string, action: BotAction, messageIds: readonly string[], at: Date): Promise<void> {
    if (!messageIds.length) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiting.push({
        rows: messageIds.map((messageId) => ({ messageId, botId, action, at })),
        resolve,
        reject,
      });
      this.writing ??= this.write();
    });
  }

  private async write(): Promise<void> {
    // The rest of this turn's answers (the other bots woken by the same text) join the first statement.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.length) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        await this.actions.recordAll(batch.flatMap((one) => one.rows));
        for (const one of batch) one.resolve();
      } catch {
        // One caller's rows (a text deleted meanwhile) must not fail the others': each on its own.
        await Promise.all(batch.map((one) => this.actions.recordAll(one.rows).then(one.resolve, one.reject)));
      }
    }
    this.writing = undefined;
  }
}
