import type { MigrationInterface } from 'typeorm';

/** Every migration of the billing database, oldest first. */
export const migrations: Array<new () => MigrationInterface> = [];
