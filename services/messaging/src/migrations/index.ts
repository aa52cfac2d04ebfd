import type { MigrationInterface } from 'typeorm';

/** Every migration of the messaging database, oldest first. */
export const migrations: Array<new () => MigrationInterface> = [];
