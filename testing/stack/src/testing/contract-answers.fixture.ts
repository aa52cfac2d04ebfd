import assert from 'node:assert/strict';
import { endpoints } from '@multimfa/api-contract';
import { Browser } from './service-stack.harness.js';

/** An endpoint's path with its `:param` parts matching any one segment. */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);

/**
 * Checks every successful answer the test browsers of this file received against the response schema
 * of the documented endpoint it came from; returns the operationIds so checked.
 */
export function assertAnswersMatchContract(): Set<string> {
  const checked = new Set<string>();
  for (const answer of Browser.answers) {
    if (answer.status >= 300) continue;
    const path = answer.path.split('?')[0] ?? '';
    const served = endpoints.find(
      (candidate) => candidate.method === answer.method && pathPattern(candidate.path).test(path),
    );
    assert.ok(served, `${answer.method} ${answer.path} is a documented endpoint`);
    const parsed = served.response.safeParse(answer.body);
    assert.ok(parsed.success, `${served.operationId}: ${parsed.error?.message}`);
    checked.add(served.operationId);
  }
  return checked;
}
