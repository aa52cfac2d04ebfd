// The product's containers as the `images` tier runs them, derived from docker-compose.yml (its
// `app` profile) so that compose and the tier stay one description: the same images, build
// arguments, settings, read-only root file system, dropped capabilities and grace periods. What the
// tier changes, and why, is in `tierEnvironment` and `runArguments`:
//   - the infrastructure is the machine's PostgreSQL and Redis and the project's Kafka broker, with a
//     database prefix, Redis database and topic prefix of the run, instead of compose's containers;
//   - the Node processes share the host's network (podman's bridge cannot reach the machine's
//     loopback-only PostgreSQL, and the broker advertises 127.0.0.1), each on its own port: compose's
//     host names become 127.0.0.1 and their port;
//   - the web container keeps its own network (nginx listens on 8080 and proxies to `gateway:8080`,
//     both fixed in its image): slirp4netns with the host's loopback reachable as 10.0.2.2, where the
//     gateway listens on 8080, and its port published on the machine.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { type ComposeService, interpolate } from '../deployment/src/support/compose.js';

export const repoRoot = join(import.meta.dirname, '..', '..');

/** One of the product's images, and how compose builds and runs it. */
export interface AppContainer {
  name: string;
  image: string;
  dockerfile: string;
  buildArgs: Record<string, string>;
  /** Compose's environment, `${VAR:-default}` not yet substituted. */
  environment: Record<string, string>;
  readOnly: boolean;
  tmpfs: string[];
  capDrop: string[];
  securityOpt: string[];
  graceSeconds: number;
}

function seconds(duration: string | undefined): number {
  const match = /^(\d+)(s|m)?$/.exec(duration ?? '10s');
  if (!match) throw new Error(`docker-compose.yml: cannot read the duration ${duration}`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
}

/** The app profile's containers that compose builds, in docker-compose.yml's order. */
export function appContainers(): AppContainer[] {
  const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  return Object.entries(compose.services)
    .filter(([, service]) => service.profiles?.includes('app') && service.build)
    .map(([name, service]) => {
      if (typeof service.build !== 'object' || Array.isArray(service.build.args)) {
        throw new Error(`docker-compose.yml: ${name}'s build must be an object with args as a map`);
      }
      if (Array.isArray(service.environment)) {
        throw new Error(`docker-compose.yml: ${name}'s environment must be a map`);
      }
      const build = service.build;
      return {
        name,
        image: service.image ?? `multimfa/${name}:local`,
        dockerfile: build.dockerfile ?? 'Dockerfile',
        buildArgs: Object.fromEntries(
          Object.entries(build.args ?? {}).map(([k, v]) => [k, v === null ? '' : String(v)]),
        ),
        environment: Object.fromEntries(
          Object.entries(service.environment ?? {}).map(([k, v]) => [k, v === null ? '' : String(v)]),
        ),
        readOnly: service.read_only === true,
        tmpfs: (service.tmpfs as string[] | undefined) ?? [],
        capDrop: (service.cap_drop as string[] | undefined) ?? [],
        securityOpt: (service.security_opt as string[] | undefined) ?? [],
        graceSeconds: seconds(service.stop_grace_period as string | undefined),
      };
    });
}

/** Where the tier's processes are: the machine's infrastructure and a port per container. */
export interface TierAddresses {
  postgresUrl: string;
  databasePrefix: string;
  redisUrl: string;
  kafkaBrokers: string;
  topicPrefix: string;
  /** The host port of each container's API (the gateway's is 8080: the web image proxies there). */
  ports: Record<string, number>;
}

/**
 * A container's settings under the tier: compose's, substituted with the tier's `.env`, then compose's
 * host names (`postgres`, `redis`, `kafka`, each container's name) turned into the machine's addresses.
 */
export function tierEnvironment(
  container: AppContainer,
  addresses: TierAddresses,
  variables: Record<string, string>,
): Record<string, string> {
  const port = addresses.ports[container.name];
  if (!port) throw new Error(`no port for ${container.name}`);
  const hostOf = (name: string) => `127.0.0.1:${addresses.ports[name]}`;
  const env: Record<string, string> = {};
  for (const [key, raw] of Object.entries(container.environment)) {
    let value = interpolate(raw, variables);
    value = value.replace(
      /^postgres:\/\/[^/]*@postgres:5432\/mmfa_(\w+)$/,
      (_, database: string) => `${addresses.postgresUrl}/${addresses.databasePrefix}_${database}`,
    );
    value = value.replace(/^redis:\/\/redis:6379\/\d+$/, addresses.redisUrl);
    if (value === 'kafka:9094') value = addresses.kafkaBrokers;
    value = value.replace(/\b([a-z-]+):(8080|24090)\b/g, (whole, name: string) =>
      addresses.ports[name] ? hostOf(name) : whole,
    );
    if (key.endsWith('_HOST') && addresses.ports[value]) value = '127.0.0.1';
    env[key] = value;
  }
  if (env.STRIPE_API_PORT) env.STRIPE_API_PORT = String(addresses.ports['provider-sandbox']);
  const portVariable = container.buildArgs.PORT_VARIABLE ?? 'PORT';
  env[portVariable] = String(port);
  if (portVariable === 'PORT') {
    // Every process serves its metrics on their own port (9464 by default): one each on one network.
    env.METRICS_PORT = String(port + 1);
    env.KAFKA_TOPIC_PREFIX = addresses.topicPrefix;
  }
  return env;
}

/** Runs podman and returns what it printed; throws with its error output when it fails. */
export function podman(args: string[], options: { timeoutMs?: number; input?: string } = {}): string {
  const result = spawnSync('podman', args, {
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 120_000,
    input: options.input,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(
      `podman ${args.slice(0, 3).join(' ')} … failed (${result.status ?? result.signal}): ${`${result.stderr}`.slice(-4000)}`,
    );
  }
  return result.stdout;
}

/** The CA bundle given to the builds' npm installs when this machine has one (a TLS-inspecting proxy). */
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

/** `podman build` of one image, as compose builds it, its arguments substituted with `variables`. */
export function buildArguments(container: AppContainer, variables: Record<string, string>): string[] {
  const args = Object.fromEntries(
    Object.entries(container.buildArgs).map(([name, value]) => [name, interpolate(value, variables)]),
  );
  return [
    'build',
    '--pull=never',
    '--layers',
    // Docker's image format: OCI's has no HEALTHCHECK.
    '--format',
    'docker',
    ...(existsSync(CA_BUNDLE) ? ['--secret', `id=ca,src=${CA_BUNDLE}`] : []),
    '-f',
    container.dockerfile,
    ...Object.entries(args).flatMap(([name, value]) => ['--build-arg', `${name}=${value}`]),
    '-t',
    container.image,
    '.',
  ];
}

/** `podman run` of one container, detached, with compose's restrictions and the tier's network. */
export function runArguments(
  container: AppContainer,
  runName: string,
  env: Record<string, string>,
  addresses: TierAddresses,
): string[] {
  const network =
    container.name === 'web'
      ? [
          '--network',
          'slirp4netns:allow_host_loopback=true',
          '--add-host',
          'gateway:10.0.2.2',
          '-p',
          `127.0.0.1:${addresses.ports.web}:8080`,
        ]
      : ['--network', 'host'];
  return [
    'run',
    '--detach',
    '--name',
    runName,
    ...network,
    ...(container.readOnly ? ['--read-only'] : []),
    ...container.tmpfs.flatMap((path) => ['--tmpfs', path]),
    ...container.capDrop.flatMap((cap) => ['--cap-drop', cap]),
    ...container.securityOpt.flatMap((option) => ['--security-opt', option]),
    '--stop-timeout',
    String(container.graceSeconds),
    ...Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
    container.image,
  ];
}
