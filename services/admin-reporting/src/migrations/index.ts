import { eventBusMigrations } from '@multimfa/event-bus';
import type { MigrationInterface } from 'typeorm';
import { CreateReadModels1764800000000 } from './1764800000000-create-read-models.migration.js';
import { MessageReadModels1766400000000 } from './1766400000000-message-read-models.migration.js';
import { KeysetListIndexes1795407801043 } from './1795407801043-keyset-list-indexes.migration.js';

/** Every migration of the admin-reporting database, oldest first. */
export const migrations: Array<new () => MigrationInterface> = [
  ...eventBusMigrations,
  CreateReadModels1764800000000,
  MessageReadModels1766400000000,
  KeysetListIndexes1795407801043,
];

/** The read-model tables, which a rebuild empties and fills again from the topics. */
export const READ_MODEL_TABLES = [
  'report_user',
  'report_mfa',
  'report_number_assignment',
  'report_deleted_mfa',
  'report_member',
  'report_bot',
  'message_count',
  'report_log',
  'report_forward',
] as const;
