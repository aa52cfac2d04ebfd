import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, from this file's place in infra/deployment/dist/support/. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export const repoPath = (...parts: string[]): string => join(repoRoot, ...parts);

export const readRepoFile = (path: string): string => readFileSync(repoPath(path), 'utf8');

export const repoFileExists = (path: string): boolean => existsSync(repoPath(path));

/** The files under a folder of the repository, recursively, as paths relative to the root. */
export function filesUnder(path: string): string[] {
  return readdirSync(repoPath(path), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(path, entry.name)) : [join(path, entry.name)],
  );
}

/** The folders directly under a folder of the repository, sorted. */
export function subfolders(path: string): string[] {
  return readdirSync(repoPath(path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}
