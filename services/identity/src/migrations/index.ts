import type { MigrationInterface } from 'typeorm';

/** Every migration of the identity database, oldest first. */
export const migrations: Array<new () => MigrationInterface> = [];
