/**
 * `application/x-www-form-urlencoded` bodies, the way the providers read them:
 * - flat (Twilio): repeated keys become arrays;
 * - nested (Stripe): `card[number]=…`, `expand[]=a`, `expand[0]=a`, `metadata[k]=v`.
 * Nested objects have no prototype, so keys such as `__proto__` are plain data.
 */

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export class FormBodyError extends Error {
  constructor(readonly param: string) {
    super(`Invalid parameter: ${param}`);
    this.name = 'FormBodyError';
  }
}

const MAX_PARAMS = 2000;
const MAX_DEPTH = 8;
const MAX_INDEX = 1000;

function pairs(raw: string): Array<[string, string]> {
  const entries = [...new URLSearchParams(raw)];
  if (entries.length > MAX_PARAMS) throw new FormBodyError('(too many parameters)');
  return entries;
}

/** Flat form: each key to its value, or to every value in order when repeated. */
export function parseFlatForm(raw: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of pairs(raw)) {
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

/** `a[b][0][]` → ['a', 'b', '0', '']; a key whose brackets do not parse is taken literally. */
function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const segments = [key.slice(0, open)];
  const rest = key.slice(open);
  const pattern = /\[([^[\]]*)\]/gy;
  let consumed = 0;
  for (const match of rest.matchAll(pattern)) {
    segments.push(match[1] ?? '');
    consumed += match[0].length;
  }
  return consumed === rest.length ? segments : [key];
}

const isIndex = (segment: string) => segment === '' || /^\d+$/.test(segment);

/** Nested form, as Stripe parses it. Throws FormBodyError on a key used both as a value and a container. */
export function parseNestedForm(raw: string): FormObject {
  const root: FormObject = Object.create(null);
  const arrays = new WeakSet<FormObject>();
  const pushCounters = new WeakMap<FormObject, number>();

  for (const [key, value] of pairs(raw)) {
    const path = splitKey(key);
    if (path.length > MAX_DEPTH) throw new FormBodyError(key);
    let node = root;
    path.forEach((rawSegment, depth) => {
      let segment = rawSegment;
      if (arrays.has(node)) {
        if (!isIndex(segment) || Number(segment) > MAX_INDEX) throw new FormBodyError(key);
        if (segment === '') {
          const next = pushCounters.get(node) ?? Object.keys(node).length;
          pushCounters.set(node, next + 1);
          segment = String(next);
        }
      }
      if (depth === path.length - 1) {
        if (segment in node) throw new FormBodyError(key);
        node[segment] = value;
        return;
      }
      const existing = node[segment];
      if (existing === undefined) {
        const child: FormObject = Object.create(null);
        if (isIndex(path[depth + 1] ?? 'x')) arrays.add(child);
        node[segment] = child;
        node = child;
      } else if (typeof existing === 'object' && !Array.isArray(existing)) {
        node = existing;
      } else {
        throw new FormBodyError(key);
      }
    });
  }

  const finish = (value: FormValue): FormValue => {
    if (typeof value === 'string' || Array.isArray(value)) return value;
    if (arrays.has(value)) {
      return Object.keys(value)
        .sort((a, b) => Number(a) - Number(b))
        .map((k) => finish(value[k] as FormValue));
    }
    for (const k of Object.keys(value)) value[k] = finish(value[k] as FormValue);
    return value;
  };
  return finish(root) as FormObject;
}

/** Deterministic JSON of a parsed body (keys sorted), for comparing two requests' parameters. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
