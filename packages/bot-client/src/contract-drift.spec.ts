import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from '@jest/globals';
import type * as contract from '@multimfa/api-contract';
import { BOT_WAIT_MAX_SECONDS as CONTRACT_WAIT_MAX_SECONDS } from '@multimfa/api-contract';
import {
  BOT_OPERATIONS,
  BOT_WAIT_MAX_SECONDS,
  type BotMessage,
  type BotMessageClaim,
  type BotMessagePage,
} from './bot-api.types.js';

// The package's types, written out so it depends on nothing, must be the contract's: tsc fails this
// file (and with it the build) when one of them gains, loses or changes a field.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameMessage: Same<BotMessage, contract.BotMessage> = true;
const samePage: Same<BotMessagePage, contract.BotMessagePage> = true;
const sameClaim: Same<BotMessageClaim, contract.BotMessageClaim> = true;

type OpenApi = {
  paths: Record<
    string,
    Record<string, { operationId: string; parameters?: Array<{ name: string; in: string }> }>
  >;
  components: { schemas: Record<string, { properties: Record<string, unknown>; required: string[] }> };
};
const document = JSON.parse(
  readFileSync(new URL('../../../gateway/openapi.json', import.meta.url), 'utf8'),
) as OpenApi;

describe('the bot client against the OpenAPI document (gateway/openapi.json)', () => {
  it('has the contract\u2019s message, page and claim types (checked by tsc)', () => {
    assert.deepEqual([sameMessage, samePage, sameClaim], [true, true, true]);
  });

  it('calls exactly the bot operations of the document, with their methods, paths and query parameters', () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(() => path.startsWith('/api/bot/'))
        .map(([method, operation]) => ({
          operationId: operation.operationId,
          method: method.toUpperCase(),
          path,
          query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        })),
    );
    const ours = Object.entries(BOT_OPERATIONS).map(([operationId, operation]) => ({
      operationId,
      method: operation.method,
      path: operation.path,
      query: [...operation.query],
    }));
    const byId = (a: { operationId: string }, b: { operationId: string }) =>
      a.operationId.localeCompare(b.operationId);
    assert.deepEqual(ours.sort(byId), documented.sort(byId));
  });

  it('reads the fields the document gives a bot message, and waits no longer than the server holds a wait', () => {
    const schema = document.components.schemas.BotMessage;
    assert.deepEqual(Object.keys(schema?.properties ?? {}).sort(), [
      'body',
      'code',
      'cursor',
      'messageId',
      'receivedAt',
      'sender',
      'service',
    ]);
    assert.equal(BOT_WAIT_MAX_SECONDS, CONTRACT_WAIT_MAX_SECONDS);
  });
});
