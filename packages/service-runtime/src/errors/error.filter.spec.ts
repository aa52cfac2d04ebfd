import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import { createLogger } from '../logging/logger.js';
import { DomainError } from './domain-error.js';
import { mapError } from './error.filter.js';

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('test', 'info');
  const capture = logger.child({});
  capture.error = ((object: Record<string, unknown>, message: string) => {
    lines.push({ ...object, msg: message });
  }) as typeof capture.error;
  return { logger: capture, lines };
}

describe('mapError', () => {
  it('keeps a domain error message, status and code', () => {
    const { logger } = capturingLogger();
    const mapped = mapError(new DomainError('PLAN_FULL', 'Please Update your Plan', 409), logger);
    assert.equal(mapped.status, 409);
    assert.deepEqual(mapped.body, {
      isError: true,
      message: 'Please Update your Plan',
      data: { code: 'PLAN_FULL' },
    });
  });

  it('keeps the message of a Nest 4xx', () => {
    const { logger } = capturingLogger();
    assert.deepEqual(mapError(new NotFoundException('Cannot GET /x'), logger), {
      status: 404,
      body: { isError: true, message: 'Cannot GET /x', data: null },
    });
    assert.equal(mapError(new BadRequestException(['a', 'b']), logger).body.message, 'a, b');
  });

  it('turns a malformed JSON body into a 400', () => {
    const { logger } = capturingLogger();
    const parseError = Object.assign(new SyntaxError('Unexpected token'), {
      status: 400,
      expose: true,
      type: 'entity.parse.failed',
    });
    const mapped = mapError(parseError, logger);
    assert.equal(mapped.status, 400);
    assert.equal(mapped.body.message, 'The request body is not valid JSON');
  });

  it('hides an unexpected error behind an error id that is logged', () => {
    const { logger, lines } = capturingLogger();
    const mapped = mapError(new Error('connection string postgres://secret@db'), logger);
    assert.equal(mapped.status, 500);
    assert.doesNotMatch(mapped.body.message, /secret/);
    const errorId = (mapped.body.data as { errorId: string }).errorId;
    assert.match(mapped.body.message, new RegExp(errorId));
    assert.equal(lines.length, 1);
    assert.equal(lines[0]?.errorId, errorId);
  });
});
