import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { currentCorrelationId, sanitizeCorrelationId, withCorrelationId } from './correlation.context.js';

describe('correlation ids', () => {
  it('keeps a plain caller id and replaces anything else', () => {
    assert.equal(sanitizeCorrelationId('abc-123_XYZ.9'), 'abc-123_XYZ.9');
    assert.equal(sanitizeCorrelationId('short'), undefined);
    assert.equal(sanitizeCorrelationId('evil\n{"level":"fatal"}'), undefined);
    assert.equal(sanitizeCorrelationId(['abcdefgh']), undefined);
  });

  it('is visible inside the work, across awaits, and gone after', async () => {
    assert.equal(currentCorrelationId(), undefined);
    await withCorrelationId('request-0001', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(currentCorrelationId(), 'request-0001');
    });
    assert.equal(currentCorrelationId(), undefined);
  });

  it('generates one when the caller sent none', () => {
    const id = withCorrelationId(undefined, () => currentCorrelationId());
    assert.match(id ?? '', /^[0-9a-f-]{36}$/);
  });
});
