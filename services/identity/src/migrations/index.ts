import { eventBusMigrations } from '@multimfa/event-bus';
import type { MigrationInterface } from 'typeorm';
import { CreateUsers1763800000100 } from './1763800000100-create-users.js';

/** Every migration of the identity database, oldest first. */
export const migrations: Array<new () => MigrationInterface> = [
  ...eventBusMigrations,
  CreateUsers1763800000100,
];
