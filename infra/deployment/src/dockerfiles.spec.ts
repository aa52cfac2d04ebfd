// One Dockerfile per deployable, checked as text: multi-stage on pinned bases, the workspace's own
// build and production dependencies, a non-root user, a HEALTHCHECK on the readiness route, and
// the process itself as PID 1 (exec form, no shell), so SIGTERM reaches it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allDeployables } from './support/deployables.js';
import { type Dockerfile, environment, execForm, find, parseDockerfile } from './support/dockerfile.js';
import { readRepoFile, repoFileExists } from './support/repo.js';

/** `image:1.2.3...` or `image@sha256:...`: a version that cannot move under the build. */
const PINNED = /^[\w./-]+(:\d+\.\d+\.\d+[\w.-]*)?(@sha256:[0-9a-f]{64})?$/;

function checkCommonShape(dockerfile: Dockerfile) {
  const names = new Set<string>();
  for (const stage of dockerfile.stages) {
    const isStage = names.has(stage.from);
    assert.ok(
      isStage || (PINNED.test(stage.from) && /(:\d+\.\d+\.\d+|@sha256:)/.test(stage.from)),
      `${dockerfile.path}: FROM ${stage.from} is not pinned to a version`,
    );
    if (stage.name) names.add(stage.name);
  }
  assert.ok(dockerfile.stages.length >= 2, `${dockerfile.path} is multi-stage`);
  assert.ok(
    find(dockerfile.final, 'COPY').some((copy) => copy.args.includes('--from=')),
    `${dockerfile.path}: the final stage takes the build from an earlier stage`,
  );
  const user = find(dockerfile.final, 'USER').at(-1)?.args ?? '';
  assert.match(
    user,
    /^[1-9]\d*(:\d+)?$/,
    `${dockerfile.path}: USER must be a numeric non-root uid (runAsNonRoot)`,
  );
}

function healthCommand(dockerfile: Dockerfile): string[] {
  const healthcheck = find(dockerfile.final, 'HEALTHCHECK').at(-1);
  assert.ok(healthcheck, `${dockerfile.path} has a HEALTHCHECK`);
  const command = execForm(healthcheck.args.slice(healthcheck.args.indexOf('CMD')));
  assert.ok(command, `${dockerfile.path}: HEALTHCHECK CMD in exec form`);
  assert.ok(
    command.join(' ').includes('/health/ready'),
    `${dockerfile.path}: the HEALTHCHECK asks /health/ready`,
  );
  return command;
}

describe('Dockerfiles', () => {
  for (const deployable of allDeployables) {
    const path = `${deployable.dir}/Dockerfile`;

    describe(path, () => {
      it('exists', () => {
        assert.ok(repoFileExists(path), `${deployable.name} has no Dockerfile at ${path}`);
      });

      it('is multi-stage on pinned bases and runs as a numeric non-root user', () => {
        checkCommonShape(parseDockerfile(path));
      });

      if (deployable.kind === 'web') {
        it('serves the Vite build with nginx, which is PID 1', () => {
          const dockerfile = parseDockerfile(path);
          assert.match(dockerfile.final.from, /^nginx:\d+\.\d+\.\d+/);
          assert.ok(
            find(dockerfile.final, 'COPY').some((copy) =>
              /--from=\w+ \/app\/web\/dist \/usr\/share\/nginx\/html/.test(copy.args),
            ),
            'copies web/dist from the build stage',
          );
          assert.deepEqual(execForm(find(dockerfile.final, 'ENTRYPOINT').at(-1)?.args ?? ''), [
            'nginx',
            '-g',
            'daemon off;',
          ]);
          assert.equal(healthCommand(dockerfile)[0], 'wget');
          assert.ok(
            dockerfile.stages.some((stage) =>
              find(stage, 'RUN').some((run) => /vite build|--workspace=@multimfa\/web/.test(run.args)),
            ),
            'builds the web app',
          );
        });
      } else {
        it(`builds ${deployable.dir} and installs only its production dependencies`, () => {
          const dockerfile = parseDockerfile(path);
          const runs = dockerfile.stages.flatMap((stage) => find(stage, 'RUN').map((run) => run.args));
          assert.ok(
            runs.some(
              (run) => run.includes(`tsc -b ${deployable.dir} `) || run.endsWith(`tsc -b ${deployable.dir}`),
            ),
            `${path} must build its own workspace: tsc -b ${deployable.dir}`,
          );
          assert.ok(
            runs.some(
              (run) => run.includes('--omit=dev') && run.includes(`--workspace=${deployable.packageName}`),
            ),
            `${path} must install production dependencies of ${deployable.packageName} only`,
          );
          assert.match(dockerfile.final.from, /^node:24\.\d+\.\d+/, 'the final image is a pinned Node 24');
          assert.equal(find(dockerfile.final, 'WORKDIR').at(-1)?.args, `/app/${deployable.dir}`);
        });

        it('runs node directly as PID 1, and checks health with node itself', () => {
          const dockerfile = parseDockerfile(path);
          assert.equal(find(dockerfile.final, 'ENTRYPOINT').length, 0, 'no ENTRYPOINT wrapper');
          const command = execForm(find(dockerfile.final, 'CMD').at(-1)?.args ?? '');
          assert.ok(command, 'CMD in exec form (a shell form would make /bin/sh PID 1)');
          assert.equal(command[0], 'node');
          assert.equal(command.at(-1), 'dist/main.js');
          assert.equal(healthCommand(dockerfile)[0], 'node', 'slim images have no curl: node fetches');
        });

        it('listens on the port it exposes, on every interface', () => {
          const dockerfile = parseDockerfile(path);
          const env = environment(dockerfile.final);
          const exposed = find(dockerfile.final, 'EXPOSE').map((expose) => expose.args);
          // The sandbox reads SANDBOX_HOST and SANDBOX_PORT; the other processes HOST and PORT.
          const [portKey, hostKey] =
            deployable.kind === 'sandbox' ? ['SANDBOX_PORT', 'SANDBOX_HOST'] : ['PORT', 'HOST'];
          const port = env[portKey];
          assert.ok(port, `${portKey} is set`);
          assert.deepEqual(exposed, [port]);
          assert.equal(env[hostKey], '0.0.0.0', `${hostKey}: every interface`);
          assert.equal(env.NODE_ENV, 'production');
        });
      }
    });
  }

  it('keeps node_modules, builds, state, tools and .env files out of the build context', () => {
    const ignored = readRepoFile('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const pattern of [
      '**/node_modules',
      '**/dist',
      '**/*.tsbuildinfo',
      '.state',
      '.tools',
      '.env',
      '.env.*',
      '.git',
    ]) {
      assert.ok(ignored.includes(pattern), `.dockerignore must list ${pattern}`);
    }
  });
});
