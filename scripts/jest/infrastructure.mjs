// Where the integration tests' PostgreSQL, Redis and Kafka come from, chosen by MMFA_TEST_INFRA:
//   containers  testcontainers starts them for the run (Jest globalSetup below), then removes them
//   local       the machine's PostgreSQL and Redis and the project's Kafka broker, as `npm test`
//               starts them (scripts/lib/stack.mjs) and hands over in MMFA_TEST_* variables
// Unset: containers where a Docker engine answers on DOCKER_HOST or /var/run/docker.sock, else local.
import { existsSync } from 'node:fs';

export const INFRA_MODES = ['containers', 'local'];

export function testInfraMode(env = process.env) {
  const asked = env.MMFA_TEST_INFRA;
  if (asked) {
    if (!INFRA_MODES.includes(asked))
      throw new Error(`MMFA_TEST_INFRA=${asked}: expected one of ${INFRA_MODES.join(', ')}`);
    return asked;
  }
  return env.DOCKER_HOST || existsSync('/var/run/docker.sock') ? 'containers' : 'local';
}

// The images the deployment's docker-compose.yml runs; Kafka is Confluent's, the image
// @testcontainers/kafka knows how to configure (KRaft from 8.0 on).
const IMAGES = {
  postgres: 'postgres:15-alpine',
  redis: 'redis:7-alpine',
  kafka: 'confluentinc/cp-kafka:8.0.0',
};

/** Starts the three containers and returns the MMFA_TEST_* settings that point the tests at them. */
export async function startContainers() {
  const [{ PostgreSqlContainer }, { RedisContainer }, { KafkaContainer }] = await Promise.all([
    import('@testcontainers/postgresql'),
    import('@testcontainers/redis'),
    import('@testcontainers/kafka'),
  ]);
  const started = await Promise.all([
    new PostgreSqlContainer(IMAGES.postgres).withUsername('postgres').withPassword('postgres').start(),
    new RedisContainer(IMAGES.redis).start(),
    new KafkaContainer(IMAGES.kafka).start(),
  ]);
  const [postgres, redis, kafka] = started;
  return {
    containers: started,
    env: {
      MMFA_TEST_POSTGRES_URL: `postgres://postgres:postgres@${postgres.getHost()}:${postgres.getPort()}`,
      MMFA_TEST_REDIS_URL: `redis://${redis.getHost()}:${redis.getPort()}/0`,
      MMFA_TEST_KAFKA_BROKERS: `${kafka.getHost()}:${kafka.getMappedPort(9093)}`,
    },
  };
}
