import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { type PurchaseCompleted, purchaseCompleted, userDeleted, userStatusChanged } from '@multimfa/events';
import type { MfaRecord, WaitingMfa } from '@multimfa/service-contracts/numbers';
import { SmsWebhookWorker } from '../allocation/sms-webhook.worker.js';
import {
  type NumbersTestApp,
  PUBLIC_API_URL,
  startNumbersTestApp,
} from '../testing/numbers-test-app.harness.js';
import { completedPurchase } from '../testing/purchase.builder.js';

/** The sandbox account's numbers: two in the US, two in Canada, one in Australia. */
const US = ['+14155550123', '+12025550143'];
const CA = ['+16135550117', '+16135550118'];
const AU = '+61412345678';

describe('numbers: purchases applied once, numbers allocated (real PostgreSQL, Kafka, Redis; Twilio in the sandbox)', () => {
  let numbers: NumbersTestApp;
  let prefix: string;
  let producer: NumbersTestApp['producer'];
  let database: NumbersTestApp['database'];
  let countryIds: NumbersTestApp['countryIds'];
  let sids: NumbersTestApp['sids'];
  let call: NumbersTestApp['call'];
  let twilioApi: NumbersTestApp['twilioApi'];
  let addToPool: NumbersTestApp['addToPool'];

  /** A purchase as billing completes it: a new Basic MultiMFA named after `iso`, unless told otherwise. */
  function purchase(
    userId: string,
    iso: string,
    overrides: Partial<PurchaseCompleted> = {},
  ): PurchaseCompleted {
    const countryId = countryIds.get(iso) ?? 0;
    return completedPurchase(userId, countryId, {
      draft: { name: `Team ${iso}`, description: 'Shared sign-ins', countryId },
      ...overrides,
    });
  }

  /** Billing's relay publishing the purchase; resolves with the event's id. */
  function publish(payload: PurchaseCompleted): Promise<string> {
    return publishTestEvent(producer, prefix, purchaseCompleted, payload);
  }

  async function eventuallyTrue(check: () => Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 300; i += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail(`${what} did not happen`);
  }

  const count = async (sql: string, params: unknown[]) =>
    Number((await database.query(sql, params))[0].count);

  beforeAll(async () => {
    numbers = await startNumbersTestApp('numbers_mfas', [...US, ...CA, AU]);
    ({ prefix, producer, database, countryIds, sids, call, twilioApi, addToPool } = numbers);
    for (const e164 of [...US, CA[0] as string, AU]) await addToPool(e164);
  });

  afterAll(() => numbers?.close());

  it('applies one purchase sent twice over HTTP and once as an event, all at once: one MFA, one number, one created event, the same answer', async () => {
    const userId = randomUUID();
    const bought = purchase(userId, 'US');
    const [eventId, first, second] = await Promise.all([
      publish(bought),
      call<MfaRecord>('POST', '/purchases', bought),
      call<MfaRecord>('POST', '/purchases', bought),
    ]);
    await eventuallyTrue(
      async () => (await count('SELECT count(*) FROM processed_event WHERE event_id = $1', [eventId])) === 1,
      'the event being applied',
    );
    assert.equal(first.status, 200, JSON.stringify(first.body));
    expect(second).toStrictEqual(first);
    assert.ok(US.includes(first.body.number ?? ''), `a US number, not ${first.body.number}`);
    expect(first.body).toStrictEqual({
      mfaId: bought.mfaId,
      MFAType: 'MultiMFA',
      userId,
      name: 'Team US',
      description: 'Shared sign-ins',
      number: first.body.number,
      country: { countryId: countryIds.get('US'), name: 'United States', code: '+1' },
      plan: bought.plan,
      subscriptionId: bought.subscriptionId,
      autoRenewal: true,
      nextPaymentDate: bought.nextPaymentDate,
      isSubscriptionActive: true,
      isActive: true,
      createdAt: expect.any(String),
      memberIds: [],
      botIds: [],
    });
    assert.equal(await count('SELECT count(*) FROM mfa WHERE mfa_id = $1', [bought.mfaId]), 1);
    assert.equal(
      await count('SELECT count(*) FROM applied_purchase WHERE purchase_id = $1', [bought.purchaseId]),
      1,
    );
    assert.equal(
      await count(`SELECT count(*) FROM phone_number WHERE state = 'OCCUPIED' AND country_iso = 'US'`, []),
      1,
    );
    assert.equal(
      await count(
        `SELECT count(*) FROM outbox_event WHERE envelope->>'type' = 'numbers.mfa.created' AND message_key = $1`,
        [bought.mfaId],
      ),
      1,
    );
    assert.equal(
      await count(
        `SELECT count(*) FROM outbox_event WHERE envelope->>'type' = 'numbers.number.assigned' AND envelope->'payload'->>'mfaId' = $1`,
        [bought.mfaId],
      ),
      1,
    );
  });

  it("points the assigned number's SmsUrl at the product's webhook through Twilio (read back from the sandbox), records it, and points it again within a sweep when the job was lost", async () => {
    const bought = purchase(randomUUID(), 'US');
    const applied = await call<MfaRecord>('POST', '/purchases', bought);
    const sid = sids.get(applied.body.number ?? '');
    assert.ok(sid, `an owned number, not ${applied.body.number}`);
    let smsUrl = '';
    await eventuallyTrue(async () => {
      const number = (await (await twilioApi(`IncomingPhoneNumbers/${sid}.json`)).json()) as {
        sms_url: string;
      };
      smsUrl = number.sms_url;
      return smsUrl !== '';
    }, 'the SmsUrl update');
    assert.equal(smsUrl, `${PUBLIC_API_URL}/api/webhooks/twilio/sms`);
    const pointed = () =>
      count('SELECT count(*) FROM mfa WHERE mfa_id = $1 AND sms_webhook_pointed_at IS NOT NULL', [
        applied.body.mfaId,
      ]);
    await eventuallyTrue(async () => (await pointed()) === 1, 'the pointing recorded on the MFA');

    // As if the job had never run: Twilio's SmsUrl empty, nothing recorded, the assignment a minute old.
    const cleared = await twilioApi(`IncomingPhoneNumbers/${sid}.json`, { SmsUrl: '' });
    assert.equal(cleared.status, 200);
    await database.query(
      `UPDATE mfa SET sms_webhook_pointed_at = NULL, updated_at = now() - interval '2 minutes' WHERE mfa_id = $1`,
      [applied.body.mfaId],
    );

    assert.ok((await numbers.app.get(SmsWebhookWorker).requeueUnpointed()) >= 1);

    await eventuallyTrue(async () => (await pointed()) === 1, 'the pointing recorded again');
    const number = (await (await twilioApi(`IncomingPhoneNumbers/${sid}.json`)).json()) as {
      sms_url: string;
    };
    assert.equal(number.sms_url, `${PUBLIC_API_URL}/api/webhooks/twilio/sms`);
  });

  it('gives the last free number of a country to exactly one of two concurrent purchases; the other waits, is listed, and gets the next number added', async () => {
    const [a, b] = [purchase(randomUUID(), 'CA'), purchase(randomUUID(), 'CA')];
    const answers = await Promise.all([a, b].map((bought) => call<MfaRecord>('POST', '/purchases', bought)));
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200],
    );
    const numbers = answers.map((answer) => answer.body.number);
    expect(numbers.toSorted()).toStrictEqual([CA[0], null].toSorted());
    const waiter = answers.find((answer) => answer.body.number === null)?.body as MfaRecord;

    const waiting = await call<WaitingMfa[]>('GET', '/pool/waiting');
    expect(waiting.body.find((entry) => entry.mfaId === waiter.mfaId)).toStrictEqual({
      mfaId: waiter.mfaId,
      MFAType: 'MultiMFA',
      name: 'Team CA',
      country: { countryId: countryIds.get('CA'), name: 'Canada', code: '+1', isoCode: 'CA' },
      waitingSince: expect.any(String),
    });

    const added = await addToPool(CA[1] as string);
    assert.equal(added.state, 'OCCUPIED');
    const after = await call<MfaRecord>('GET', `/users/${waiter.userId}/mfas/${waiter.mfaId}`);
    assert.equal(after.body.number, CA[1]);
    const stillWaiting = await call<WaitingMfa[]>('GET', '/pool/waiting');
    assert.equal(
      stillWaiting.body.find((entry) => entry.mfaId === waiter.mfaId),
      undefined,
    );
  });

  it('an upgrade changes the plan and next payment date of the MultiMFA, not its number; applied again it changes nothing', async () => {
    const userId = randomUUID();
    const created = await call<MfaRecord>('POST', '/purchases', purchase(userId, 'AU'));
    assert.equal(created.body.number, AU);
    const upgrade = purchase(userId, 'AU', {
      action: 'UPGRADE',
      mfaId: created.body.mfaId,
      draft: null,
      plan: { planId: 2, planName: 'Professional', basePrice: 15, noOfUsers: 5 },
      nextPaymentDate: new Date(Date.now() + 60 * 86_400_000).toISOString(),
    });
    const upgraded = await call<MfaRecord>('POST', '/purchases', upgrade);
    assert.equal(upgraded.status, 200);
    expect(upgraded.body).toStrictEqual({
      ...created.body,
      plan: upgrade.plan,
      subscriptionId: upgrade.subscriptionId,
      nextPaymentDate: upgrade.nextPaymentDate,
    });
    expect(await call<MfaRecord>('POST', '/purchases', upgrade)).toStrictEqual(upgraded);
    assert.equal(
      await count(
        `SELECT count(*) FROM outbox_event WHERE envelope->>'type' = 'numbers.mfa.updated' AND message_key = $1`,
        [created.body.mfaId],
      ),
      1,
    );
  });

  it("attack: another user's MFA id answers 404 (read or upgraded), and each user's list holds only their own MFAs, newest first, by kind", async () => {
    const owner = randomUUID();
    const intruder = randomUUID();
    const team = await call<MfaRecord>('POST', '/purchases', purchase(owner, 'GB'));
    const robot = await call<MfaRecord>('POST', '/purchases', purchase(owner, 'GB', { MFAType: 'RoboMFA' }));
    const own = await call<MfaRecord>('POST', '/purchases', purchase(intruder, 'GB'));

    const read = await call('GET', `/users/${intruder}/mfas/${team.body.mfaId}`);
    expect(read).toStrictEqual({
      status: 404,
      body: { isError: true, message: 'MFA not found', data: { code: 'MFA_NOT_FOUND' } },
    });
    const takeOver = purchase(intruder, 'GB', { action: 'UPGRADE', mfaId: team.body.mfaId, draft: null });
    assert.equal((await call('POST', '/purchases', takeOver)).status, 404);
    assert.equal(
      (await call<MfaRecord>('GET', `/users/${owner}/mfas/${team.body.mfaId}`)).body.plan.planName,
      'Basic',
    );

    const ownersList = await call<MfaRecord[]>('GET', `/users/${owner}/mfas`);
    expect(ownersList.body.map((mfa) => mfa.mfaId)).toStrictEqual([robot.body.mfaId, team.body.mfaId]);
    const robots = await call<MfaRecord[]>('GET', `/users/${owner}/mfas?type=RoboMFA`);
    expect(robots.body.map((mfa) => mfa.mfaId)).toStrictEqual([robot.body.mfaId]);
    const intrudersList = await call<MfaRecord[]>('GET', `/users/${intruder}/mfas`);
    expect(intrudersList.body.map((mfa) => mfa.mfaId)).toStrictEqual([own.body.mfaId]);
  });

  it("one PATCH saves both kinds' detail page (name, description, auto-renewal) with one numbers.mfa.updated; the wrong MFAType or another user answers 404 and changes nothing", async () => {
    const owner = randomUUID();
    const team = await call<MfaRecord>('POST', '/purchases', purchase(owner, 'GB'));
    const robot = await call<MfaRecord>('POST', '/purchases', purchase(owner, 'GB', { MFAType: 'RoboMFA' }));
    const change = { name: '  Night shift ', description: 'Bots of the night', autoRenewal: false };

    const savedRobot = await call<MfaRecord>('PATCH', `/users/${owner}/mfas/${robot.body.mfaId}`, {
      ...change,
      MFAType: 'RoboMFA',
    });
    assert.equal(savedRobot.status, 200);
    expect(savedRobot.body).toMatchObject({
      mfaId: robot.body.mfaId,
      MFAType: 'RoboMFA',
      name: 'Night shift',
      description: 'Bots of the night',
      autoRenewal: false,
    });
    const savedTeam = await call<MfaRecord>('PATCH', `/users/${owner}/mfas/${team.body.mfaId}`, {
      ...change,
      MFAType: 'MultiMFA',
    });
    expect(savedTeam.body).toMatchObject({ MFAType: 'MultiMFA', name: 'Night shift', autoRenewal: false });
    for (const mfa of [team.body, robot.body])
      assert.equal(
        await count(
          `SELECT count(*) FROM outbox_event WHERE envelope->>'type' = 'numbers.mfa.updated' AND message_key = $1`,
          [mfa.mfaId],
        ),
        1,
      );

    const asMultiMfa = await call('PATCH', `/users/${owner}/mfas/${robot.body.mfaId}`, {
      ...change,
      name: 'Taken over',
      MFAType: 'MultiMFA',
    });
    expect(asMultiMfa).toStrictEqual({
      status: 404,
      body: { isError: true, message: 'MFA not found', data: { code: 'MFA_NOT_FOUND' } },
    });
    const asRoboMfa = await call('PATCH', `/users/${owner}/mfas/${team.body.mfaId}`, {
      ...change,
      name: 'Taken over',
      MFAType: 'RoboMFA',
    });
    expect(asRoboMfa).toStrictEqual({
      status: 404,
      body: { isError: true, message: 'RoboMFA not found', data: { code: 'ROBO_MFA_NOT_FOUND' } },
    });
    const byIntruder = await call('PATCH', `/users/${randomUUID()}/mfas/${robot.body.mfaId}`, {
      ...change,
      name: 'Taken over',
      MFAType: 'RoboMFA',
    });
    assert.equal(byIntruder.status, 404);
    for (const mfa of [team.body, robot.body])
      assert.equal(
        (await call<MfaRecord>('GET', `/users/${owner}/mfas/${mfa.mfaId}`)).body.name,
        'Night shift',
      );
    assert.equal((await call('PUT', `/users/${owner}/robo-mfas/${robot.body.mfaId}`, change)).status, 404);
  });

  it('a deleted user (identity.user.deleted, delivered twice) has every MFA deactivated and its auto-renewal off, with one numbers.mfa.updated each', async () => {
    const userId = randomUUID();
    const team = await call<MfaRecord>('POST', '/purchases', purchase(userId, 'GB'));
    const robot = await call<MfaRecord>('POST', '/purchases', purchase(userId, 'GB', { MFAType: 'RoboMFA' }));
    const bystander = await call<MfaRecord>('POST', '/purchases', purchase(randomUUID(), 'GB'));
    const counts = await call<Array<{ userId: string; count: number }>>(
      'GET',
      '/admin/mfa-counts?type=MultiMFA',
    );
    expect(counts.body.find((row) => row.userId === userId)).toStrictEqual({ userId, count: 1 });

    const deleted = {
      userId,
      userType: 'CUSTOMER' as const,
      deletedBy: randomUUID(),
      deletedAt: new Date().toISOString(),
    };
    const ids = [
      await publishTestEvent(producer, prefix, userDeleted, deleted),
      await publishTestEvent(producer, prefix, userDeleted, deleted),
    ];
    await eventuallyTrue(
      async () => (await count('SELECT count(*) FROM processed_event WHERE event_id = ANY($1)', [ids])) === 2,
      'both deliveries being applied',
    );
    const states = await database.query(
      'SELECT mfa_id, is_active FROM mfa WHERE mfa_id = ANY($1) ORDER BY mfa_id',
      [[team.body.mfaId, robot.body.mfaId, bystander.body.mfaId]],
    );
    expect(
      Object.fromEntries(
        states.map((row: { mfa_id: string; is_active: boolean }) => [row.mfa_id, row.is_active]),
      ),
    ).toStrictEqual({
      [team.body.mfaId]: false,
      [robot.body.mfaId]: false,
      [bystander.body.mfaId]: true,
    });
    const updates = await database.query(
      `SELECT envelope->'payload'->>'mfaId' AS mfa_id, envelope->'payload'->>'isActive' AS is_active,
              envelope->'payload'->>'autoRenewal' AS auto_renewal FROM outbox_event
        WHERE envelope->>'type' = 'numbers.mfa.updated' AND envelope->'payload'->>'userId' = $1 ORDER BY mfa_id`,
      [userId],
    );
    expect(updates).toStrictEqual(
      [team.body.mfaId, robot.body.mfaId]
        .sort()
        .map((mfaId) => ({ mfa_id: mfaId, is_active: 'false', auto_renewal: 'false' })),
    );
  });

  it("a deactivated user's MFAs are inactive with auto-renewal off, told in one numbers.mfa.updated each; reactivation makes them active with auto-renewal still off; deletion is for good", async () => {
    const userId = randomUUID();
    const team = await call<MfaRecord>('POST', '/purchases', purchase(userId, 'GB'));
    const robot = await call<MfaRecord>('POST', '/purchases', purchase(userId, 'GB', { MFAType: 'RoboMFA' }));
    const bystander = await call<MfaRecord>('POST', '/purchases', purchase(randomUUID(), 'GB'));
    const mine = [team.body.mfaId, robot.body.mfaId].sort();
    const shown = async () =>
      (await call<MfaRecord[]>('GET', `/users/${userId}/mfas`)).body
        .map((mfa) => [mfa.mfaId, mfa.isActive, mfa.autoRenewal])
        .sort();
    const updates = async (): Promise<Array<{ mfaId: string; isActive: boolean; autoRenewal: boolean }>> =>
      database.query(
        `SELECT envelope->'payload'->>'mfaId' AS "mfaId", (envelope->'payload'->>'isActive')::boolean AS "isActive",
                (envelope->'payload'->>'autoRenewal')::boolean AS "autoRenewal" FROM outbox_event
          WHERE envelope->>'type' = 'numbers.mfa.updated' AND envelope->'payload'->>'userId' = $1 ORDER BY id`,
        [userId],
      );
    const applied = (ids: string[], what: string) =>
      eventuallyTrue(
        async () =>
          (await count('SELECT count(*) FROM processed_event WHERE event_id = ANY($1)', [ids])) ===
          ids.length,
        what,
      );
    const status = (isActive: boolean) =>
      publishTestEvent(producer, prefix, userStatusChanged, { userId, isActive, changedBy: randomUUID() });

    await applied([await status(false), await status(false)], 'the deactivation, delivered twice');
    expect(await shown()).toStrictEqual(mine.map((mfaId) => [mfaId, false, false]));
    const suspended = mine.map((mfaId) => ({ mfaId, isActive: false, autoRenewal: false }));
    expect((await updates()).sort((a, b) => a.mfaId.localeCompare(b.mfaId))).toStrictEqual(suspended);
    const late = await call<MfaRecord>('POST', '/purchases', purchase(userId, 'GB'));
    expect([late.body.isActive, late.body.autoRenewal]).toStrictEqual([false, false]);

    await applied([await status(true)], 'the reactivation');
    const everyOne = [...mine, late.body.mfaId].sort();
    expect(await shown()).toStrictEqual(everyOne.map((mfaId) => [mfaId, true, false]));
    expect((await updates()).slice(2)).toStrictEqual(
      everyOne.map((mfaId) => ({ mfaId, isActive: true, autoRenewal: false })),
    );
    const other = await call<MfaRecord>(
      'GET',
      `/users/${bystander.body.userId}/mfas/${bystander.body.mfaId}`,
    );
    expect([other.body.isActive, other.body.autoRenewal]).toStrictEqual([true, true]);

    const deleted = {
      userId,
      userType: 'CUSTOMER' as const,
      deletedBy: randomUUID(),
      deletedAt: new Date().toISOString(),
    };
    await applied(
      [await publishTestEvent(producer, prefix, userDeleted, deleted), await status(true)],
      'the deletion and a reactivation after it',
    );
    expect(await shown()).toStrictEqual(everyOne.map((mfaId) => [mfaId, false, false]));
  });

  it("sets a MultiMFA's and a RoboMFA's retention (1 to 90 days, 30 by default) and publishes it in numbers.mfa.updated; out of range answers 400, another user's MFA 404", async () => {
    const owner = randomUUID();
    const team = await call<MfaRecord>('POST', '/purchases', purchase(owner, 'GB'));
    const robot = await call<MfaRecord>('POST', '/purchases', purchase(owner, 'GB', { MFAType: 'RoboMFA' }));
    const retentionOf = (mfaId: string) => call('GET', `/users/${owner}/mfas/${mfaId}/retention`);
    for (const mfa of [team.body, robot.body]) {
      expect(await retentionOf(mfa.mfaId)).toStrictEqual({ status: 200, body: { retentionDays: 30 } });
      const created = await database.query(
        `SELECT envelope->'payload'->>'retentionDays' AS days FROM outbox_event
          WHERE envelope->>'type' = 'numbers.mfa.created' AND message_key = $1`,
        [mfa.mfaId],
      );
      expect(created).toStrictEqual([{ days: '30' }]);
    }

    for (const [mfa, days] of [
      [team.body, 1],
      [robot.body, 90],
    ] as const) {
      expect(
        await call('PUT', `/users/${owner}/mfas/${mfa.mfaId}/retention`, { retentionDays: days }),
      ).toStrictEqual({ status: 200, body: { retentionDays: days } });
      expect(await retentionOf(mfa.mfaId)).toStrictEqual({ status: 200, body: { retentionDays: days } });
      const updated = await database.query(
        `SELECT envelope->'payload'->>'retentionDays' AS days FROM outbox_event
          WHERE envelope->>'type' = 'numbers.mfa.updated' AND message_key = $1`,
        [mfa.mfaId],
      );
      expect(updated).toStrictEqual([{ days: String(days) }]);
    }

    const message = 'Retention must be a whole number of days from 1 to 90';
    for (const retentionDays of [0, 91, 7.5, '30', null]) {
      const refused = await call('PUT', `/users/${owner}/mfas/${team.body.mfaId}/retention`, {
        retentionDays,
      });
      assert.equal(refused.status, 400, JSON.stringify(retentionDays));
      expect((refused.body as { message: string }).message).toContain(message);
    }
    const intruder = randomUUID();
    expect(
      await call('PUT', `/users/${intruder}/mfas/${team.body.mfaId}/retention`, { retentionDays: 5 }),
    ).toStrictEqual({
      status: 404,
      body: { isError: true, message: 'MFA not found', data: { code: 'MFA_NOT_FOUND' } },
    });
    assert.equal((await call('GET', `/users/${intruder}/mfas/${team.body.mfaId}/retention`)).status, 404);
    expect(await retentionOf(team.body.mfaId)).toStrictEqual({ status: 200, body: { retentionDays: 1 } });
  });
});
