// Every setting a process reads at boot, as its zod schema says, is set where it runs: in the
// ConfigMaps and Secrets of its Deployment, and in docker-compose.yml (with its image's ENV).
// The values written in the repository pass the same schema. .env.example documents them all.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { envExample, loadCompose, serviceEnvironment, variablesIn } from './support/compose.js';
import { services } from './support/deployables.js';
import { environment, parseDockerfile } from './support/dockerfile.js';
import { composeBuild, NODE_WORKSPACE_DOCKERFILE } from './support/images.js';
import {
  containerEnvironment,
  named,
  ofKind,
  overlays,
  podSpec,
  renderOverlay,
} from './support/kubernetes.js';
import { readRepoFile } from './support/repo.js';
import { processSettings, rejectedValues } from './support/settings.js';

/** Stands in for what .env.example leaves for the developer to fill (secrets). */
// 64 hex digits: a key of 32 bytes as much as a secret of at least 32 characters.
const STAND_IN = '57a2d1e0057a2d1e0057a2d1e0057a2d1e0057a2d1e0057a2d1e0057a2d1e005';

/** The build arguments compose builds a process's image with (the Deployments run the same image). */
function imageArgs(name: string): Record<string, string> {
  const build = composeBuild(loadCompose().services[name]);
  assert.ok(build, `compose builds ${name}'s image`);
  return build.args;
}

describe('settings', () => {
  it('knows the settings of every service of the workspace and of the gateway', () => {
    assert.deepEqual(
      processSettings.map((settings) => settings.name).sort(),
      [...services.map((service) => service.name), 'gateway'].sort(),
      'support/settings.ts must import the definition of every services/* workspace',
    );
  });

  for (const overlay of overlays) {
    describe(`in Kubernetes (${overlay})`, () => {
      const objects = renderOverlay(overlay);
      for (const settings of processSettings) {
        it(`sets every setting ${settings.name} requires, with valid values`, () => {
          const deployment = named(ofKind<IDeployment>('Deployment')(objects), settings.name, 'Deployment');
          const container = podSpec(deployment).containers[0];
          assert.ok(container);
          const { values, secrets } = containerEnvironment(container, objects);
          const missing = settings.required.filter((key) => !(key in values) && !secrets.has(key));
          assert.deepEqual(missing, [], `${settings.name} would refuse to start without these`);
          const known = Object.keys(values);
          assert.deepEqual(
            rejectedValues(settings, values, known),
            [],
            `${settings.name}: values its schema rejects`,
          );
        });

        it(`sets no setting ${settings.name} does not read`, () => {
          const deployment = named(ofKind<IDeployment>('Deployment')(objects), settings.name, 'Deployment');
          const container = podSpec(deployment).containers[0];
          assert.ok(container);
          const { values, secrets } = containerEnvironment(container, objects);
          // NODE_OPTIONS is Node's own (heap size, source maps), read before the process's schema.
          const unknown = [...Object.keys(values), ...secrets].filter(
            (key) => !settings.all.includes(key) && key !== 'NODE_OPTIONS',
          );
          assert.deepEqual(
            unknown.sort(),
            [],
            `${settings.name} would ignore these (a typo, or a setting removed)`,
          );
        });

        it(`exposes and probes the ports ${settings.name} listens on`, () => {
          const deployment = named(ofKind<IDeployment>('Deployment')(objects), settings.name, 'Deployment');
          const container = podSpec(deployment).containers[0];
          assert.ok(container);
          const { values } = containerEnvironment(container, objects);
          const dockerfile = parseDockerfile(NODE_WORKSPACE_DOCKERFILE, imageArgs(settings.name));
          const image = environment(dockerfile.final);
          // The port the process listens on: the Deployment's PORT, else the image's.
          const port = Number(values.PORT ?? image.PORT);
          // The metrics port is set where the Deployment runs (multimfa-common), never left to a default.
          const metricsPort = Number(values.METRICS_PORT ?? image.METRICS_PORT);
          const declared = new Map((container.ports ?? []).map((entry) => [entry.name, entry.containerPort]));
          assert.equal(
            declared.get('http'),
            port,
            `containerPort http is the port ${settings.name} listens on`,
          );
          for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe]) {
            const target = probe?.httpGet?.port;
            assert.ok(target !== undefined, 'an HTTP probe');
            assert.equal(
              typeof target === 'string' ? declared.get(target) : target,
              port,
              'probes the API port',
            );
          }
          const scrape = deployment.spec?.template.metadata?.annotations?.['prometheus.io/port'];
          if (scrape !== undefined)
            assert.equal(Number(scrape), metricsPort, 'Prometheus scrapes METRICS_PORT');
        });
      }
    });
  }

  describe('in docker-compose.yml', () => {
    const compose = loadCompose();
    const { active } = envExample();
    const filled = Object.entries(active)
      .filter(([, value]) => value === '')
      .map(([name]) => name);

    for (const settings of processSettings) {
      it(`sets every setting ${settings.name} requires, with valid values`, () => {
        const service = compose.services[settings.name];
        assert.ok(service, `no compose service ${settings.name}`);
        const build = composeBuild(service);
        assert.ok(build, `compose service ${settings.name} must build its image`);
        const image = environment(parseDockerfile(build.path, build.args).final);
        const env = { ...image, ...serviceEnvironment(service) };
        const missing = settings.required.filter((key) => !(key in env));
        assert.deepEqual(missing, [], `${settings.name} would refuse to start without these`);
        // Settings compose takes from an empty .env.example line are the developer's to fill.
        for (const [key, value] of Object.entries(env)) if (value === '') env[key] = STAND_IN;
        assert.deepEqual(
          rejectedValues(settings, env, Object.keys(env)),
          [],
          `${settings.name}: values its schema rejects (developer-filled: ${filled.join(', ')})`,
        );
      });
    }
  });

  describe('.env.example', () => {
    const { active, documented } = envExample();

    it('documents every setting of every process', () => {
      const undocumented = processSettings.flatMap((settings) =>
        settings.all.filter((key) => !documented.has(key)).map((key) => `${settings.name}: ${key}`),
      );
      assert.deepEqual(undocumented, []);
    });

    it('gives every variable docker-compose.yml uses, and no other', () => {
      const used = new Set(variablesIn(readRepoFile('docker-compose.yml')));
      assert.deepEqual(
        [...used].filter((name) => !(name in active)),
        [],
        'variables of docker-compose.yml missing from .env.example',
      );
      assert.deepEqual(
        Object.keys(active).filter((name) => !used.has(name)),
        [],
        'uncommented lines of .env.example that docker-compose.yml never reads',
      );
    });
  });
});
