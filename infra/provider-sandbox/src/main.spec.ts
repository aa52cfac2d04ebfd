import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, it } from '@jest/globals';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

function run(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH ?? '', ...env } });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

describe('the sandbox process (dist/main.js)', () => {
  it('refuses to start with a bad setting, naming it', async () => {
    const { child, output } = run({ SANDBOX_PORT: '47090', TWILIO_AUTH_TOKEN: 'short' });
    const [code] = await once(child, 'exit');
    assert.equal(code, 1);
    assert.match(output(), /TWILIO_AUTH_TOKEN: must be at least 16 characters/);
    assert.doesNotMatch(output(), /short/, 'the bad value itself is not echoed');
  });

  it('answers /health/ready, logs JSON without secrets and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const { child, output } = run({
      SANDBOX_PORT: String(port),
      TWILIO_AUTH_TOKEN: 'a-very-secret-token-value',
    });
    try {
      const deadline = Date.now() + 10_000;
      let ready = false;
      while (!ready && Date.now() < deadline) {
        ready = await fetch(`http://127.0.0.1:${port}/health/ready`)
          .then((response) => response.status === 200)
          .catch(() => false);
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.ok(ready, `not ready: ${output()}`);
      const events = await fetch(`http://127.0.0.1:${port}/inbox/events`);
      assert.equal(events.status, 200, 'an open live stream must not keep the process from stopping');
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      assert.equal(code, 0, output());
      const lines = output().trim().split('\n');
      for (const line of lines) assert.doesNotThrow(() => JSON.parse(line), `not JSON: ${line}`);
      assert.ok(lines.some((line) => JSON.parse(line).msg === 'provider sandbox ready'));
      assert.ok(lines.some((line) => JSON.parse(line).msg === 'provider sandbox stopped'));
      assert.doesNotMatch(output(), /a-very-secret-token-value|sk_test_multimfa_sandbox|whsec_/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
