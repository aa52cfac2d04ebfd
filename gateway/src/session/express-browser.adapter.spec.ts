import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Request, Response } from 'express';
import { expressBrowser } from './express-browser.adapter.js';

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
  const fake: { ip: string; sessionID: string; signedCookies: object; session?: ReturnType<typeof fresh> } = {
    ip: '203.0.113.7',
    sessionID: 'first',
    signedCookies,
  };
  fake.session = fresh({ user: { userId: 'u1', role: 'CUSTOMER' } });
  return { req: fake as unknown as Request, calls };
}

function response() {
  const cookies: Array<[string, ...unknown[]]> = [];
  const res = {
    cookie: (...args: [string, ...unknown[]]) => cookies.push(['set', ...args]),
    clearCookie: (...args: [string, ...unknown[]]) => cookies.push(['clear', ...args]),
  } as unknown as Response;
  return { res, cookies };
}

describe('the calling browser, from an Express request and answer', () => {
  it('reads the session the request has now: a regenerated session is a new, empty one under a new id', async () => {
    const { req, calls } = request();
    const { session } = expressBrowser(req, response().res);
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
    await expressBrowser(req, response().res).session.destroy();
    assert.deepEqual(calls, ['destroy']);
    const bare = { sessionID: 'none' } as Request;
    await expressBrowser(bare, response().res).session.destroy();
  });

  it('passes the address, the signed cookies and the cookies set or cleared through', () => {
    const { req } = request({ 'mmfa.device': 'tag', forged: false });
    const { res, cookies } = response();
    const browser = expressBrowser(req, res);
    assert.equal(browser.ip, '203.0.113.7');
    assert.equal(browser.cookies.signed('mmfa.device'), 'tag');
    assert.equal(browser.cookies.signed('forged'), false);
    assert.equal(browser.cookies.signed('absent'), undefined);
    const settings = { httpOnly: true, sameSite: 'lax', secure: false, path: '/' } as const;
    browser.cookies.set('mmfa.device', 'tag', { ...settings, signed: true });
    browser.cookies.clear('mmfa.sid', settings);
    assert.deepEqual(cookies, [
      ['set', 'mmfa.device', 'tag', { ...settings, signed: true }],
      ['clear', 'mmfa.sid', settings],
    ]);
  });
});
