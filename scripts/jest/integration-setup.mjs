// Jest globalSetup of the integration tier: with MMFA_TEST_INFRA=containers (the default where
// Docker runs) it starts PostgreSQL, Redis and Kafka in containers and points the tests at them;
// with `local` the tests use what `npm test` started and set in MMFA_TEST_*.
import { randomBytes } from 'node:crypto';
import { startContainers, testInfraMode } from './infrastructure.mjs';

export default async function integrationSetup() {
  if (testInfraMode() !== 'containers') return;
  const { containers, env } = await startContainers();
  globalThis.mmfaTestContainers = containers;
  const run = randomBytes(3).toString('hex');
  Object.assign(process.env, {
    MMFA_TEST_DATABASE_PREFIX: `mmfa_it_${run}`,
    MMFA_TEST_TOPIC_PREFIX: `it-${run}.`,
    ...env,
  });
}
