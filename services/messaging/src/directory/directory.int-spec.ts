import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BotMessagePage } from '@multimfa/api-contract';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import {
  botCreated,
  botRemoved,
  invitationRejected,
  logEntryWritten,
  memberVerified,
  messageReceived,
  mfaCreated,
  mfaDeleted,
  mfaUpdated,
  numberAssigned,
  numberQuarantined,
  numberReleased,
  usageCounted,
  userRegistered,
} from '@multimfa/events';
import { testGatewayCaller } from '@multimfa/service-runtime/testing';
import pg from 'pg';
import { InboundService } from '../inbound/inbound.service.js';
import { ForwardQueue } from '../queue/forward.queue.js';
import {
  registeredUser,
  mfaState as stateOfMfa,
  verifiedMember,
} from '../testing/directory-events.builder.js';
import { type MessagingTestApp, startMessagingTestApp } from '../testing/messaging-test-app.harness.js';

type Answer<T> = { status: number; body: T };

const randomNumber = () => `+1415${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

describe("messaging's views of numbers, subscriptions and owners (real PostgreSQL, Redis, Kafka; SendGrid and Twilio in the sandbox)", () => {
  let messaging: MessagingTestApp;
  let db: pg.Pool;

  async function call<T>(method: string, path: string): Promise<Answer<T>> {
    const response = await fetch(`${messaging.baseUrl}${path}`, {
      method,
      headers: await testGatewayCaller.headers('messaging'),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async function until(what: string, check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; !(await check()); i += 1) {
      if (i > 300) assert.fail(`${what} did not happen`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const viewedNumber = async (mfaId: string) =>
    (await db.query('SELECT number FROM mfa_view WHERE mfa_id = $1', [mfaId])).rows[0]?.number as
      | string
      | null
      | undefined;

  const mfaState = (mfaId: string, type: 'MultiMFA' | 'RoboMFA', number: string | null, active = true) =>
    stateOfMfa({ mfaId, MFAType: type, name: `${type} of the test`, number, isSubscriptionActive: active });

  /** A MultiMFA with one VERIFIED e-mail member, as numbers' events tell messaging. */
  async function multiMfa(number: string) {
    const mfaId = randomUUID();
    const state = mfaState(mfaId, 'MultiMFA', number);
    await publishTestEvent(messaging.producer, messaging.prefix, mfaCreated, {
      ...state,
      purchaseId: randomUUID(),
      createdAt: new Date().toISOString(),
    });
    const memberId = randomUUID();
    await publishTestEvent(
      messaging.producer,
      messaging.prefix,
      memberVerified,
      verifiedMember(mfaId, { memberId, userId: state.userId }),
    );
    await until('the MultiMFA and its member in the view', async () => {
      const { rows } = await db.query('SELECT 1 FROM member_view WHERE member_id = $1', [memberId]);
      return rows.length > 0 && (await viewedNumber(mfaId)) === number;
    });
    return state;
  }

  const text = (to: string) =>
    messaging.app.get(InboundService).receive({
      messageSid: `SM${randomBytes(16).toString('hex')}`,
      from: '+15550001111',
      to,
      body: 'Your verification code is 482913',
    });

  const forwardsOf = async (messageId: string) =>
    Number((await db.query('SELECT count(*) FROM forward WHERE message_id = $1', [messageId])).rows[0].count);
  const logOf = async (messageId: string) =>
    (await db.query('SELECT mfa_id, log_type FROM message_log WHERE message_id = $1', [messageId])).rows;

  beforeAll(async () => {
    messaging = await startMessagingTestApp();
    db = new pg.Pool({ connectionString: messaging.databaseUrl, max: 4 });
  });

  afterAll(async () => {
    await db?.end();
    await messaging?.close();
  });

  it("publishes a text's facts in its transaction, in order: its log entry, the usage it counts, then the text received (only the entry and the text for a number no MFA owns)", async () => {
    /** The event types written in the transaction that wrote the text's received event, in id order. */
    const factsOf = async (messageId: string) =>
      (
        await db.query(
          `SELECT event_type FROM outbox_event
            WHERE xmin = (SELECT xmin FROM outbox_event
                           WHERE event_type = $2 AND envelope::jsonb -> 'payload' ->> 'messageId' = $1)
            ORDER BY id`,
          [messageId, messageReceived.type],
        )
      ).rows.map((row: { event_type: string }) => row.event_type);
    const number = randomNumber();
    await multiMfa(number);
    assert.deepEqual(await factsOf((await text(number)).messageId), [
      logEntryWritten.type,
      usageCounted.type,
      messageReceived.type,
    ]);
    assert.deepEqual(await factsOf((await text(randomNumber())).messageId), [
      logEntryWritten.type,
      messageReceived.type,
    ]);
  });

  it('forwards nothing to the old team once its number is quarantined: the text is kept and logged as VALIDATION; a stale MFA event does not give the number back', async () => {
    const number = randomNumber();
    const mfa = await multiMfa(number);
    const before = await text(number);
    assert.equal(
      await forwardsOf(before.messageId),
      1,
      'forwarded to the verified member while the number is theirs',
    );

    await publishTestEvent(messaging.producer, messaging.prefix, numberQuarantined, {
      phoneNumberId: 7,
      number,
      mfaId: mfa.mfaId,
      userId: mfa.userId,
      quarantinedUntil: new Date(Date.now() + 90 * 86_400_000).toISOString(),
      quarantinedAt: new Date().toISOString(),
    });
    await until('the quarantine in the view', async () => (await viewedNumber(mfa.mfaId)) === null);
    // An update numbers wrote before the quarantine, applied after it (another topic).
    await publishTestEvent(messaging.producer, messaging.prefix, mfaUpdated, {
      ...mfa,
      name: 'Renamed before the quarantine',
      purchaseId: null,
      updatedAt: new Date().toISOString(),
    });
    await until('the stale update', async () => {
      const { rows } = await db.query('SELECT name FROM mfa_view WHERE mfa_id = $1', [mfa.mfaId]);
      return rows[0]?.name === 'Renamed before the quarantine';
    });
    assert.equal(await viewedNumber(mfa.mfaId), null);

    const after = await text(number);
    assert.equal(await forwardsOf(after.messageId), 0);
    assert.deepEqual(await logOf(after.messageId), [{ mfa_id: null, log_type: 'VALIDATION' }]);
  });

  it('routes a released number to nobody, and to the new MFA once numbers assigns it again', async () => {
    const number = randomNumber();
    const old = await multiMfa(number);
    await publishTestEvent(messaging.producer, messaging.prefix, numberReleased, {
      phoneNumberId: 8,
      number,
      releasedAt: new Date().toISOString(),
    });
    await until('the release in the view', async () => (await viewedNumber(old.mfaId)) === null);
    assert.deepEqual(await logOf((await text(number)).messageId), [{ mfa_id: null, log_type: 'VALIDATION' }]);

    const next = await multiMfa(randomNumber());
    await publishTestEvent(messaging.producer, messaging.prefix, numberAssigned, {
      phoneNumberId: 8,
      number,
      sid: `PN${randomBytes(16).toString('hex')}`,
      countryIso: 'US',
      mfaId: next.mfaId,
      MFAType: 'MultiMFA',
      userId: next.userId,
      assignedAt: new Date().toISOString(),
    });
    await until('the new assignment', async () => (await viewedNumber(next.mfaId)) === number);
    const routed = await text(number);
    assert.equal(await forwardsOf(routed.messageId), 1);
    assert.deepEqual(await logOf(routed.messageId), [{ mfa_id: next.mfaId, log_type: 'INFO' }]);
  });

  it("stops forwarding a deleted MFA's texts at once: no number, no members", async () => {
    const number = randomNumber();
    const mfa = await multiMfa(number);
    await publishTestEvent(messaging.producer, messaging.prefix, mfaDeleted, {
      mfaId: mfa.mfaId,
      MFAType: 'MultiMFA',
      userId: mfa.userId,
      number,
      deletedAt: new Date().toISOString(),
    });
    await until('the deletion in the view', async () => (await viewedNumber(mfa.mfaId)) === null);
    const { rows } = await db.query('SELECT count(*) FROM member_view WHERE mfa_id = $1', [mfa.mfaId]);
    assert.equal(Number(rows[0].count), 0);
    const after = await text(number);
    assert.equal(await forwardsOf(after.messageId), 0);
    assert.deepEqual(await logOf(after.messageId), [{ mfa_id: null, log_type: 'VALIDATION' }]);
  });

  it("answers a RoboMFA's bots 403 SUBSCRIPTION_EXPIRED while its subscription is expired, and never serves the texts that came meanwhile, also after the renewal", async () => {
    const number = randomNumber();
    const mfaId = randomUUID();
    const state = mfaState(mfaId, 'RoboMFA', number);
    await publishTestEvent(messaging.producer, messaging.prefix, mfaCreated, {
      ...state,
      purchaseId: randomUUID(),
      createdAt: new Date().toISOString(),
    });
    const key = `mmfa_bot_${randomBytes(32).toString('base64url')}`;
    const keyHash = createHash('sha256').update(key).digest('hex');
    await publishTestEvent(messaging.producer, messaging.prefix, botCreated, {
      botId: randomUUID(),
      mfaId,
      userId: state.userId,
      referenceName: 'ci',
      keyHash,
      isActive: true,
      createdAt: new Date().toISOString(),
    });
    const feed = `/bot-feed/keys/${keyHash}/messages`;
    await until('the RoboMFA and its bot', async () => (await viewedNumber(mfaId)) === number);
    await until('the bot', async () => (await call('GET', `${feed}?limit=1`)).status === 200);
    const kept = await text(number);

    const publishActive = (active: boolean) =>
      publishTestEvent(messaging.producer, messaging.prefix, mfaUpdated, {
        ...state,
        isSubscriptionActive: active,
        purchaseId: null,
        updatedAt: new Date().toISOString(),
      });
    await publishActive(false);
    await until('the expiry', async () => (await call('GET', `${feed}?limit=1`)).status === 403);
    const refused = await call<{ isError: boolean; message: string; data: { code: string } }>(
      'GET',
      `${feed}/next?timeout=0`,
    );
    assert.equal(refused.status, 403);
    assert.equal(refused.body.data.code, 'SUBSCRIPTION_EXPIRED');
    assert.match(refused.body.message, /subscription has expired/);
    const withheld = await text(number);
    assert.deepEqual(await logOf(withheld.messageId), [{ mfa_id: mfaId, log_type: 'WARNING' }]);

    await publishActive(true);
    await until('the renewal', async () => (await call('GET', `${feed}?limit=1`)).status === 200);
    const page = await call<BotMessagePage>('GET', `${feed}?limit=10`);
    assert.deepEqual(
      page.body.messages.map((message) => message.messageId),
      [kept.messageId],
    );
    const claim = await call('POST', `${feed}/${withheld.messageId}/claim`);
    assert.equal(claim.status, 404);
  });

  it("refuses every bot key of an MFA numbers deactivated (its owner was) within seconds, as a removed bot's key, and keeps its texts unforwarded with a WARNING; active again, its bots read and its texts are forwarded", async () => {
    const team = await multiMfa(randomNumber());
    const number = randomNumber();
    const robo = mfaState(randomUUID(), 'RoboMFA', number);
    await publishTestEvent(messaging.producer, messaging.prefix, mfaCreated, {
      ...robo,
      userId: team.userId,
      purchaseId: randomUUID(),
      createdAt: new Date().toISOString(),
    });
    const bot = async () => {
      const keyHash = createHash('sha256')
        .update(`mmfa_bot_${randomBytes(32).toString('base64url')}`)
        .digest('hex');
      const created = {
        botId: randomUUID(),
        mfaId: robo.mfaId,
        userId: team.userId,
        referenceName: 'ci',
        keyHash,
        isActive: true,
        createdAt: new Date().toISOString(),
      };
      await publishTestEvent(messaging.producer, messaging.prefix, botCreated, created);
      return { ...created, feed: `/bot-feed/keys/${keyHash}/messages?limit=1` };
    };
    const [reader, removed] = [await bot(), await bot()];
    await until('both bots reading', async () => {
      const answers = await Promise.all([call('GET', reader.feed), call('GET', removed.feed)]);
      return answers.every((answer) => answer.status === 200);
    });
    await publishTestEvent(messaging.producer, messaging.prefix, botRemoved, {
      ...removed,
      removedAt: new Date().toISOString(),
    });
    await until('the removal', async () => (await call('GET', removed.feed)).status === 401);
    const revoked = await call('GET', removed.feed);

    const owned = (isActive: boolean) =>
      [team, { ...robo, userId: team.userId }].map((mfa) =>
        publishTestEvent(messaging.producer, messaging.prefix, mfaUpdated, {
          ...mfa,
          isActive,
          autoRenewal: false,
          purchaseId: null,
          updatedAt: new Date().toISOString(),
        }),
      );
    assert.equal((await call('GET', reader.feed)).status, 200, 'the key is kept while it works');
    const deactivatedAt = Date.now();
    await Promise.all(owned(false));
    await until('the key refused', async () => (await call('GET', reader.feed)).status === 401);
    assert.ok(Date.now() - deactivatedAt < 5_000, 'refused within seconds, not when the kept key lapsed');
    expect(await call('GET', reader.feed)).toStrictEqual(revoked);
    await until('the MultiMFA inactive', async () => {
      const { rows } = await db.query('SELECT is_active FROM mfa_view WHERE mfa_id = $1', [team.mfaId]);
      return rows[0]?.is_active === false;
    });
    const kept = await text(team.number as string);
    assert.equal(await forwardsOf(kept.messageId), 0);
    assert.deepEqual(await logOf(kept.messageId), [{ mfa_id: team.mfaId, log_type: 'WARNING' }]);
    const { rows: stored } = await db.query('SELECT 1 FROM inbound_message WHERE message_id = $1', [
      kept.messageId,
    ]);
    assert.equal(stored.length, 1, 'the text is kept');

    await Promise.all(owned(true));
    await until('the key working again', async () => (await call('GET', reader.feed)).status === 200);
    assert.equal((await call('GET', removed.feed)).status, 401, 'a removed bot stays removed');
    await until('the MultiMFA active', async () => {
      const { rows } = await db.query('SELECT is_active FROM mfa_view WHERE mfa_id = $1', [team.mfaId]);
      return rows[0]?.is_active === true;
    });
    const forwarded = await text(team.number as string);
    assert.equal(await forwardsOf(forwarded.messageId), 1);
    assert.equal(await forwardsOf(kept.messageId), 0, 'what came meanwhile stays unforwarded');
  });

  it("e-mails the MultiMFA's owner, at the address identity's events gave, when a member rejects the invitation", async () => {
    const number = randomNumber();
    const mfa = await multiMfa(number);
    const owner = `owner.${randomBytes(3).toString('hex')}@example.com`;
    await publishTestEvent(
      messaging.producer,
      messaging.prefix,
      userRegistered,
      registeredUser(mfa.userId, { emailAddress: owner }),
    );
    await until('the owner in the view', async () => {
      const { rows } = await db.query('SELECT 1 FROM user_contact WHERE user_id = $1', [mfa.userId]);
      return rows.length > 0;
    });
    const cursor = await messaging.inbox.cursor();
    const rejection = {
      memberId: randomUUID(),
      mfaId: mfa.mfaId,
      userId: mfa.userId,
      firstName: 'Rita',
      lastName: 'Rejecter',
      mobileNo: '',
      email: 'rita@example.com',
      forwardMedium: 'EMAIL' as const,
      status: 'INVITE_SENT' as const,
      invitationId: randomUUID(),
      rejectedAt: new Date().toISOString(),
    };
    await publishTestEvent(messaging.producer, messaging.prefix, invitationRejected, rejection);
    const email = await messaging.inbox.waitForEmail(owner, { after: cursor, timeoutMs: 30_000 });
    assert.equal(email.subject, 'Rita Rejecter rejected your MultiMFA invitation');
    assert.match(email.text ?? '', /Hi Olga,/);
    assert.match(
      email.text ?? '',
      /Rita Rejecter \(rita@example\.com\) rejected the invitation to receive the verification codes of your MultiMFA MultiMFA of the test\./,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const all = await messaging.inbox.messages({ channel: 'email', to: owner, after: cursor });
    assert.equal(all.length, 1, 'one e-mail per rejection');
  });

  it('answers a text once it is stored, before its forwards are queued, and a stop waits until they are', async () => {
    const number = randomNumber();
    await multiMfa(number);
    const queue = messaging.app.get(ForwardQueue);
    const enqueueAll = queue.enqueueAll.bind(queue);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let queued = 0;
    queue.enqueueAll = async (jobs) => {
      await gate;
      await enqueueAll(jobs);
      queued += jobs.length;
    };
    const pending = <T>(work: Promise<T>, ms: number) =>
      Promise.race([
        work.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(resolve, ms, true)),
      ]);
    try {
      const answer = text(number);
      assert.equal(await pending(answer, 5_000), false, 'answered while its forward waits to be queued');
      assert.equal(await forwardsOf((await answer).messageId), 1);
      assert.equal(queued, 0);

      const stopped = messaging.stop();
      // A stop with nothing in flight takes about a second here.
      assert.equal(await pending(stopped, 5_000), true, 'the stop waits for the forward to be queued');
      open();
      await stopped;
      assert.equal(queued, 1);
    } finally {
      // The file's last test: messaging stays stopped, and afterAll only cleans up. (Started again here,
      // its close in afterAll did not end within 120 s in CI, 2026-11-29; cause not found.)
      open();
      await messaging.stop();
    }
  });
});
