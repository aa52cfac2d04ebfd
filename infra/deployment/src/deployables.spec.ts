// Every deployable of the workspace has an image, a compose entry and (except the sandbox, which
// is for local use and tests) a Deployment. A new Node process in the workspace must join the list.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadCompose } from './support/compose.js';
import { allDeployables, appDeployables, workspaceDirs } from './support/deployables.js';
import { overlays, renderOverlay } from './support/kubernetes.js';
import { repoFileExists } from './support/repo.js';

describe('deployables', () => {
  it('include every workspace that runs a Node process (src/main.ts)', () => {
    const known = new Set(allDeployables.map(({ dir }) => dir));
    const unknown = workspaceDirs().filter((dir) => repoFileExists(`${dir}/src/main.ts`) && !known.has(dir));
    assert.deepEqual(
      unknown,
      [],
      'add these to support/deployables.ts, with a Dockerfile, compose and Kubernetes',
    );
  });

  it('each have a Dockerfile, a compose service and, in every overlay, a Deployment', () => {
    const compose = loadCompose();
    const missing = allDeployables.flatMap(({ name, dir }) => [
      ...(repoFileExists(`${dir}/Dockerfile`) ? [] : [`${dir}/Dockerfile`]),
      ...(compose.services[name] ? [] : [`compose service ${name}`]),
      ...overlays.flatMap((overlay) =>
        appDeployables.some((app) => app.name === name) &&
        !renderOverlay(overlay).some(
          (object) => object.kind === 'Deployment' && object.metadata.name === name,
        )
          ? [`Deployment ${name} in ${overlay}`]
          : [],
      ),
    ]);
    assert.deepEqual(missing, []);
  });
});
