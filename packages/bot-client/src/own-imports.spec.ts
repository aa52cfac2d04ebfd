import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';

const SOURCE = new URL('.', import.meta.url).pathname;
const isTest = (file: string) => /\.spec\.ts$/.test(file) || file.startsWith('testing/');

/** Every import specifier of the package's shipped sources, by file (relative to src/). */
function importsByFile(): Array<[string, string[]]> {
  return (readdirSync(SOURCE, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !isTest(file))
    .map((file) => [
      file,
      [...readFileSync(join(SOURCE, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map(
        ([, specifier]) => specifier as string,
      ),
    ]);
}

describe('the published bot client', () => {
  it('imports nothing but its own files: no npm package, no workspace', () => {
    const foreign = importsByFile().flatMap(([file, specifiers]) =>
      specifiers.filter((s) => !s.startsWith('.') && !s.startsWith('node:')).map((s) => `${file}: ${s}`),
    );
    expect(foreign).toStrictEqual([]);
  });

  it('uses Node\u2019s modules in its CLI only, so the client runs in browsers', () => {
    const nodeOnly = importsByFile().flatMap(([file, specifiers]) =>
      file.startsWith('cli/')
        ? []
        : specifiers.filter((s) => s.startsWith('node:')).map((s) => `${file}: ${s}`),
    );
    expect(nodeOnly).toStrictEqual([]);
  });
});
