// tsc writes the CommonJS build as .js files under a package whose "type" is "module": this marker
// tells Node (and bundlers) that dist/cjs holds CommonJS. Run after `tsc -b` (the package's build,
// and scripts/lib/build.mjs for the monorepo).
import { mkdirSync, writeFileSync } from 'node:fs';

const folder = new URL('../dist/cjs/', import.meta.url);
mkdirSync(folder, { recursive: true });
writeFileSync(new URL('package.json', folder), `${JSON.stringify({ type: 'commonjs' })}\n`);
