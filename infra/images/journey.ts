// One customer journey over HTTP only, against a running stack: the web app's origin (which proxies /api
// to the gateway) and the provider sandbox. Sign up and verify, buy a MultiMFA with the sandbox's test
// card, invite and accept an e-mail member, text the number and find the forwarded code in the member's
// inbox, buy a RoboMFA and hand a text to a bot that waits for it. Plain fetch, no browser and no
// workspace imports: the calls are the web app's (web/src/features/*) and the e2e helpers' (web/e2e).
import { randomBytes, randomInt } from 'node:crypto';

export interface JourneyTargets {
  /** The web app's address; it proxies /api to the gateway. */
  webUrl: string;
  /** The provider sandbox's address (inbox, "text a number", Stripe). */
  sandboxUrl: string;
  /**
   * ISO codes of the countries to buy in (default CA and US). Each purchase takes a free number of its
   * country from the pool, so the pool needs one per purchase (and run): the sandbox's stock numbers,
   * imported, hold one Canadian and two US ones (`npm start`'s demo MFAs take the US ones).
   */
  countries?: { multiMfa?: string; roboMfa?: string };
}

/** Milliseconds per step. */
export interface JourneyFigures {
  [step: string]: number;
}

const WAIT_MS = 30_000;
const VERIFICATION = 'Your MultiMFA verification code';
const INVITATION = 'You are invited to a MultiMFA team';
const TEXT_FROM = '+15005550006';

type Json = Record<string, unknown>;
type Email = { seq: number; subject: string; text?: string };
/** The stack's addresses and the step under way, which every error names. */
type Run = { webUrl: string; sandboxUrl: string; step: string };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const sixDigits = () => String(randomInt(100_000, 1_000_000));

function fail(run: Run, what: string, status?: number, body?: string): never {
  const answer = status === undefined ? '' : ` (HTTP ${status}${body ? `: ${body.slice(0, 600)}` : ''})`;
  throw new Error(`[journey:${run.step}] ${what}${answer}`);
}

/** The network error under a failed fetch (`fetch failed` alone says nothing). */
const causeOf = (error: Error) => error.cause as { code?: string; message?: string } | undefined;

/**
 * Network errors after which a GET is sent once more, half a second later (RFC 9110 9.2.2: an
 * idempotent request may be retried after a connection failure). On 2026-12-02 CI saw the journey's
 * first GET, to the sandbox that had answered its readiness checks seconds before and answered its stop
 * after, fail with `fetch failed` 20 ms into the test; the message did not say which error it was, and
 * a stale kept-alive socket did not reproduce here (10 of 10 fetches after a 1.5 s spawnSync past the
 * server's keep-alive succeeded). A second failure is reported with its cause.
 */
const TRANSIENT = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE']);

/** One bounded request: the response, its status and its text. */
async function send(run: Run, url: string, init: RequestInit = {}, timeoutMs = WAIT_MS) {
  const method = init.method ?? 'GET';
  const attempt = () => fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const response = await attempt()
    .catch((error: Error) => {
      const code = causeOf(error)?.code;
      if (method === 'GET' && code && TRANSIENT.has(code)) return sleep(500).then(attempt);
      throw error;
    })
    .catch((error: Error) => {
      const cause = causeOf(error);
      return fail(
        run,
        `${method} ${url} failed: ${error.message}${cause ? ` (${cause.code ?? cause.message})` : ''}`,
      );
    });
  return { response, status: response.status, text: await response.text() };
}

// ---- the web app's /api, as a browser calls it ---------------------------------------------------

/** A browser: its cookie jar (session, XSRF-TOKEN), the XSRF header on POSTs, the { isError, data } envelope. */
function browser(run: Run) {
  const cookies = new Map<string, string>();
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const xsrf = cookies.get('XSRF-TOKEN');
    const headers: Record<string, string> = {
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      ...(method !== 'GET' && xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    const init = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    const { response, status, text } = await send(run, `${run.webUrl}${path}`, init);
    for (const cookie of response.headers.getSetCookie()) {
      const [, name = '', value = ''] = /^\s*([^=;]+)=([^;]*)/.exec(cookie) ?? [];
      if (value && !/max-age=0/i.test(cookie)) cookies.set(name, value);
      else cookies.delete(name);
    }
    const envelope = JSON.parse(/^\s*\{/.test(text) ? text : '{}') as { isError?: boolean; data?: T };
    if (!response.ok || envelope.isError !== false) fail(run, `${method} ${path}`, status, text);
    return envelope.data as T;
  }
  return {
    get: <T = Json>(path: string) => call<T>('GET', path),
    /** State-changing calls echo the XSRF-TOKEN cookie, which GET /api/auth/xsrf sets. */
    post: async <T = Json>(path: string, body?: unknown) => {
      if (!cookies.has('XSRF-TOKEN')) await call('GET', '/api/auth/xsrf');
      return call<T>('POST', path, body);
    },
  };
}
type Browser = ReturnType<typeof browser>;

// ---- the provider sandbox: inbox, "text a number", Stripe --------------------------------------

async function sandboxJson<T = Json>(run: Run, path: string, init?: RequestInit, ok = 200): Promise<T> {
  const { status, text } = await send(run, `${run.sandboxUrl}${path}`, init);
  if (status !== ok) fail(run, `sandbox ${init?.method ?? 'GET'} ${path}`, status, text);
  return JSON.parse(text) as T;
}

const inboxCursor = async (run: Run) =>
  (await sandboxJson<{ cursor: number }>(run, '/_sandbox/messages?limit=1')).cursor;

/** The first e-mail to `to` after `after` that `match` accepts, within `ms` (the inbox's long poll). */
async function nextEmail(run: Run, to: string, after: number, match: (mail: Email) => boolean, ms = WAIT_MS) {
  const deadline = Date.now() + ms;
  for (let seq = after; Date.now() < deadline; ) {
    const wait = String(Math.min(deadline - Date.now(), 25_000));
    const query = new URLSearchParams({ channel: 'email', to, after: String(seq), timeoutMs: wait });
    const { status, text } = await send(run, `${run.sandboxUrl}/_sandbox/messages/next?${query}`);
    if (status === 204) continue;
    if (status !== 200) fail(run, `sandbox GET /_sandbox/messages/next?${query}`, status, text);
    const mail = JSON.parse(text) as Email;
    if (match(mail)) return mail;
    seq = mail.seq;
  }
  return undefined;
}

/** Texts `to` from a phone; again while the number's webhook is not pointed at MultiMFA yet. */
async function textNumber(run: Run, to: string, body: string): Promise<void> {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: TEXT_FROM, to, body }),
  };
  for (const deadline = Date.now() + WAIT_MS; ; await sleep(500)) {
    type Sent = { webhook?: { ok: boolean } };
    const sms = await sandboxJson<Sent>(run, '/_sandbox/twilio/inbound-sms', init, 201);
    if (sms.webhook?.ok) return;
    if (Date.now() > deadline) fail(run, `no webhook took the text to ${to}: ${JSON.stringify(sms.webhook)}`);
  }
}

/** What the web app's sandbox card form does: a card PaymentMethod, then confirm with the client secret. */
async function payWithTestCard(run: Run, intentId: string, clientSecret: string): Promise<void> {
  const { stripe } = await sandboxJson<{ stripe: { publishableKey: string } }>(run, '/_sandbox/info');
  const call = (path: string, params: Record<string, string>) =>
    sandboxJson(run, path, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${stripe.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(params).toString(),
    });
  const expYear = String(new Date().getUTCFullYear() + 2);
  const card = await call('/v1/payment_methods', {
    type: 'card',
    'card[number]': '4242424242424242',
    'card[exp_month]': '12',
    'card[exp_year]': expYear,
    'card[cvc]': '123',
  });
  const intent = await call(`/v1/payment_intents/${encodeURIComponent(intentId)}/confirm`, {
    client_secret: clientSecret,
    payment_method: String(card.id),
    return_url: `${run.webUrl}/success`,
  });
  if (intent.status !== 'succeeded') fail(run, `the PaymentIntent is ${intent.status}, not succeeded`);
}

// ---- the journey -------------------------------------------------------------------------------

/** Pricing, payment (create-intent, the card), /success (completion), then the list until the number shows. */
async function buy(run: Run, web: Browser, kind: 'MultiMFA' | 'RoboMFA', iso: string) {
  const multi = kind === 'MultiMFA';
  type Plan = { planId: number; basePrice: number };
  const { plans } = await web.get<{ plans: Plan[] }>(
    multi ? '/api/plan/list' : '/api/plan/list-robomfa-plans',
  );
  const plan = plans.toSorted((a, b) => a.basePrice - b.basePrice)[0] ?? fail(run, `no ${kind} plan`);
  const countries =
    await web.get<Array<{ multiMFACountryId: number; isoCode: string }>>('/api/plan/getMFACountries');
  const country = countries.find((c) => c.isoCode === iso) ?? fail(run, `no country ${iso} is offered`);
  const name = `Journey ${kind} ${randomBytes(3).toString('hex')}`;
  const intent = await web.post<{ id: string | null; clientSecret: string | null }>(
    '/api/auth/create-intent',
    {
      MFAType: kind,
      planId: plan.planId,
      name,
      description: 'Bought by the HTTP journey',
      countryId: country.multiMFACountryId,
    },
  );
  if (!intent.id || !intent.clientSecret) fail(run, `nothing to pay: ${JSON.stringify(intent)}`);
  await payWithTestCard(run, intent.id, intent.clientSecret);
  // Back on /success with Stripe's query, the web app completes the purchase.
  const { MFA } = await web.post<{ MFA: Record<string, string> }>(
    multi ? '/api/plan/create' : '/api/robo-mfa/create',
    {
      planid: plan.planId,
      stripePayment: {
        payment_intent: intent.id,
        payment_intent_client_secret: intent.clientSecret,
        redirect_status: 'succeeded',
      },
    },
  );
  const idField = multi ? 'multiMFAId' : 'roboMFAId';
  const mfaId = MFA[idField] ?? fail(run, `the completion answered no ${idField}`);
  for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline; await sleep(500)) {
    const path = multi ? '/api/plan/list-multimfa' : '/api/robo-mfa/list';
    const mfa = (await web.get<{ list: Array<Record<string, string>> }>(path)).list.find(
      (m) => m[idField] === mfaId,
    );
    const number = multi ? mfa?.twillioNo : mfa?.twilioNo;
    if (number) return { mfaId, number };
  }
  return fail(run, `the ${kind} got no number within 30 s: is a number of ${iso} free in the pool?`);
}

export async function runCustomerJourney(
  targets: JourneyTargets,
  log: (line: string) => void = () => {},
): Promise<JourneyFigures> {
  const trim = (url: string) => url.replace(/\/+$/, '');
  const run: Run = { webUrl: trim(targets.webUrl), sandboxUrl: trim(targets.sandboxUrl), step: '' };
  const countries = { multiMfa: 'CA', roboMfa: 'US', ...targets.countries };
  const web = browser(run);
  const figures: JourneyFigures = {};
  const timed = async <T>(step: string, body: () => Promise<T>): Promise<T> => {
    const began = performance.now();
    run.step = step;
    const result = await body();
    figures[step] = Math.round(performance.now() - began);
    log(`[journey] ${step}: ${figures[step]} ms`);
    return result;
  };
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const customer = { emailAddress: `journey-${tag}@example.com`, password: `Journey-${tag}-pw` };
  const memberEmail = `journey-member-${tag}@example.com`;

  await timed('signUpAndVerify', async () => {
    const cursor = await inboxCursor(run);
    await web.post('/api/auth/signup', {
      ...customer,
      firstName: 'Journey',
      lastName: 'Customer',
      mobileNo: `+1212555${String(randomInt(0, 10_000)).padStart(4, '0')}`,
      userType: 'CUSTOMER',
      provider: 'NONE',
      serviceAgreementAgreed: true,
      receiveMarketingEmails: false,
    });
    const mail = await nextEmail(run, customer.emailAddress, cursor, (m) => m.subject === VERIFICATION);
    const token = /^\s*(\d{6})\s*$/m.exec(mail?.text ?? '')?.[1] ?? fail(run, 'no verification code came');
    await web.post('/api/auth/verifyemailtoken', { emailAddress: customer.emailAddress, token });
    await web.post('/api/auth/logout');
    const session = await web.post<{ isVerified: boolean }>('/api/auth/login', customer);
    if (!session.isVerified) fail(run, 'the signed-in customer is not verified');
    log(`[journey] signed in as ${customer.emailAddress}`);
  });

  const multi = await timed('buyMultiMfa', () => buy(run, web, 'MultiMFA', countries.multiMfa));
  log(`[journey] MultiMFA ${multi.mfaId} has ${multi.number}`);

  await timed('inviteAndAccept', async () => {
    const { dbMember } = await web.post<{ dbMember: { memberId: string } }>('/api/plan/add-member', {
      multiMFAId: multi.mfaId,
      firstName: 'Journey',
      lastName: 'Member',
      forwardMedium: 'EMAIL',
      email: memberEmail,
      mobileNo: '',
    });
    const cursor = await inboxCursor(run);
    await web.post('/api/plan/request-activation', { memberId: dbMember.memberId });
    const mail = await nextEmail(run, memberEmail, cursor, (m) => m.subject === INVITATION);
    const link =
      /https?:\/\/\S+\/activation\/[\w%-]+/.exec(mail?.text ?? '')?.[0] ?? fail(run, 'no invitation');
    const token = decodeURIComponent(new URL(link).pathname.split('/').at(-1) ?? '');
    // The member opens the link in a browser of their own: the invitation page reads the token, then accepts.
    const member = browser(run);
    await member.get(`/api/plan/token/${encodeURIComponent(token)}`);
    await member.post('/api/plan/activate-member', { token });
    type Details = { Members: Array<{ memberId: string; status: string }> };
    const { Members } = await web.post<Details>('/api/plan/mfa-details', { multiMFAId: multi.mfaId });
    const status = Members.find((m) => m.memberId === dbMember.memberId)?.status;
    if (status !== 'VERIFIED') fail(run, `the member is ${status} after accepting, not VERIFIED`);
  });

  await timed('textToMemberInbox', async () => {
    // Messaging learns of the acceptance through events; a text before that is kept, not forwarded.
    const codes: string[] = [];
    for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline; ) {
      codes.push(sixDigits());
      const [cursor, sent] = [await inboxCursor(run), performance.now()];
      await textNumber(run, multi.number, `Your code is ${codes.at(-1)}`);
      const forwarded = (m: Email) => codes.some((code) => `${m.subject}\n${m.text}`.includes(code));
      const mail = await nextEmail(
        run,
        memberEmail,
        cursor,
        forwarded,
        Math.min(8_000, deadline - Date.now()),
      );
      const took = Math.round(performance.now() - sent);
      if (mail) return log(`[journey] the member got "${mail.subject}" ${took} ms after the text`);
      log(`[journey] no e-mail with ${codes.at(-1)} after 8 s; texting again`);
    }
    fail(run, `no e-mail with ${codes.join(' or ')} reached ${memberEmail}`);
  });

  const robo = await timed('buyRoboMfa', () => buy(run, web, 'RoboMFA', countries.roboMfa));
  log(`[journey] RoboMFA ${robo.mfaId} has ${robo.number}`);

  const bot = { roboMFAId: robo.mfaId, referenceName: 'Journey bot' };
  const { APIKey } = await timed('createBot', () =>
    web.post<{ APIKey: string }>('/api/robo-mfa/create-bot', bot),
  );

  await timed('textToWaitingBot', async () => {
    const auth = { headers: { Authorization: `Bearer ${APIKey}` } };
    // Waiting from the feed's cursor, a text stored before the wait reaches the gateway is not missed.
    const feed = await send(run, `${run.webUrl}/api/bot/v1/messages?limit=0`, auth);
    if (feed.status !== 200) fail(run, 'GET /api/bot/v1/messages?limit=0', feed.status, feed.text);
    const since = encodeURIComponent((JSON.parse(feed.text) as { data: { cursor: string } }).data.cursor);
    const next = `${run.webUrl}/api/bot/v1/messages/next?timeout=25&since=${since}`;
    // Settled into a value at once, so a failure while the texts go out is kept (and thrown below),
    // never an unhandled rejection.
    const answer = send(run, next, auth, 35_000).then(
      (result) => ({ ...result, at: performance.now(), error: undefined }),
      (error: unknown) => ({ status: 0, text: '', at: 0, error }),
    );
    const codes: string[] = [];
    let [sent, answered] = [0, false];
    await sleep(300);
    while (!answered && codes.length < 3) {
      codes.push(sixDigits());
      sent = performance.now();
      await textNumber(run, robo.number, `Your code is ${codes.at(-1)}`);
      answered = await Promise.race([answer.then(() => true), sleep(7_000).then(() => false)]);
      if (!answered) log(`[journey] the bot has not got ${codes.at(-1)} after 7 s; texting again`);
    }
    const { status, text, at, error } = await answer;
    if (error) throw error;
    if (status !== 200) fail(run, `the waiting bot got none of ${codes.join(', ')}`, status, text);
    const code = (JSON.parse(text) as { data?: { code?: string | null } }).data?.code;
    if (!code || !codes.includes(code))
      fail(run, `the bot got ${code}, not ${codes.join(' or ')}`, status, text);
    log(`[journey] the waiting bot got ${code} ${Math.round(at - sent)} ms after the text`);
  });

  return figures;
}
