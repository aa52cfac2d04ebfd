import { readRepoFile, repoFileExists, subfolders } from './repo.js';

/** Something that runs as its own container: a service, the gateway, the web app, the sandbox. */
export interface Deployable {
  /** The compose service, the image (multimfa/<name>) and, for the app, the Deployment. */
  name: string;
  /** Its workspace folder, relative to the repository root. */
  dir: string;
  /** Its npm workspace name. */
  packageName: string;
  kind: 'service' | 'gateway' | 'web' | 'sandbox';
}

const workspace = (dir: string, kind: Deployable['kind']): Deployable => ({
  name: dir.split('/').at(-1) ?? dir,
  dir,
  packageName: (JSON.parse(readRepoFile(`${dir}/package.json`)) as { name: string }).name,
  kind,
});

/** Every folder of services/ is a service: the list grows by itself with the next one. */
export const services: Deployable[] = subfolders('services')
  .filter((name) => repoFileExists(`services/${name}/package.json`))
  .map((name) => workspace(`services/${name}`, 'service'));

/** What runs in production: the services, the gateway and the web app. */
export const appDeployables: Deployable[] = [
  ...services,
  workspace('gateway', 'gateway'),
  workspace('web', 'web'),
];

/** What docker compose runs besides: the provider sandbox (local and test use only). */
export const sandbox: Deployable = workspace('infra/provider-sandbox', 'sandbox');

export const allDeployables: Deployable[] = [...appDeployables, sandbox];

/** The workspace folders of the root package.json, with `dir/*` patterns expanded. */
export function workspaceDirs(): string[] {
  const { workspaces } = JSON.parse(readRepoFile('package.json')) as { workspaces: string[] };
  return workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? subfolders(pattern.slice(0, -2))
          .map((name) => `${pattern.slice(0, -2)}/${name}`)
          .filter((dir) => repoFileExists(`${dir}/package.json`))
      : [pattern],
  );
}
