import assert from 'node:assert/strict';
import { endpoints } from '@multimfa/api-contract';
import { Browser } from './service-stack.js';

/**
 * Checks every successful answer the test browsers of this file received against the response schema
 * of the documented endpoint it came from; returns the operationIds so checked.
 */
export function assertAnswersMatchContract(): Set<string> {
  const checked = new Set<string>();
  for (const answer of Browser.answers) {
    if (answer.status >= 300) continue;
    const served = endpoints.find(
      (candidate) => candidate.method === answer.method && candidate.path === answer.path,
    );
    assert.ok(served, `${answer.method} ${answer.path} is a documented endpoint`);
    const parsed = served.response.safeParse(answer.body);
    assert.ok(parsed.success, `${served.operationId}: ${parsed.error?.message}`);
    checked.add(served.operationId);
  }
  return checked;
}
