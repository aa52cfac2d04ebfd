import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { publishedEvents } from './catalogue.events.js';
import { compatible, type Incompatibility } from './compatibility.rules.js';

/** The record of what was published: `packages/events/published-schemas.json`. */
export const PUBLISHED_SCHEMAS_FILE = fileURLToPath(new URL('../published-schemas.json', import.meta.url));

type Snapshot = Record<string, Record<string, unknown>>;

export function currentSchemas(): Snapshot {
  return Object.fromEntries(
    publishedEvents
      .map(
        (event) =>
          [`${event.type}@${event.version}`, z.toJSONSchema(event.payload, { io: 'output' })] as const,
      )
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

export function readPublished(): Snapshot {
  return JSON.parse(readFileSync(PUBLISHED_SCHEMAS_FILE, 'utf8')) as Snapshot;
}

/** What in the current code would break a consumer of what was published. */
export function breakingChanges(
  published: Snapshot,
  current: Snapshot,
): Array<Incompatibility & { event: string }> {
  const problems: Array<Incompatibility & { event: string }> = [];
  for (const [event, schema] of Object.entries(published)) {
    const now = current[event];
    if (!now) {
      problems.push({ event, path: '$', reason: 'a published event version was removed' });
      continue;
    }
    for (const problem of compatible(schema, now)) problems.push({ event, ...problem });
  }
  return problems;
}

// `npm run events:publish`: records the current schemas, refusing a change that breaks consumers.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const current = currentSchemas();
  const problems = breakingChanges(readPublished(), current);
  if (problems.length) {
    for (const p of problems) process.stderr.write(`${p.event} ${p.path}: ${p.reason}\n`);
    process.stderr.write('Refused: publish a new version of the event instead of changing this one.\n');
    process.exit(1);
  }
  writeFileSync(PUBLISHED_SCHEMAS_FILE, `${JSON.stringify(current, null, 2)}\n`);
  process.stdout.write(
    `recorded ${Object.keys(current).length} event schemas in ${PUBLISHED_SCHEMAS_FILE}\n`,
  );
}
