import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { z } from 'zod';
import { DomainError } from '../errors/domain.errors.js';
import { ZodPipe } from './zod.pipe.js';

describe('ZodPipe', () => {
  const pipe = new ZodPipe(z.object({ emailAddress: z.email('Please provide email address') }));

  it('returns the parsed value', () => {
    assert.deepEqual(pipe.transform({ emailAddress: 'a@b.co', extra: 1 }), { emailAddress: 'a@b.co' });
  });

  it('rejects bad input with a 400 that names the field', () => {
    assert.throws(
      () => pipe.transform({ emailAddress: 'nope' }),
      (error) =>
        error instanceof DomainError &&
        error.status === 400 &&
        error.code === 'VALIDATION_FAILED' &&
        error.message === 'Please provide email address',
    );
  });

  it("names the field when the message is zod's own", () => {
    assert.throws(
      () => new ZodPipe(z.object({ count: z.number() })).transform({ count: 'x' }),
      (error) => error instanceof DomainError && /^count: Invalid input/.test(error.message),
    );
  });
});
