import type { FetchAnswer, FetchLike } from '../multimfa-bot.client.js';

/** One scripted answer of the fake server: a status and JSON body, or a thrown (network) error. */
export type Scripted =
  | { status: number; body?: unknown; headers?: Record<string, string>; takesMs?: number }
  | Error;

export interface Call {
  method: string;
  url: URL;
  headers: Record<string, string>;
}

/**
 * A fake MultiMFA for the client's unit tests: answers `script` in order, on a virtual clock that
 * only moves when the client sleeps or an answer `takesMs`.
 */
export function fakeApi(script: Scripted[]) {
  let nowMs = 1_750_000_000_000;
  const calls: Call[] = [];
  const slept: number[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ method: init.method, url: new URL(url), headers: init.headers });
    const next = script.shift();
    if (!next) throw new Error(`unscripted call ${init.method} ${url}`);
    if (next instanceof Error) throw next;
    nowMs += next.takesMs ?? 0;
    const text = next.body === undefined ? '' : JSON.stringify(next.body);
    const headers = new Map(
      Object.entries(next.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const answer: FetchAnswer = {
      status: next.status,
      headers: { get: (name) => headers.get(name.toLowerCase()) ?? null },
      text: async () => text,
    };
    return answer;
  };
  return {
    calls,
    slept,
    remaining: script,
    options: {
      apiKey: 'mmfa_bot_test',
      baseUrl: 'https://multimfa.test/',
      fetch,
      now: () => nowMs,
      sleep: async (ms: number) => {
        slept.push(ms);
        nowMs += ms;
      },
    },
  };
}

export const ok = (data: unknown) => ({ status: 200, body: { isError: false, message: '', data } });
export const failed = (
  status: number,
  message: string,
  data: unknown = null,
  headers?: Record<string, string>,
) => ({
  status,
  body: { isError: true, message, data },
  ...(headers ? { headers } : {}),
});

export function message(overrides: Record<string, unknown> = {}) {
  return {
    messageId: '7d9f3c2e-8a41-4f55-9b6e-0c1d2e3f4a5b',
    code: '482913',
    service: 'Google',
    sender: 'Google',
    body: 'G-482913 is your Google verification code.',
    receivedAt: '2026-11-29T07:00:00.000Z',
    cursor: 'c2',
    ...overrides,
  };
}
