import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { extractCode, MAX_TEXT_LENGTH } from './extract-code.rules.js';
import { cases } from './extraction-cases.fixture.js';

describe('extractCode on real-world message shapes (extraction-cases.fixture.ts)', () => {
  it.each(cases.map((each) => [each.name, each] as const))('%s', (_name, { text, sender, expected }) => {
    const found = extractCode(text, sender);
    assert.deepEqual(
      found && { code: found.code, service: found.service },
      expected && {
        code: expected.code,
        service: expected.service,
      },
    );
  });

  it('holds at least 150 cases, at least 30 of them without a code', () => {
    assert.ok(cases.length >= 150, `${cases.length} cases`);
    assert.ok(cases.filter((each) => each.expected === null).length >= 30);
  });
});

describe('extractCode confidence', () => {
  it('is 0.99 for an origin-bound line, 0.96 for a vendor format, and between 0.5 and 0.96 for a heuristic reading', () => {
    const originBound = extractCode('Your code is 123456.\n\n@example.com #123456');
    const vendor = extractCode('G-482915 is your Google verification code.');
    const heuristic = extractCode('Your verification code is 482915.');
    assert.equal(originBound?.confidence, 0.99);
    assert.equal(vendor?.confidence, 0.96);
    assert.ok(
      heuristic && heuristic.confidence > 0.5 && heuristic.confidence < 0.96,
      String(heuristic?.confidence),
    );
  });

  it('is higher for a code next to its label than for one far from it', () => {
    const near = extractCode('Your verification code is 482915.');
    const far = extractCode('Your verification code for the account you opened with us last week is 482915.');
    assert.ok(near && far && near.confidence > far.confidence, `${near?.confidence} vs ${far?.confidence}`);
  });

  it('names the vendor of an alphanumeric sender id, none for a phone number, and is higher with the vendor', () => {
    const named = extractCode('Your code is 482915', 'AMAZON');
    const anonymous = extractCode('Your code is 482915', '+15551234567');
    assert.deepEqual(named?.service, 'Amazon');
    assert.equal(anonymous?.service, undefined);
    assert.ok(named && anonymous && named.confidence > anonymous.confidence);
  });
});

describe('extractCode on long and hostile input', () => {
  it(`reads only the first ${MAX_TEXT_LENGTH} characters for vendor formats and heuristics`, () => {
    const padding = 'x '.repeat(MAX_TEXT_LENGTH);
    assert.equal(extractCode(`${padding}Your verification code is 482915`), null);
    assert.equal(extractCode(`Your verification code is 482915 ${padding}`)?.code, '482915');
  });

  it('still finds an origin-bound last line after a long text', () => {
    const found = extractCode(`${'Lorem ipsum. '.repeat(500)}\n@example.com #654321`);
    assert.deepEqual(found, { code: '654321', service: 'example.com', confidence: 0.99 });
  });

  it('answers null for inputs of up to a million characters of digits, dashes, dots, labels and @ signs', () => {
    const hostile = `${'1-'.repeat(300_000)}${'code 1.2.3.4 '.repeat(30_000)}@a.b #1`;
    assert.equal(extractCode(`${hostile}x`), null);
    assert.equal(extractCode('@'.repeat(100_000)), null);
    assert.equal(extractCode(`@${'a.'.repeat(50_000)} #123456`), null);
  });
});
