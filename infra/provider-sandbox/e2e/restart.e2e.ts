// The provider sandbox restarted under a running stack (as a second `npm start` restarts it): the
// numbers bought before keep routing. A MultiMFA gets a number bought in the sandbox's Twilio account,
// its member accepts, a text is forwarded; then the stack's sandbox process is stopped with SIGTERM and
// started again on its state file (scripts/lib/keep-running.mjs), and a text to the number still
// reaches the product, which forwards it by e-mail and by SMS from that number. The customer's Stripe
// customer and the inbox's earlier e-mails are still there. Only the sandbox restarts here, not the
// services: their databases outlive a restart anyway; the sandbox's memory did not.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import twilio from 'twilio';
import {
  type ApiClient,
  createUser,
  sandbox,
  sandboxUrl,
  signedInApi,
} from '../../../testing/e2e-support/accounts.ts';
import { SandboxTwilioHttpClient } from '../dist/client/twilio-http-client.js';
import { loadSandboxSettings } from '../dist/sandbox.js';

const ADMIN = { emailAddress: 'admin@multimfa.local', password: 'Admin-demo-2026!' };
const FREE = 'FREE100';
const INVITATION_SUBJECT = 'You are invited to a MultiMFA team';
/** Ireland: a country no other e2e file buys in. */
const COUNTRY_ISO = 'IE';
/** The stack gives the sandbox its default credentials (scripts/lib/stack.mjs). */
const { twilio: TWILIO, stripe: STRIPE } = loadSandboxSettings({}).config;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tag = () => randomBytes(3).toString('hex');

interface SandboxInfo {
  pid: number;
  stateFile: string | null;
}

async function info(): Promise<SandboxInfo | undefined> {
  try {
    const response = await fetch(`${sandboxUrl}/_sandbox/info`, { signal: AbortSignal.timeout(2_000) });
    return response.ok ? ((await response.json()) as SandboxInfo) : undefined;
  } catch {
    return undefined;
  }
}

/** Stops the stack's sandbox process with SIGTERM and waits for the one started in its place. */
async function restartSandbox(): Promise<void> {
  const before = await info();
  assert.ok(before, 'the sandbox does not answer');
  assert.ok(before.stateFile, 'the e2e stack runs the sandbox without SANDBOX_STATE_FILE');
  process.kill(before.pid, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const now = await info();
    if (now && now.pid !== before.pid) return;
    assert.ok(Date.now() < deadline, 'the sandbox was not started again within 30 s');
    await sleep(200);
  }
}

/** Polls `read` until it answers something. */
async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    assert.ok(Date.now() < deadline, `${what}: not within ${timeoutMs} ms`);
    await sleep(250);
  }
}

/** Buys a free MultiMFA in Ireland and waits for its number. */
async function multiMfaWithNumber(api: ApiClient): Promise<{ multiMFAId: string; number: string }> {
  const { plans } = (await api.get('/api/plan/list')) as {
    plans: Array<{ planId: number; noOfUsers: number }>;
  };
  const plan = plans.toSorted((a, b) => a.noOfUsers - b.noOfUsers)[0];
  assert.ok(plan, 'no MultiMFA plan');
  const countries = (await api.get('/api/plan/getMFACountries')) as Array<{
    multiMFACountryId: number;
    isoCode: string;
  }>;
  const country = countries.find((c) => c.isoCode === COUNTRY_ISO);
  assert.ok(country, 'Ireland is not offered');
  const discount = (await api.post('/api/plan/apply-discount', { code: FREE, planId: plan.planId })).data as {
    discountId: string;
  };
  const intent = (
    await api.post('/api/auth/create-intent', {
      MFAType: 'MultiMFA',
      planId: plan.planId,
      name: `Restart e2e ${tag()}`,
      description: 'Bought by the sandbox restart e2e',
      countryId: country.multiMFACountryId,
      discountId: discount.discountId,
    })
  ).data as { checkoutId: string };
  const created = (await api.post('/api/plan/create', { stripePayment: { checkout_id: intent.checkoutId } }))
    .data as { MFA: { multiMFAId: string } };
  const { multiMFAId } = created.MFA;
  const number = await until('the MultiMFA number', async () => {
    const { list } = (await api.get('/api/plan/list-multimfa')) as {
      list: Array<{ multiMFAId: string; twillioNo: string }>;
    };
    return list.find((mfa) => mfa.multiMFAId === multiMFAId)?.twillioNo || undefined;
  });
  return { multiMFAId, number };
}

/** Adds a member who accepts the invitation the inbox received; answers the invitation's inbox id. */
async function verifiedMember(
  api: ApiClient,
  multiMFAId: string,
  member: { email: string; mobile: string },
): Promise<string> {
  const added = (
    await api.post('/api/plan/add-member', {
      multiMFAId,
      firstName: 'Rita',
      lastName: 'Restart',
      forwardMedium: 'BOTH',
      email: member.email,
      mobileNo: member.mobile,
    })
  ).data as { dbMember: { memberId: string } };
  const cursor = await sandbox.cursor();
  await api.post('/api/plan/request-activation', { memberId: added.dbMember.memberId });
  const invitation = await sandbox.waitForEmail(member.email, {
    after: cursor,
    timeoutMs: 20_000,
    match: (entry) => entry.subject === INVITATION_SUBJECT,
  });
  const link = /https?:\/\/\S+\/activation\/[\w%-]+/.exec(invitation.text ?? '')?.[0];
  assert.ok(link, 'no activation link in the invitation');
  await api.post('/api/plan/activate-member', {
    token: decodeURIComponent(new URL(link).pathname.split('/').at(-1) ?? ''),
  });
  return invitation.id;
}

/** Texts `number` a code and waits for its forward to the member by e-mail and SMS. */
async function textAndForward(number: string, member: { email: string; mobile: string }, attempts: number) {
  for (let attempt = 1; ; attempt += 1) {
    const code = String(100_000 + Math.floor(Math.random() * 900_000));
    const cursor = await sandbox.cursor();
    const texted = await sandbox.sendInboundSms({
      from: '+15005550006',
      to: number,
      body: `Your Acme verification code is ${code}`,
    });
    try {
      assert.ok(texted.webhook.ok, `the text was not taken: ${JSON.stringify(texted.webhook)}`);
      const mail = await sandbox.waitForEmail(member.email, {
        after: cursor,
        timeoutMs: 10_000,
        match: (entry) => entry.subject.includes(code),
      });
      const sms = await sandbox.waitForSms(member.mobile, {
        after: cursor,
        timeoutMs: 10_000,
        match: (entry) => entry.body.includes(code),
      });
      return { code, webhook: texted.webhook, mail, sms };
    } catch (error) {
      // Before the restart: the member's acceptance reaches messaging through numbers' events.
      if (attempt >= attempts) throw error;
    }
  }
}

describe('provider sandbox restarted under the running stack', () => {
  it('keeps the numbers bought before: a text to a MultiMFA number is still forwarded by e-mail and SMS from it; Stripe customers and the inbox stay', async () => {
    const client = twilio(TWILIO.accountSid, TWILIO.authToken, {
      httpClient: new SandboxTwilioHttpClient(sandboxUrl),
    });
    const stripe = new Stripe(STRIPE.secretKey, {
      host: new URL(sandboxUrl).hostname,
      port: Number(new URL(sandboxUrl).port),
      protocol: 'http',
      maxNetworkRetries: 2,
      telemetry: false,
    });

    // A number bought in the sandbox's Twilio account, which a fresh account would not own, added to
    // the pool by the administrator.
    const bought = await client.incomingPhoneNumbers.create({
      phoneNumber: `+35385${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
    });
    const admin = await signedInApi(ADMIN);
    try {
      await admin.post('/api/admin/twilio-numbers', {
        mobileNo: bought.phoneNumber,
        sid: bought.sid,
        referenceName: 'restart e2e',
      });
    } finally {
      await admin.dispose();
    }

    const owner = await createUser('restart-owner');
    const api = await signedInApi(owner);
    const member = { email: `restart-member-${tag()}@example.com`, mobile: '+12125550173' };
    let invitationId: string;
    try {
      const { multiMFAId, number } = await multiMfaWithNumber(api);
      assert.equal(number, bought.phoneNumber);
      invitationId = await verifiedMember(api, multiMFAId, member);
    } finally {
      await api.dispose();
    }

    // The product pointed the number's SmsUrl at itself, and forwards its texts.
    const smsUrl = await until('the SmsUrl of the number', async () => {
      const url = (await client.incomingPhoneNumbers(bought.sid).fetch()).smsUrl;
      return url || undefined;
    });
    const first = await textAndForward(bought.phoneNumber, member, 4);
    assert.equal(first.webhook.url, smsUrl);
    assert.equal(first.sms.from, bought.phoneNumber);
    const customer = await until('the owner’s Stripe customer', async () => {
      const { data } = await stripe.customers.list({ email: owner.emailAddress });
      return data[0];
    });

    await restartSandbox();

    const number = await client.incomingPhoneNumbers(bought.sid).fetch();
    assert.equal(number.phoneNumber, bought.phoneNumber);
    assert.equal(number.smsUrl, smsUrl);
    const after = await textAndForward(bought.phoneNumber, member, 1);
    assert.equal(after.webhook.url, smsUrl);
    expect(after.mail.text).toContain(after.code);
    assert.equal(after.sms.from, bought.phoneNumber);
    assert.equal(after.sms.body.includes(after.code), true);

    const { data: customers } = await stripe.customers.list({ email: owner.emailAddress });
    expect(customers.map((c) => c.id)).toStrictEqual([customer.id]);
    const invitation = await sandbox.messages({ channel: 'email', to: member.email, limit: 1000 });
    assert.ok(
      invitation.some((entry) => entry.id === invitationId),
      'the invitation e-mail sent before the restart is still in the inbox',
    );
  });
});
