// The functions that spent the most CPU time in V8 CPU profiles (`--cpu-prof`), by self time and by
// package: `node scripts/bench/profile-top.mjs <file.cpuprofile>... [--top N]`.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const topIndex = args.indexOf('--top');
const top = topIndex >= 0 ? Number(args.splice(topIndex, 2)[1]) : 25;

/** Where a function lives: its npm package, the project's own code, or Node itself. */
function owner(url) {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return 'node core';
  const parts = url.split('node_modules/');
  if (parts.length > 1) {
    const [scope, name] = parts.at(-1).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const project = url.match(/\/(gateway|services\/[^/]+|packages\/[^/]+)\/dist\//);
  return project ? project[1] : url;
}

for (const file of args) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const self = new Map();
  const interval = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0) / profile.samples.length;
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const byFunction = new Map();
  const byOwner = new Map();
  let total = 0;
  let idle = 0;
  for (const node of profile.nodes) {
    const hits = counts.get(node.id) ?? 0;
    if (!hits) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    total += hits;
    if (functionName === '(idle)') idle += hits;
    const name = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
    const where = functionName.startsWith('(') ? functionName : owner(url);
    byOwner.set(where, (byOwner.get(where) ?? 0) + hits);
    self.set(node.id, hits);
  }
  const busy = total - idle;
  const share = (hits) => `${((100 * hits) / busy).toFixed(1)}%`;
  console.log(
    `\n${file}: ${((total * interval) / 1e6).toFixed(1)} s sampled, ${((100 * busy) / total).toFixed(0)}% busy`,
  );
  console.log('\nself time by package (share of busy time)');
  for (const [where, hits] of [...byOwner]
    .filter(([w]) => w !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`  ${share(hits).padStart(6)}  ${where}`);
  console.log('\nself time by function');
  for (const [name, hits] of [...byFunction]
    .filter(([n]) => !n.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`  ${share(hits).padStart(6)}  ${name}`);
}
