import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import fastify from 'fastify';
import { registerBodyParsers } from './body-parsers.setup.js';

/** A Fastify server with the gateway's parsers, echoing what each route received as its body. */
async function server() {
  const app = fastify();
  registerBodyParsers(app);
  const echo = (request: { body: unknown }) => ({
    buffer: Buffer.isBuffer(request.body),
    body: Buffer.isBuffer(request.body) ? request.body.toString('utf8') : (request.body ?? null),
  });
  app.post('/api/webhooks/sendgrid/events', echo);
  app.post('/api/webhooks/twilio/sms', echo);
  app.post('/api/auth/login', echo);
  await app.ready();
  return app;
}

describe("the gateway's body parsers", () => {
  it('keeps a webhook body as the bytes sent, whatever its type, for the signature check', async () => {
    const app = await server();
    const json = '{ "event" : "delivered" }';
    const sent = await app.inject({
      method: 'POST',
      url: '/api/webhooks/sendgrid/events',
      headers: { 'content-type': 'application/json' },
      payload: json,
    });
    assert.deepEqual(sent.json(), { buffer: true, body: json });
    const form = await app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/sms?x=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'Body=G-123456&From=%2B14155550100',
    });
    assert.deepEqual(form.json(), { buffer: true, body: 'Body=G-123456&From=%2B14155550100' });
  });

  it('parses JSON elsewhere: an empty body is {}, other types are left out', async () => {
    const app = await server();
    const login = (payload: string, type = 'application/json') =>
      app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': type }, payload });
    assert.deepEqual((await login('{"emailAddress":"a@b.c"}')).json(), {
      buffer: false,
      body: { emailAddress: 'a@b.c' },
    });
    assert.deepEqual((await login('')).json(), { buffer: false, body: {} });
    assert.deepEqual((await login('emailAddress=a', 'application/x-www-form-urlencoded')).json(), {
      buffer: false,
      body: null,
    });
  });

  it('refuses malformed JSON with 400 and JSON over 100 KiB with 413, as Fastify codes them', async () => {
    const app = await server();
    const login = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const malformed = await login('{"emailAddress":');
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().code, 'FST_ERR_CTP_INVALID_JSON_BODY');
    const large = await login(JSON.stringify({ padding: 'x'.repeat(101 * 1024) }));
    assert.equal(large.statusCode, 413);
    assert.equal(large.json().code, 'FST_ERR_CTP_BODY_TOO_LARGE');
  });
});
