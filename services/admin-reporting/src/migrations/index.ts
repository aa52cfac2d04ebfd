import { eventBusMigrations } from '@multimfa/event-bus';
import type { MigrationInterface } from 'typeorm';

/** Every migration of the admin-reporting database, oldest first. */
export const migrations: Array<new () => MigrationInterface> = [...eventBusMigrations];
