import { stripeErrors } from './stripe-error.js';

const ID_PREFIXES = ['cus_', 'pm_', 'pi_', 'ch_'];
const MAX_EXPAND_DEPTH = 4;

type Json = Record<string, unknown>;

/**
 * Applies `expand[]` to an API answer: each dotted path that ends at an object id is replaced by that
 * object (`data.` reaches into list items). Paths are expanded parents first, so `latest_charge.customer`
 * works; a path that does not end at an expandable id fails as Stripe does.
 */
export function expandObject(
  result: unknown,
  paths: readonly string[],
  lookup: (id: string) => unknown,
): unknown {
  if (!paths.length) return result;
  const copy = structuredClone(result) as Json;
  const sorted = [...new Set(paths)].sort((a, b) => a.split('.').length - b.split('.').length);
  for (const path of sorted) {
    const segments = path.split('.');
    if (segments.length > MAX_EXPAND_DEPTH) {
      throw stripeErrors.invalidRequest(
        `You cannot expand more than ${MAX_EXPAND_DEPTH} levels of a property. Property: ${path}`,
        { param: 'expand' },
      );
    }
    expandAt(copy, segments, path, lookup);
  }
  return copy;
}

function expandAt(node: unknown, segments: string[], path: string, lookup: (id: string) => unknown): void {
  const cannot = () =>
    stripeErrors.invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
  if (!node || typeof node !== 'object') throw cannot();
  const [head, ...rest] = segments;
  if (head === undefined) return;
  if (Array.isArray(node)) {
    for (const item of node) expandAt(item, segments, path, lookup);
    return;
  }
  const record = node as Json;
  if (!(head in record)) throw cannot();
  const value = record[head];
  if (rest.length) {
    expandAt(value, rest, path, lookup);
    return;
  }
  if (value === null || (typeof value === 'object' && value !== null)) return;
  if (typeof value !== 'string' || !ID_PREFIXES.some((prefix) => value.startsWith(prefix))) throw cannot();
  const target = lookup(value);
  if (target !== undefined) record[head] = structuredClone(target);
}
