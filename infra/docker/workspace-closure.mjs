// Narrows the npm workspace in the current folder to one workspace and the workspaces it depends on
// at run time, so that `npm prune --omit=dev` keeps that process's production dependencies only
// (npm keeps or installs every workspace's dependencies otherwise, even with --workspace). Run by the
// production-dependencies stage of infra/docker/node-workspace.Dockerfile:
//   node infra/docker/workspace-closure.mjs <workspace folder>
// Rewrites the root package.json (those workspaces, no devDependencies, no scripts), removes the
// other workspaces' folders, and prints the kept folders, one per line.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const [target] = process.argv.slice(2);
const rootManifest = JSON.parse(readFileSync('package.json', 'utf8'));

/** Each workspace folder the root lists ("packages/*" expanded), with its package.json. */
const workspaces = new Map();
for (const pattern of rootManifest.workspaces) {
  const folders = pattern.endsWith('/*')
    ? readdirSync(pattern.slice(0, -2), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(pattern.slice(0, -2), entry.name))
    : [pattern];
  for (const folder of folders) {
    try {
      workspaces.set(folder, JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')));
    } catch {
      // a folder without package.json is no workspace
    }
  }
}
if (!workspaces.has(target)) {
  console.error(`${target} is not a workspace of this repository (${[...workspaces.keys()].join(', ')})`);
  process.exit(1);
}
const folderOf = new Map([...workspaces].map(([folder, manifest]) => [manifest.name, folder]));

const kept = new Set();
const pending = [target];
while (pending.length) {
  const folder = pending.pop();
  if (kept.has(folder)) continue;
  kept.add(folder);
  for (const name of Object.keys(workspaces.get(folder).dependencies ?? {})) {
    if (folderOf.has(name)) pending.push(folderOf.get(name));
  }
}

for (const folder of workspaces.keys()) {
  if (kept.has(folder)) continue;
  rmSync(folder, { recursive: true });
  // and its parent (services/, infra/) once it holds nothing else
  const parent = dirname(folder);
  if (parent !== '.' && readdirSync(parent).length === 0) rmSync(parent, { recursive: true });
}
const { devDependencies: _dev, scripts: _scripts, ...rest } = rootManifest;
writeFileSync('package.json', `${JSON.stringify({ ...rest, workspaces: [...kept].sort() }, null, 2)}\n`);
console.log([...kept].sort().join('\n'));
