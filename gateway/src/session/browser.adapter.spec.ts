import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { describe, it } from '@jest/globals';
import signature from 'cookie-signature';
import type { GatewayRequest } from '../exchange/raw-exchange.adapter.js';
import { browserOf } from './browser.adapter.js';

/** A request whose express-session regenerates, saves and destroys in memory. */
function request(signedCookies: Record<string, unknown> = {}) {
  const calls: string[] = [];
  const fresh = (data: Record<string, unknown> = {}) => ({
    ...data,
    regenerate(done: (error?: unknown) => void) {
      fake.sessionID = `${fake.sessionID}+`;
      fake.session = fresh();
      calls.push('regenerate');
      done();
    },
    save(done: (error?: unknown) => void) {
      calls.push('save');
      done();
    },
    destroy(done: (error?: unknown) => void) {
      calls.push('destroy');
      done(new Error('the store is down'));
    },
  });
  const fake: {
    ip: string;
    sessionID: string;
    signedCookies: object;
    secret: string;
    session?: ReturnType<typeof fresh>;
  } = {
    ip: '203.0.113.7',
    sessionID: 'first',
    signedCookies,
    secret: 'the session secret',
  };
  fake.session = fresh({ user: { userId: 'u1', role: 'CUSTOMER' } });
  return { req: fake as unknown as GatewayRequest, calls };
}

/** An answer that keeps the headers set on it. */
function response() {
  const headers = new Map<string, unknown>();
  const res = {
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
  } as unknown as ServerResponse;
  return { res, setCookies: () => headers.get('set-cookie') as string[] };
}

describe('the calling browser, from the raw request and answer', () => {
  it('reads the session the request has now: a regenerated session is a new, empty one under a new id', async () => {
    const { req, calls } = request();
    const { session } = browserOf(req, response().res);
    assert.equal(session.id, 'first');
    assert.equal(session.data.user?.userId, 'u1');
    await session.regenerate();
    assert.equal(session.id, 'first+');
    assert.equal(session.data.user, undefined);
    session.data.startedAt = 1;
    await session.save();
    assert.equal(req.session.startedAt, 1);
    assert.deepEqual(calls, ['regenerate', 'save']);
  });

  it('ends the session even when the store fails to forget it, and when there is none', async () => {
    const { req, calls } = request();
    await browserOf(req, response().res).session.destroy();
    assert.deepEqual(calls, ['destroy']);
    const bare = { sessionID: 'none' } as GatewayRequest;
    await browserOf(bare, response().res).session.destroy();
  });

  it('passes the address, the signed cookies and the cookies set or cleared through', () => {
    const { req } = request({ 'mmfa.device': 'tag', forged: false });
    const { res, setCookies } = response();
    const browser = browserOf(req, res);
    assert.equal(browser.ip, '203.0.113.7');
    assert.equal(browser.cookies.signed('mmfa.device'), 'tag');
    assert.equal(browser.cookies.signed('forged'), false);
    assert.equal(browser.cookies.signed('absent'), undefined);
    const settings = { httpOnly: true, sameSite: 'lax', secure: false, path: '/' } as const;
    browser.cookies.set('mmfa.device', 'tag', { ...settings, signed: true, maxAge: 90_000 });
    browser.cookies.clear('mmfa.sid', settings);
    const [device, cleared] = setCookies();
    // Signed as cookie-parser reads it back: `s:` and the value signed with the session secret.
    const value = decodeURIComponent(/^mmfa\.device=([^;]+)/.exec(device ?? '')?.[1] ?? '');
    assert.equal(signature.unsign(value.slice(2), 'the session secret'), 'tag');
    assert.match(device ?? '', /; Max-Age=90; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    assert.match(
      cleared ?? '',
      /^mmfa\.sid=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
    );
  });
});
