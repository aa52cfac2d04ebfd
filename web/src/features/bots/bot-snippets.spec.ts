import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { botActionText, maskedKey, waitSnippet } from './bot-snippets';

const key = `mmfa_bot_${'A'.repeat(39)}wxyz`;
const origin = 'https://multimfa.example';

describe("a bot's Get started snippets", () => {
  it('masks a key to its prefix and last four characters', () => {
    assert.equal(maskedKey(key), 'mmfa_bot_••••••••wxyz');
  });

  it('gives the curl wait call with the key as a bearer token, at the longest wait, on this site', () => {
    const curl = waitSnippet('curl', origin, key);
    assert.match(curl, new RegExp(`-H "Authorization: Bearer ${key}"`));
    assert.match(curl, /"https:\/\/multimfa\.example\/api\/bot\/v1\/messages\/next\?timeout=25"/);
  });

  it('gives the same call in Node with fetch, printing the code of a 200', () => {
    const node = waitSnippet('node', origin, maskedKey(key));
    assert.match(node, /fetch\('https:\/\/multimfa\.example\/api\/bot\/v1\/messages\/next\?timeout=25'/);
    assert.match(node, /Authorization: 'Bearer mmfa_bot_••••••••wxyz'/);
    assert.match(node, /response\.status === 200/);
    assert.equal(node.includes(key), false);
  });

  it('names the bot that read, waited for or claimed a text, and a bot deleted since as such', () => {
    const names = new Map([['b1', 'bot 1']]);
    assert.equal(botActionText({ botId: 'b1', action: 'read' }, names), 'bot 1 read it');
    assert.equal(botActionText({ botId: 'b1', action: 'waited' }, names), 'bot 1 got it from a wait');
    assert.equal(botActionText({ botId: 'b1', action: 'claimed' }, names), 'bot 1 claimed it');
    assert.equal(botActionText({ botId: 'gone', action: 'read' }, names), 'A deleted bot read it');
  });
});
