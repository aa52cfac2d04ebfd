// The web server's /api proxy (vite preview, as `npm start` runs it) tells the gateway who the client
// is, as the Ingress does in production: clients connect from loopback addresses of their own (Linux
// answers all of 127.0.0.0/8), and each gets its own rate-limit window.
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import { describe, it } from '@jest/globals';
import { webUrl } from '../../testing/e2e-support/browser.ts';

interface Window {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** GET /api/auth/xsrf through the web server from `localAddress`, with extra headers; its rate-limit fields. */
function call(localAddress: string, headers: Record<string, string> = {}): Promise<Window> {
  return new Promise((resolve, reject) => {
    const sent = request(`${webUrl}/api/auth/xsrf`, { localAddress, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`answered ${response.statusCode}`));
        resolve({
          limit: Number(response.headers['ratelimit-limit']),
          remaining: Number(response.headers['ratelimit-remaining']),
          resetSeconds: Number(response.headers['ratelimit-reset']),
        });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** A loopback address in a /24 of its own (not 127.0.0.0/24, where the browser tests run). */
const loopbackClient = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Waits out the end of the minute's window, so the calls that follow all count in one. */
async function freshWindow(): Promise<void> {
  const { resetSeconds } = await call(loopbackClient());
  if (resetSeconds <= 5) await new Promise((resolve) => setTimeout(resolve, (resetSeconds + 1) * 1000));
}

describe('client addresses through the web server to the gateway', () => {
  it('gives two clients of the web server separate rate-limit windows', async () => {
    await freshWindow();
    const [first, second] = [loopbackClient(), loopbackClient()];
    const firstCalls = [await call(first), await call(first), await call(first)];
    const secondCall = await call(second);
    assert.deepEqual(
      firstCalls.map((window) => window.limit - window.remaining),
      [1, 2, 3],
    );
    assert.equal(secondCall.limit - secondCall.remaining, 1, 'the other client starts its own window');
  });

  it('takes the address the web server saw, not an X-Forwarded-For the client sends', async () => {
    await freshWindow();
    const victim = loopbackClient();
    const spoofer = loopbackClient();
    await call(victim);
    // Naming the victim, then a new address each time: every call still counts against the spoofer.
    const spoofed = [
      await call(spoofer, { 'x-forwarded-for': victim }),
      await call(spoofer, { 'x-forwarded-for': loopbackClient() }),
      await call(spoofer, { 'x-forwarded-for': `${loopbackClient()}, ${loopbackClient()}` }),
    ];
    assert.deepEqual(
      spoofed.map((window) => window.limit - window.remaining),
      [1, 2, 3],
    );
    const victimAfter = await call(victim);
    assert.equal(
      victimAfter.limit - victimAfter.remaining,
      2,
      'nothing of the spoofer counted against the victim',
    );
  });
});
