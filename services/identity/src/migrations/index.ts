import { eventBusMigrations } from '@multimfa/event-bus';
import type { MigrationInterface } from 'typeorm';
import { CreateUsers1763800000100 } from './1763800000100-create-users.migration.js';
import { SoftDeleteUsers1764600090100 } from './1764600090100-soft-delete-users.migration.js';
import { CreateWaitlistSignups1766600000600 } from './1766600000600-create-waitlist-signups.migration.js';
import { AccountExistsNotice1767400000100 } from './1767400000100-account-exists-notice.migration.js';

/** Every migration of the identity database, oldest first. */
export const migrations: Array<new () => MigrationInterface> = [
  ...eventBusMigrations,
  CreateUsers1763800000100,
  SoftDeleteUsers1764600090100,
  CreateWaitlistSignups1766600000600,
  AccountExistsNotice1767400000100,
];
