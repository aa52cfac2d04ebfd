import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { createLogger } from '../logging/logger.factory.js';
import { DomainError } from './domain.errors.js';
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

  it("turns Fastify's refusal of a malformed JSON body into a 400 with the same message", () => {
    const { logger, lines } = capturingLogger();
    const parseError = Object.assign(
      new SyntaxError("Body is not valid JSON but content-type is set to 'application/json'"),
      {
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      },
    );
    const mapped = mapError(parseError, logger);
    assert.equal(mapped.status, 400);
    assert.deepEqual(mapped.body, {
      isError: true,
      message: 'The request body is not valid JSON',
      data: null,
    });
    assert.equal(lines.length, 0);
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

  it('logs a failed query without its SQL, its parameters or the driver detail quoting them', () => {
    const { logger, lines } = capturingLogger();
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    const driverError = Object.assign(
      new Error('duplicate key value violates unique constraint "uq_email"'),
      {
        code: '23505',
        detail: 'Key (email_address)=(grace@example.com) already exists.',
        parameters: ['grace@example.com', hash],
      },
    );
    const failed = new QueryFailedError(
      'INSERT INTO app_user (email_address, password_hash) VALUES ($1, $2)',
      ['grace@example.com', hash],
      driverError,
    );
    mapError(failed, logger);
    assert.equal(lines.length, 1);
    const written = JSON.stringify(lines[0]);
    assert.match(written, /duplicate key value violates unique constraint/);
    assert.ok(!written.includes(hash), 'the password hash is not logged');
    assert.ok(!written.includes('grace@example.com'), 'the e-mail address is not logged');
    assert.ok(!written.includes('INSERT INTO'), 'the SQL is not logged');
  });
});
