import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Member, OffboardingReport } from '@multimfa/api-contract';
import type { MfaRecord } from '@multimfa/service-contracts/numbers';
import pg from 'pg';
import { verifiedCustomer } from '../testing/accounts.builder.js';
import { applyPurchase, completedPurchase } from '../testing/purchases.builder.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 150; i += 1) {
    const found = await probe();
    if (found !== undefined) return found;
    await sleep(100);
  }
  throw new Error(`${what} did not happen`);
}

describe('retention and offboarding reports through the gateway (real identity, numbers, messaging; Kafka, Redis, PostgreSQL)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let numbersUrl: string;
  let messagingDb: pg.Client;
  let ukCountryId: number;

  const bought = (userId: string, MFAType: 'MultiMFA' | 'RoboMFA'): Promise<MfaRecord> =>
    applyPurchase(numbersUrl, completedPurchase({ userId, MFAType, countryId: ukCountryId, noOfUsers: 3 }));

  beforeAll(async () => {
    await stack.start();
    numbersUrl = (await stack.startNumbers()).url;
    const messagingDatabase = await stack.startMessaging();
    gatewayUrl = (await stack.gateway({ NUMBERS_URL: numbersUrl })).url;
    messagingDb = new pg.Client({ connectionString: messagingDatabase });
    await messagingDb.connect();
    const countries = await new Browser(gatewayUrl).call<
      Answer<Array<{ multiMFACountryId: number; name: string }>>
    >('GET', '/api/plan/getMFACountries');
    ukCountryId = countries.body.data.find((c) => c.name === 'United Kingdom')?.multiMFACountryId ?? 0;
  });

  afterAll(async () => {
    await messagingDb?.end();
    await stack.stop();
  });

  it("sets a MultiMFA's and a RoboMFA's retention through /api, which messaging then applies; out of range answers 400 with the reason", async () => {
    const owner = await verifiedCustomer(stack, gatewayUrl, 'retention-owner');
    for (const [kind, days] of [
      ['MultiMFA', 3],
      ['RoboMFA', 60],
    ] as const) {
      const mfa = await bought(owner.userId, kind);
      const path = `/api/mfa/${mfa.mfaId}/retention`;
      expect((await owner.browser.call<Answer<unknown>>('GET', path)).body).toStrictEqual({
        isError: false,
        message: '',
        data: { retentionDays: 30 },
      });
      for (const retentionDays of [0, 91, 2.5]) {
        const refused = await owner.browser.call<Answer<unknown>>('PUT', path, { retentionDays });
        assert.equal(refused.status, 400, String(retentionDays));
        expect(refused.body.message).toContain('Retention must be a whole number of days from 1 to 90');
      }
      const saved = await owner.browser.call<Answer<{ retentionDays: number }>>('PUT', path, {
        retentionDays: days,
      });
      expect(saved.body).toStrictEqual({
        isError: false,
        message: `Texts now keep their body and code for ${days} day(s)`,
        data: { retentionDays: days },
      });
      await eventually(`messaging holding ${kind}'s retention`, async () => {
        const { rows } = await messagingDb.query(
          'SELECT retention_days FROM mfa_retention WHERE mfa_id = $1',
          [mfa.mfaId],
        );
        return rows[0]?.retention_days === days ? true : undefined;
      });
    }
  });

  it("attack: another customer's MFA answers 404 for reading or setting its retention, and its retention stays", async () => {
    const owner = await verifiedCustomer(stack, gatewayUrl, 'retention-victim');
    const intruder = await verifiedCustomer(stack, gatewayUrl, 'retention-intruder');
    const mfa = await bought(owner.userId, 'MultiMFA');
    const path = `/api/mfa/${mfa.mfaId}/retention`;
    expect((await intruder.browser.call('GET', path)).status).toBe(404);
    const write = await intruder.browser.call<Answer<unknown>>('PUT', path, { retentionDays: 1 });
    expect(write.status).toBe(404);
    expect(write.body.message).toBe('MFA not found');
    expect((await owner.browser.call<Answer<unknown>>('GET', path)).body.data).toStrictEqual({
      retentionDays: 30,
    });
  });

  it('removing a member gives the owner an offboarding report on /api; another customer, a RoboMFA id or an unknown id answer 404', async () => {
    const owner = await verifiedCustomer(stack, gatewayUrl, 'offboarding-owner');
    const intruder = await verifiedCustomer(stack, gatewayUrl, 'offboarding-intruder');
    const team = await bought(owner.userId, 'MultiMFA');
    const robot = await bought(owner.userId, 'RoboMFA');
    const added = await owner.browser.call<Answer<{ dbMember: Member }>>('POST', '/api/plan/add-member', {
      multiMFAId: team.mfaId,
      firstName: 'Lea',
      lastName: 'Ving',
      forwardMedium: 'EMAIL',
      email: `${randomUUID()}@example.com`,
      mobileNo: '',
    });
    assert.equal(added.status, 200, added.body.message);
    const memberId = added.body.data.dbMember.memberId;
    const path = `/api/plan/offboarding-reports/${team.mfaId}`;
    expect((await owner.browser.call<Answer<unknown>>('GET', path)).body.data).toStrictEqual({ reports: [] });

    assert.equal((await owner.browser.call('DELETE', `/api/plan/member/${memberId}`)).status, 200);
    const reports = await eventually('the offboarding report', async () => {
      const answer = await owner.browser.call<Answer<{ reports: OffboardingReport[] }>>('GET', path);
      return answer.body.data.reports.length ? answer.body.data.reports : undefined;
    });
    expect(reports).toMatchObject([{ memberId, firstName: 'Lea', lastName: 'Ving', services: [] }]);

    const stolen = await intruder.browser.call<Answer<unknown>>('GET', path);
    expect(stolen).toMatchObject({ status: 404, body: { isError: true, message: 'MultiMFA not found' } });
    expect((await owner.browser.call('GET', `/api/plan/offboarding-reports/${robot.mfaId}`)).status).toBe(
      404,
    );
    expect((await owner.browser.call('GET', `/api/plan/offboarding-reports/${randomUUID()}`)).status).toBe(
      404,
    );
    expect((await owner.browser.call('GET', '/api/plan/offboarding-reports/not-an-id')).status).toBe(400);
  });
});
