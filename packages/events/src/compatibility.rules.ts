/**
 * Can a consumer built against `published` read every event that `current` allows? That is the
 * rule for changing a published event in place: add optional or new fields, widen, never remove a
 * required field, narrow, or change a type. Anything else needs a new version (or a new topic).
 *
 * Works on the JSON Schemas zod produces for event payloads. Extra properties are not a break:
 * consumers parse with zod's default objects, which ignore unknown keys.
 */
type Schema = Record<string, unknown>;

export interface Incompatibility {
  path: string;
  reason: string;
}

const branches = (schema: Schema): Schema[] =>
  Array.isArray(schema.anyOf) ? (schema.anyOf as Schema[]) : [schema];
const typesOf = (schema: Schema): string[] | undefined =>
  schema.type === undefined
    ? undefined
    : Array.isArray(schema.type)
      ? (schema.type as string[])
      : [schema.type as string];
const isAny = (schema: Schema) =>
  Object.keys(schema).filter((key) => !['description', 'title', 'id', '$schema'].includes(key)).length === 0;

function compareBounds(published: Schema, current: Schema, path: string, out: Incompatibility[]) {
  const lower = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems'];
  const upper = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems'];
  for (const key of lower) {
    const before = published[key];
    if (typeof before !== 'number') continue;
    const after = current[key];
    if (typeof after !== 'number' || after < before)
      out.push({ path, reason: `${key} was lowered or removed (${before})` });
  }
  for (const key of upper) {
    const before = published[key];
    if (typeof before !== 'number') continue;
    const after = current[key];
    if (typeof after !== 'number' || after > before)
      out.push({ path, reason: `${key} was raised or removed (${before})` });
  }
  for (const key of ['format', 'pattern', 'const']) {
    if (published[key] !== undefined && JSON.stringify(published[key]) !== JSON.stringify(current[key])) {
      out.push({ path, reason: `${key} changed from ${JSON.stringify(published[key])}` });
    }
  }
}

function compareOne(published: Schema, current: Schema, path: string): Incompatibility[] {
  if (isAny(published)) return [];
  const out: Incompatibility[] = [];
  const before = typesOf(published);
  const after = typesOf(current);
  if (before) {
    const widened = (after ?? ['any']).filter(
      (type) => !before.includes(type) && !(type === 'integer' && before.includes('number')),
    );
    if (widened.length)
      return [{ path, reason: `type ${widened.join(', ')} is not one of ${before.join(', ')}` }];
  }
  if (Array.isArray(published.enum)) {
    const allowed = published.enum as unknown[];
    const now = Array.isArray(current.enum) ? (current.enum as unknown[]) : undefined;
    if (!now) out.push({ path, reason: `no longer limited to ${JSON.stringify(allowed)}` });
    else {
      const added = now.filter((value) => !allowed.includes(value));
      if (added.length)
        out.push({ path, reason: `new values ${JSON.stringify(added)} old consumers do not know` });
    }
  }
  compareBounds(published, current, path, out);

  const oldProperties = (published.properties ?? {}) as Record<string, Schema>;
  const newProperties = (current.properties ?? {}) as Record<string, Schema>;
  const newRequired = new Set((current.required ?? []) as string[]);
  for (const name of (published.required ?? []) as string[]) {
    if (!newRequired.has(name))
      out.push({ path: `${path}.${name}`, reason: 'a required field is gone or became optional' });
  }
  for (const [name, schema] of Object.entries(oldProperties)) {
    const now = newProperties[name];
    if (now) out.push(...compatible(schema, now, `${path}.${name}`));
  }
  if (published.items && current.items) {
    out.push(...compatible(published.items as Schema, current.items as Schema, `${path}[]`));
  }
  return out;
}

/** Every way `current` breaks consumers of `published`; empty when it does not. */
export function compatible(published: Schema, current: Schema, path = '$'): Incompatibility[] {
  const oldBranches = branches(published);
  const out: Incompatibility[] = [];
  for (const branch of branches(current)) {
    const attempts = oldBranches.map((old) => compareOne(old, branch, path));
    const fits = attempts.find((problems) => problems.length === 0);
    if (!fits) out.push(...(attempts.sort((a, b) => a.length - b.length)[0] ?? []));
  }
  return out;
}
