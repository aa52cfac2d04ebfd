// Every deployable's image, checked as text: the shared Dockerfile of the Node workspaces evaluated
// with each one's build arguments (those docker compose builds it with), and web/Dockerfile. Each
// is multi-stage on pinned bases, builds the workspace's own code and production dependencies, runs
// as a non-root user with a HEALTHCHECK on the readiness route, and makes the process itself PID 1
// (exec form, no shell), so SIGTERM reaches it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { describe, it } from '@jest/globals';
import { loadCompose } from './support/compose.js';
import { allDeployables } from './support/deployables.js';
import {
  type Dockerfile,
  environment,
  execForm,
  find,
  parseDockerfile,
  runNodeHealthCheck,
} from './support/dockerfile.js';
import { composeBuild, listenVariables, NODE_WORKSPACE_DOCKERFILE } from './support/images.js';
import { readRepoFile, repoFileExists, repoRoot } from './support/repo.js';

/** `image:1.2.3...` or `image@sha256:...`: a version that cannot move under the build. */
const PINNED = /^[\w./-]+(:\d+\.\d+\.\d+[\w.-]*)?(@sha256:[0-9a-f]{64})?$/;

/** The build arguments only the Dockerfile's user knows: without them it must not build at all. */
const REQUIRED_ARGS = ['WORKSPACE_DIR', 'WORKSPACE_NAME'];

const compose = loadCompose();

/**
 * Whether the shared Dockerfile stops before installing when given these build arguments: runs, here,
 * in the repository (what the stage copied), the RUN checks of the stage that installs the
 * workspace's production dependencies (those before its `npm install --omit=dev` that read the
 * arguments), with the arguments in their environment, as in a build.
 */
function refusesToBuild(args: Record<string, string>): boolean {
  const dockerfile = parseDockerfile(NODE_WORKSPACE_DOCKERFILE, args);
  const installs = ({ keyword, raw }: { keyword: string; raw: string }) =>
    keyword === 'RUN' && raw.includes('--omit=dev');
  const stage = dockerfile.stages.find((candidate) => candidate.instructions.some(installs));
  assert.ok(stage, 'a stage installs the production dependencies');
  const checks = stage.instructions
    .slice(0, stage.instructions.findIndex(installs))
    .filter(
      ({ keyword, raw }) =>
        keyword === 'RUN' && !raw.includes('--mount') && REQUIRED_ARGS.some((name) => raw.includes(name)),
    );
  return checks.some(
    ({ raw }) =>
      spawnSync('/bin/sh', ['-c', raw], {
        cwd: repoRoot,
        env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, ...args },
        stdio: 'ignore',
        timeout: 10_000,
      }).status !== 0,
  );
}

/** The text of a Dockerfile from `ARG NODE_IMAGE` to the end of its `build` stage. */
function sharedStages(path: string): string {
  const text = readRepoFile(path);
  const from = text.indexOf('ARG NODE_IMAGE=');
  const buildStage = text.indexOf(' AS build\n');
  const next = text.indexOf('\nFROM ', buildStage);
  assert.ok(from >= 0 && buildStage > from && next > buildStage, `${path} has the shared stages`);
  // Up to the comment that opens the next stage.
  return text.slice(from, text.lastIndexOf('\n\n', next));
}

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
  describe(NODE_WORKSPACE_DOCKERFILE, () => {
    it('exists', () => {
      assert.ok(repoFileExists(NODE_WORKSPACE_DOCKERFILE), `${NODE_WORKSPACE_DOCKERFILE} is missing`);
    });

    it('has no default workspace: WORKSPACE_DIR and WORKSPACE_NAME come from the build or nothing builds', () => {
      const dockerfile = parseDockerfile(NODE_WORKSPACE_DOCKERFILE);
      const declarations = dockerfile.stages.flatMap((stage) => find(stage, 'ARG').map((arg) => arg.raw));
      for (const name of REQUIRED_ARGS) {
        assert.ok(
          declarations.some((declaration) => declaration.split(' ').includes(name)),
          `ARG ${name} is declared`,
        );
        assert.ok(
          !declarations.some((declaration) =>
            declaration.split(' ').some((pair) => pair.startsWith(`${name}=`)),
          ),
          `ARG ${name} has no default (a forgotten --build-arg would build another workspace)`,
        );
      }
      assert.ok(refusesToBuild({}), 'builds without WORKSPACE_DIR and WORKSPACE_NAME');
      assert.ok(refusesToBuild({ WORKSPACE_DIR: 'services/billing' }), 'builds without WORKSPACE_NAME');
      assert.ok(refusesToBuild({ WORKSPACE_NAME: '@multimfa/billing' }), 'builds without WORKSPACE_DIR');
      assert.ok(
        refusesToBuild({ WORKSPACE_DIR: 'services/billing', WORKSPACE_NAME: '@multimfa/numbers' }),
        'builds a folder with the npm name of another workspace',
      );
    });

    it('installs and compiles everything in a stage no build argument reaches: one cached build for all images', () => {
      const dockerfile = parseDockerfile(NODE_WORKSPACE_DOCKERFILE);
      const build = dockerfile.stages.find((stage) => stage.name === 'build');
      assert.ok(build, 'a stage named build');
      assert.deepEqual(find(build, 'ARG'), [], 'the build stage declares no ARG');
      const runs = find(build, 'RUN').map((run) => run.raw);
      assert.ok(
        runs.some((run) => run.includes('npm ci')),
        'the build stage installs the locked dependencies (npm ci)',
      );
      assert.ok(
        runs.some((run) => run.includes('tsc -b packages/* services/* gateway infra/provider-sandbox')),
        'the build stage compiles every workspace that runs',
      );
    });

    it('gives every npm install the CA of a TLS-inspecting proxy when one is passed (an optional build secret)', () => {
      for (const path of [NODE_WORKSPACE_DOCKERFILE, 'web/Dockerfile']) {
        const dockerfile = parseDockerfile(path, {
          WORKSPACE_DIR: 'gateway',
          WORKSPACE_NAME: '@multimfa/gateway',
        });
        const installs = dockerfile.stages.flatMap((stage) =>
          find(stage, 'RUN').filter((run) => /npm (ci|install)/.test(run.raw)),
        );
        assert.ok(installs.length > 0, `${path} installs`);
        for (const install of installs) {
          assert.match(install.raw, /--mount=type=secret,id=ca,required=false/, `${path}: ${install.raw}`);
          assert.match(install.raw, /npm_config_cafile=\/run\/secrets\/ca/, `${path}: ${install.raw}`);
        }
      }
    });

    it('shares its install and compile stages with web/Dockerfile, word for word (one build for every image)', () => {
      assert.equal(sharedStages('web/Dockerfile'), sharedStages(NODE_WORKSPACE_DOCKERFILE));
    });
  });

  for (const deployable of allDeployables) {
    const build = composeBuild(compose.services[deployable.name]);
    const label = build
      ? `${build.path}${Object.entries(build.args)
          .map(([name, value]) => ` ${name}=${value}`)
          .join('')}`
      : 'no image build';
    /** The Dockerfile as compose builds this deployable's image. */
    const dockerfile = () => {
      assert.ok(build, `${deployable.name}: docker-compose.yml has no build: entry for its image`);
      return parseDockerfile(build.path, build.args);
    };

    describe(`multimfa/${deployable.name} (${label})`, () => {
      it('is built from a Dockerfile that exists, with build arguments it uses', () => {
        assert.ok(build, `${deployable.name}: docker-compose.yml has no build: entry for its image`);
        assert.ok(repoFileExists(build.path), `${deployable.name} has no Dockerfile at ${build.path}`);
        assert.deepEqual(dockerfile().unusedBuildArgs, [], 'build arguments no ARG declares');
        if (deployable.kind !== 'web') {
          assert.equal(build.path, NODE_WORKSPACE_DOCKERFILE);
          assert.ok(!refusesToBuild(build.args), `${NODE_WORKSPACE_DOCKERFILE} refuses these arguments`);
        }
      });

      it('is multi-stage on pinned bases and runs as a numeric non-root user', () => {
        checkCommonShape(dockerfile());
      });

      if (deployable.kind === 'web') {
        it('serves the Vite build with nginx, which is PID 1', () => {
          const web = dockerfile();
          assert.match(web.final.from, /^nginx:\d+\.\d+\.\d+/);
          assert.ok(
            find(web.final, 'COPY').some((copy) =>
              /--from=[\w-]+ \/app\/web\/dist \/usr\/share\/nginx\/html/.test(copy.args),
            ),
            'copies web/dist from the build stage',
          );
          assert.deepEqual(execForm(find(web.final, 'ENTRYPOINT').at(-1)?.args ?? ''), [
            'nginx',
            '-g',
            'daemon off;',
          ]);
          assert.equal(healthCommand(web)[0], 'wget');
          assert.ok(
            web.stages.some((stage) =>
              find(stage, 'RUN').some((run) => /vite build|--workspace=@multimfa\/web/.test(run.args)),
            ),
            'builds the web app',
          );
        });
      } else {
        it(`builds ${deployable.dir} and installs only its production dependencies`, () => {
          const node = dockerfile();
          const runs = node.stages.flatMap((stage) => find(stage, 'RUN').map((run) => run.args));
          const compiled = runs
            .flatMap((run) => /tsc -b ([^&]+)/.exec(run)?.[1]?.trim().split(/\s+/) ?? [])
            .map((pattern) => new RegExp(`^${pattern.replace('*', '[^/]+')}$`));
          assert.ok(
            compiled.some((pattern) => pattern.test(deployable.dir)),
            `${node.path} must compile ${deployable.dir} (tsc -b)`,
          );
          const stage = node.stages.find((candidate) => candidate.name === 'production-dependencies');
          assert.ok(stage, 'a production-dependencies stage');
          const stageRuns = find(stage, 'RUN').map((run) => run.raw);
          const narrowsThenPrunes = stageRuns.some((run) => {
            const narrows = run.indexOf('workspace-closure.mjs "$WORKSPACE_DIR"');
            const prunes = run.search(/npm (prune|install) --omit=dev/);
            return narrows >= 0 && prunes > narrows;
          });
          assert.ok(
            narrowsThenPrunes,
            `${node.path} must narrow the workspace to ${deployable.dir} before it keeps its production dependencies`,
          );
          assert.match(node.final.from, /^node:24\.\d+\.\d+/, 'the final image is a pinned Node 24');
          assert.equal(find(node.final, 'WORKDIR').at(-1)?.args, `/app/${deployable.dir}`);
        });

        it('runs node directly as PID 1, and checks health with node itself', () => {
          const node = dockerfile();
          assert.equal(find(node.final, 'ENTRYPOINT').length, 0, 'no ENTRYPOINT wrapper');
          const command = execForm(find(node.final, 'CMD').at(-1)?.args ?? '');
          assert.ok(command, 'CMD in exec form (a shell form would make /bin/sh PID 1)');
          assert.equal(command[0], 'node');
          assert.equal(command.at(-1), 'dist/main.js');
          assert.equal(healthCommand(node)[0], 'node', 'slim images have no curl: node fetches');
        });

        it('listens on the port it exposes, on every interface', () => {
          const node = dockerfile();
          const env = environment(node.final);
          const exposed = find(node.final, 'EXPOSE').map((expose) => expose.args);
          // The sandbox reads SANDBOX_HOST and SANDBOX_PORT; the other processes HOST and PORT.
          const { port: portKey, host: hostKey } = listenVariables(deployable);
          const port = env[portKey];
          assert.ok(port, `${portKey} is set`);
          assert.deepEqual(exposed, [port]);
          assert.equal(env[hostKey], '0.0.0.0', `${hostKey}: every interface`);
          assert.equal(env.NODE_ENV, 'production');
          const other = deployable.kind === 'sandbox' ? ['HOST', 'PORT'] : ['SANDBOX_HOST', 'SANDBOX_PORT'];
          assert.deepEqual(
            other.filter((key) => key in env),
            [],
            'sets only the variables the process reads',
          );
        });

        it('has a HEALTHCHECK that asks /health/ready on the port the process listens on', () => {
          const node = dockerfile();
          const command = healthCommand(node);
          const env = environment(node.final);
          const portKey = listenVariables(deployable).port;
          const healthy = runNodeHealthCheck(command, env, 'ok');
          assert.deepEqual(healthy.urls, [`http://127.0.0.1:${env[portKey]}/health/ready`], healthy.stderr);
          assert.equal(healthy.status, 0, 'healthy when /health/ready answers 2xx');
          assert.equal(runNodeHealthCheck(command, env, 'unavailable').status, 1, 'unhealthy on 503');
          assert.equal(runNodeHealthCheck(command, env, 'refused').status, 1, 'unhealthy when refused');
          // The port is read when the check runs: a container given another port is checked there.
          const moved = runNodeHealthCheck(command, { ...env, [portKey]: '18123' }, 'ok');
          assert.deepEqual(moved.urls, ['http://127.0.0.1:18123/health/ready'], moved.stderr);
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
