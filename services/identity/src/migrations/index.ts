import { CreateEventBusTables1763700000000 } from '@multimfa/event-bus';
import type { MigrationInterface } from 'typeorm';
import { CreateUsers1763800000100 } from './1763800000100-create-users.js';

/** Every migration of the identity database, oldest first. */
export const migrations: Array<new () => MigrationInterface> = [
  CreateEventBusTables1763700000000,
  CreateUsers1763800000100,
];
