// Every deployable of the workspace has an image build, a compose entry and (except the sandbox,
// which is for local use and tests) a Deployment. A new Node process in the workspace must join the
// list. Every Node workspace's image is the one shared Dockerfile: no workspace keeps its own copy.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { loadCompose } from './support/compose.js';
import { allDeployables, appDeployables, workspaceDirs } from './support/deployables.js';
import { composeBuild, NODE_WORKSPACE_DOCKERFILE } from './support/images.js';
import { overlays, renderOverlay } from './support/kubernetes.js';
import { repoFileExists } from './support/repo.js';

describe('deployables', () => {
  it('include every workspace that runs a Node process (src/main.ts)', () => {
    const known = new Set(allDeployables.map(({ dir }) => dir));
    const unknown = workspaceDirs().filter((dir) => repoFileExists(`${dir}/src/main.ts`) && !known.has(dir));
    assert.deepEqual(
      unknown,
      [],
      'add these to support/deployables.ts, with an image build in compose and Kubernetes',
    );
  });

  it('each have an image build (a Dockerfile and its arguments), a compose service and, in every overlay, a Deployment', () => {
    const compose = loadCompose();
    const missing = allDeployables.flatMap(({ name, dir, packageName, kind }) => {
      const build = composeBuild(compose.services[name]);
      return [
        ...(compose.services[name] ? [] : [`compose service ${name}`]),
        ...(build ? [] : [`the image build of ${name} (compose build:)`]),
        ...(build && !repoFileExists(build.path) ? [`${build.path} (the Dockerfile of ${name})`] : []),
        ...(build && kind !== 'web' && build.args.WORKSPACE_DIR !== dir
          ? [`build arg WORKSPACE_DIR=${dir} of ${name}`]
          : []),
        ...(build && kind !== 'web' && build.args.WORKSPACE_NAME !== packageName
          ? [`build arg WORKSPACE_NAME=${packageName} of ${name}`]
          : []),
        ...overlays.flatMap((overlay) =>
          appDeployables.some((app) => app.name === name) &&
          !renderOverlay(overlay).some(
            (object) => object.kind === 'Deployment' && object.metadata.name === name,
          )
            ? [`Deployment ${name} in ${overlay}`]
            : [],
        ),
      ];
    });
    assert.deepEqual(missing, []);
  });

  it(`build every Node workspace from ${NODE_WORKSPACE_DOCKERFILE}, and no workspace keeps a Dockerfile of its own`, () => {
    const compose = loadCompose();
    const node = allDeployables.filter(({ kind }) => kind !== 'web');
    assert.deepEqual(
      node
        .filter(({ name }) => composeBuild(compose.services[name])?.path !== NODE_WORKSPACE_DOCKERFILE)
        .map(({ name }) => name),
      [],
      `built from another Dockerfile than ${NODE_WORKSPACE_DOCKERFILE}`,
    );
    assert.deepEqual(
      node.map(({ dir }) => `${dir}/Dockerfile`).filter(repoFileExists),
      [],
      `left-over copies: delete them, ${NODE_WORKSPACE_DOCKERFILE} is the one Dockerfile`,
    );
  });
});
