import qs from 'qs';

/**
 * `application/x-www-form-urlencoded` bodies, the way the providers read them, parsed by qs:
 * - flat (Twilio): repeated keys become arrays;
 * - nested (Stripe): `card[number]=…`, `expand[]=a`, `expand[0]=a`, `metadata[k]=v`.
 * Nested objects have no prototype, and a `__proto__` key is dropped.
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

/** What qs may build: objects without a prototype (qs drops `__proto__` keys), bounded in size. */
const QS_OPTIONS: qs.IParseOptions = {
  depth: MAX_DEPTH,
  strictDepth: true,
  parameterLimit: MAX_PARAMS,
  throwOnLimitExceeded: true,
  arrayLimit: MAX_INDEX,
  plainObjects: true,
};

/** Flat form: each key to its value, or to every value in order when repeated. */
export function parseFlatForm(raw: string): Record<string, string | string[]> {
  try {
    return qs.parse(raw, { ...QS_OPTIONS, depth: 0, allowDots: false }) as Record<string, string | string[]>;
  } catch {
    throw new FormBodyError('(too many parameters)');
  }
}

/**
 * Stripe refuses a body that uses one name both as a value and as a container (`card=x&card[n]=1`),
 * or sets one value twice; qs would merge them into an array, so this check stays ours.
 */
function assertNoConflicts(raw: string): void {
  const values = new Set<string>();
  const containers = new Set<string>();
  for (const [key] of new URLSearchParams(raw)) {
    const segments = key.split('[');
    const value = key.endsWith('[]') ? undefined : key;
    for (let i = 1; i < segments.length; i += 1) containers.add(segments.slice(0, i).join('['));
    if (value !== undefined && values.has(value)) throw new FormBodyError(key);
    if (value !== undefined) values.add(value);
  }
  for (const value of values) if (containers.has(value)) throw new FormBodyError(value);
}

/** Nested form, as Stripe parses it (qs, as stripe-node encodes with it). Throws FormBodyError on a conflict. */
export function parseNestedForm(raw: string): FormObject {
  assertNoConflicts(raw);
  try {
    return qs.parse(raw, QS_OPTIONS) as FormObject;
  } catch {
    throw new FormBodyError('(too many parameters or too deep)');
  }
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
