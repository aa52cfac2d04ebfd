// The `images` tier: builds every image of the product from this checkout, checks what each one
// holds, starts the whole product from them against the machine's PostgreSQL and Redis and the
// project's Kafka broker (infra/images/containers.ts says how it follows docker-compose.yml), walks
// a customer's journey through the web image's address, then stops every container with SIGTERM.
// scripts/test.mjs runs it (`npm test -- images`) after installing podman and making the base images.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import {
  type AppContainer,
  appContainers,
  buildArguments,
  podman,
  runArguments,
  type TierAddresses,
  tierEnvironment,
} from './containers.js';
import { runCustomerJourney } from './journey.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this tier with npm test -- images`);
  return value;
};

const runId = env('MMFA_IMAGES_RUN_ID');
const containers = appContainers();
const ports: Record<string, number> = {
  web: Number(env('MMFA_IMAGES_WEB_PORT')),
  'provider-sandbox': Number(env('MMFA_IMAGES_SANDBOX_PORT')),
  gateway: 8080,
};
for (const [i, container] of containers.entries()) {
  ports[container.name] ??= Number(env('MMFA_IMAGES_SERVICE_PORT_BASE')) + i * 10;
}
const addresses: TierAddresses = {
  postgresUrl: env('MMFA_IMAGES_POSTGRES_URL'),
  databasePrefix: env('MMFA_IMAGES_DATABASE_PREFIX'),
  redisUrl: env('MMFA_IMAGES_REDIS_URL'),
  kafkaBrokers: env('MMFA_IMAGES_KAFKA_BROKERS'),
  topicPrefix: env('MMFA_IMAGES_TOPIC_PREFIX'),
  ports,
};
const webUrl = `http://127.0.0.1:${ports.web}`;
const sandboxUrl = `http://127.0.0.1:${ports['provider-sandbox']}`;

/** What an operator puts in `.env` (docker-compose.yml's variables): fresh secrets for this run. */
const variables: Record<string, string> = {
  MMFA_WEB_PORT: String(ports.web),
  MMFA_SANDBOX_PORT: String(ports['provider-sandbox']),
  SESSION_SECRET: randomBytes(32).toString('hex'),
  CODE_HMAC_KEY: randomBytes(32).toString('hex'),
  EVENT_SEALING_KEY: randomBytes(32).toString('hex'),
  BOT_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'info',
};

const containerName = (container: AppContainer) => `mmfa-images-${runId}-${container.name}`;
const started: AppContainer[] = [];
const figures: Record<string, string> = {};

/** Files of an image, listed by running `find` in it (as root, read-only, no network). */
function filesIn(image: string, ...roots: string[]): string[] {
  return podman(['run', '--rm', '--network', 'none', '--user', '0', '--entrypoint', 'find', image, ...roots])
    .split('\n')
    .filter(Boolean);
}

async function ready(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      last = `${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms (${last})`);
}

function logsOf(container: AppContainer): string {
  try {
    return podman(['logs', '--tail', '40', containerName(container)]);
  } catch (error) {
    return (error as Error).message;
  }
}

function removeAll() {
  for (const container of containers) {
    try {
      podman(['rm', '--force', '--time', '0', containerName(container)]);
    } catch {
      // never started
    }
  }
}

describe('the product from its images', () => {
  beforeAll(() => removeAll());
  afterAll(() => {
    removeAll();
    console.log(
      `[images] figures\n${Object.entries(figures)
        .map(([name, value]) => `  ${name}: ${value}`)
        .join('\n')}`,
    );
  });

  describe('builds', () => {
    for (const container of containers) {
      it(`builds ${container.image} from ${container.dockerfile}`, () => {
        const began = Date.now();
        podman(buildArguments(container, variables), {
          timeoutMs: 900_000,
        });
        const size = Number(podman(['image', 'inspect', '--format', '{{.Size}}', container.image]).trim());
        figures[`${container.image} build`] = `${((Date.now() - began) / 1000).toFixed(1)} s`;
        figures[`${container.image} size`] = `${(size / 1e6).toFixed(0)} MB`;
      });
    }
  });

  describe('holds only what runs', () => {
    for (const container of containers.filter((candidate) => candidate.name !== 'web')) {
      it(`${container.image}: no test file, source, .env, secret or dev dependency`, () => {
        const files = filesIn(container.image, '/app', '-not', '-path', '*/node_modules/*/node_modules/*');
        const offending = files.filter((file) =>
          /(\.spec\.|\.int-spec\.|\.stack-spec\.|\.fault-spec\.|\.e2e\.|\.tsbuildinfo$|\/\.env|\.pem$|\/src\/[^/]+\.ts$|\/patches\/)/.test(
            file.replace(/\/node_modules\/.*/, ''),
          ),
        );
        assert.deepEqual(offending, [], 'files an image must not hold');
        const modules = new Set(
          files
            .map((file) => /^\/app\/node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(file)?.[1])
            .filter((name): name is string => Boolean(name)),
        );
        for (const dev of ['typescript', 'jest', '@swc/core', 'patch-package', '@biomejs/biome', 'vite']) {
          assert.ok(!modules.has(dev), `${container.image} holds the dev dependency ${dev}`);
        }
        if (container.name === 'gateway') {
          // (kafkajs and typeorm come with @multimfa/service-runtime, which the gateway runs on.)
          for (const unused of ['stripe', 'bullmq', 'argon2', 'graphql', '@nestjs/graphql']) {
            assert.ok(
              !modules.has(unused),
              `the gateway image holds ${unused}, which the gateway never uses`,
            );
          }
          const workspaces = files.filter((file) => /^\/app\/(services|infra)\/[^/]+$/.test(file));
          assert.deepEqual(workspaces, [], "the gateway image holds another process's code");
        }
      });
    }

    it('multimfa/web: the built app and nginx, no source map, source or .env', () => {
      const web = containers.find((container) => container.name === 'web');
      assert.ok(web);
      const files = filesIn(web.image, '/usr/share/nginx/html', '-type', 'f');
      assert.ok(files.includes('/usr/share/nginx/html/index.html'), 'serves index.html');
      assert.deepEqual(
        files.filter((file) => /\.map$|\.tsx?$|\/\.env/.test(file)),
        [],
        'files the web image must not serve',
      );
      assert.deepEqual(
        filesIn(web.image, '/', '-maxdepth', '1', '-name', 'app'),
        [],
        'no /app in the web image',
      );
    });

    it('runs the patched kafkajs wherever kafkajs is installed (patches/kafkajs+2.2.4.patch)', () => {
      const withKafka = containers.filter(
        (container) =>
          container.name !== 'web' &&
          filesIn(container.image, '/app/node_modules', '-maxdepth', '1', '-name', 'kafkajs').length,
      );
      const names = withKafka.map((container) => container.name);
      for (const service of ['identity', 'billing', 'numbers', 'messaging', 'admin-reporting']) {
        assert.ok(names.includes(service), `${service} runs kafkajs`);
      }
      for (const container of withKafka) {
        // What `require('kafkajs')` loads in the image is the patched request queue.
        const source = podman([
          'run',
          '--rm',
          '--network',
          'none',
          container.image,
          'node',
          '-e',
          "const f=require.resolve('kafkajs/src/network/requestQueue/index.js',{paths:[process.cwd()]});process.stdout.write(require('fs').readFileSync(f,'utf8'))",
        ]);
        assert.match(
          source,
          /if \(this\.pending\.length === 0\) return/,
          `${container.image}: kafkajs unpatched`,
        );
      }
    });
  });

  describe('refuses bad input with one clear line', () => {
    /** What a container printed, without podman's own notices (no systemd here for health timers). */
    const printed = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.trim() && !line.startsWith('time='))
        .join('\n');

    it('a Node image built without WORKSPACE_DIR and WORKSPACE_NAME stops, naming them', () => {
      const gateway = containers.find((container) => container.name === 'gateway');
      assert.ok(gateway);
      const args = buildArguments(
        { ...gateway, buildArgs: {}, image: `multimfa/refused-${runId}:local` },
        variables,
      );
      const result = spawnSync('podman', args, { encoding: 'utf8', timeout: 600_000 });
      assert.notEqual(result.status, 0, 'the build must fail');
      assert.match(
        result.stderr,
        /Build with --build-arg WORKSPACE_DIR=<folder> --build-arg WORKSPACE_NAME=<npm name>/,
      );
    });

    it('a service started without its settings exits 1 with one line naming each missing one', () => {
      const numbers = containers.find((container) => container.name === 'numbers');
      assert.ok(numbers);
      const result = spawnSync('podman', ['run', '--rm', '--network', 'none', '--read-only', numbers.image], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(result.status, 1);
      const lines = printed(`${result.stdout}${result.stderr}`).split('\n');
      assert.equal(lines.length, 1, `one line, not:\n${lines.join('\n')}`);
      for (const setting of ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS']) {
        assert.ok(lines[0]?.includes(setting), `names ${setting}: ${lines[0]}`);
      }
    });

    it('a service whose database does not answer exits 1 with one line naming DATABASE_URL', () => {
      const identity = containers.find((container) => container.name === 'identity');
      assert.ok(identity);
      const settings = {
        ...tierEnvironment(identity, addresses, variables),
        // A port nothing listens on.
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/mmfa_unreachable',
      };
      const result = spawnSync(
        'podman',
        [
          'run',
          '--rm',
          '--network',
          'host',
          '--read-only',
          ...Object.entries(settings).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
          identity.image,
        ],
        { encoding: 'utf8', timeout: 90_000 },
      );
      assert.equal(result.status, 1);
      const lines = printed(`${result.stdout}${result.stderr}`).split('\n');
      assert.equal(lines.length, 1, `one line, not:\n${lines.join('\n')}`);
      assert.match(
        lines[0] ?? '',
        /cannot reach the database 127\.0\.0\.1:1\/mmfa_unreachable \(DATABASE_URL\)/,
      );
    });
  });

  describe('runs', () => {
    it('starts every container read-only and unprivileged, and each reports ready', async () => {
      const began = Date.now();
      // The sandbox first (the services check it at start), the web app last (it needs the gateway).
      const order = [
        ...containers.filter((container) => container.name === 'provider-sandbox'),
        ...containers.filter((container) => !['provider-sandbox', 'web'].includes(container.name)),
        ...containers.filter((container) => container.name === 'web'),
      ];
      for (const container of order) {
        const settings = tierEnvironment(container, addresses, variables);
        podman(runArguments(container, containerName(container), settings, addresses));
        started.push(container);
        if (container.name === 'provider-sandbox' || container.name === 'gateway') {
          await ready(`http://127.0.0.1:${ports[container.name]}/health/ready`, 90_000).catch((error) => {
            throw new Error(`${error.message}\n${logsOf(container)}`);
          });
        }
      }
      for (const container of order) {
        const url =
          container.name === 'web'
            ? `${webUrl}/health/ready`
            : `http://127.0.0.1:${ports[container.name]}/health/ready`;
        await ready(url, 120_000).catch((error) => {
          throw new Error(`${error.message}\n${logsOf(container)}`);
        });
        const user = podman(['inspect', '--format', '{{.Config.User}}', containerName(container)]).trim();
        assert.ok(user && !/^0(:|$)|^root/.test(user), `${container.name} runs as ${user || 'root'}`);
      }
      figures['start to all ready'] = `${((Date.now() - began) / 1000).toFixed(1)} s`;
    });

    it("imports the provider's numbers into the pool with the numbers image's own command", () => {
      // As an operator does (`npm run import-twilio-numbers`; a Job or `kubectl exec` in a cluster).
      const numbers = containers.find((container) => container.name === 'numbers');
      assert.ok(numbers);
      const settings = tierEnvironment(numbers, addresses, variables);
      const output = podman([
        'run',
        '--rm',
        '--network',
        'host',
        '--read-only',
        ...Object.entries({ ...settings, PORT: '1', LOG_LEVEL: 'warn' }).flatMap(([key, value]) => [
          '--env',
          `${key}=${value}`,
        ]),
        numbers.image,
        'node',
        'dist/cli/import-twilio-numbers.cli.js',
      ]);
      console.log(`[images] import-twilio-numbers: ${output.trim()}`);
    });

    it('serves a customer journey through the web image: buy, invite, forward, a bot waits', async () => {
      const steps = await runCustomerJourney({ webUrl, sandboxUrl }, (line) =>
        console.log(`[journey] ${line}`),
      );
      for (const [step, ms] of Object.entries(steps)) figures[`journey ${step}`] = `${ms} ms`;
    });

    it('stops every container with SIGTERM within its grace period, each exiting cleanly', () => {
      assert.equal(started.length, containers.length, 'every container was started');
      // Front to back: the web app, the gateway, the services, the sandbox last.
      for (const container of [...started].reverse()) {
        const began = Date.now();
        podman(['stop', '--time', String(container.graceSeconds), containerName(container)], {
          timeoutMs: (container.graceSeconds + 30) * 1000,
        });
        const took = Date.now() - began;
        const code = Number(
          podman(['inspect', '--format', '{{.State.ExitCode}}', containerName(container)]).trim(),
        );
        figures[`${container.name} stop`] = `${took} ms, exit ${code}`;
        assert.ok(
          took < container.graceSeconds * 1000,
          `${container.name} took ${took} ms to stop (exit ${code})\n${logsOf(container)}`,
        );
        assert.equal(code, 0, `${container.name} exited with ${code} on SIGTERM\n${logsOf(container)}`);
      }
    });
  });
});
