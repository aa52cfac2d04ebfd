import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Invitation, Member, MultiMfaDetails } from '@multimfa/api-contract';
import { createKafka, readTopic } from '@multimfa/event-bus';
import { type EventEnvelope, invitationSent, openSecret, type PayloadOf } from '@multimfa/events';
import type { MfaRecord } from '@multimfa/service-contracts/numbers';
import { testInfrastructure, testLogger } from '@multimfa/service-runtime/testing';
import pg from 'pg';
import { email, signUpBody, verifiedCustomer, verifyEmail } from '../testing/accounts.builder.js';
import { applyPurchase, completedPurchase } from '../testing/purchases.builder.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };

describe('the MultiMFA detail page and its members through the gateway (real numbers, identity, billing)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let numbersUrl: string;
  let numbersDatabase: string;
  let gbCountryId: number;
  let strictGatewayUrl: string;
  const kafka = createKafka({
    clientId: 'members-test',
    brokers: testInfrastructure.kafkaBrokers,
    logger: testLogger('kafka'),
  });

  /** The token numbers sealed for messaging in the member's latest invitation, opened as messaging does. */
  async function invitationToken(memberId: string): Promise<string> {
    for (let i = 0; ; i += 1) {
      const messages = await readTopic(kafka, `${stack.topicPrefix}${invitationSent.topic.name}`);
      const sent = messages
        .map(
          ({ message }) =>
            JSON.parse(message.value?.toString('utf8') ?? '{}') as EventEnvelope<
              PayloadOf<typeof invitationSent>
            >,
        )
        .filter((event) => event.type === invitationSent.type && event.payload.memberId === memberId)
        .at(-1);
      if (sent) return openSecret(stack.sealingKey, sent.payload.sealedToken, sent.payload.invitationId);
      if (i > 200) throw new Error(`no invitation was published for ${memberId}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function numbersQuery(sql: string, values: unknown[]) {
    const client = new pg.Client({ connectionString: numbersDatabase });
    await client.connect();
    try {
      return (await client.query(sql, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** A new customer, their address verified (adding members needs it). */
  function customer(label: string) {
    return verifiedCustomer(stack, gatewayUrl, label);
  }

  /** A Basic MultiMFA (2 seats) of the user, applied as the gateway applies a completed purchase. */
  async function bought(userId: string, noOfUsers = 2): Promise<MfaRecord> {
    return applyPurchase(
      numbersUrl,
      completedPurchase({
        userId,
        MFAType: 'MultiMFA',
        name: 'Ops team',
        description: 'Shared sign-ins',
        countryId: gbCountryId,
        noOfUsers,
      }),
    );
  }

  /** The payloads numbers wrote to its outbox for one event type, oldest first. */
  async function outbox(type: string): Promise<Array<Record<string, unknown>>> {
    const client = new pg.Client({ connectionString: numbersDatabase });
    await client.connect();
    try {
      const { rows } = await client.query(
        "SELECT envelope FROM outbox_event WHERE envelope->>'type' = $1 ORDER BY id",
        [type],
      );
      return rows.map((row) => row.envelope.payload);
    } finally {
      await client.end();
    }
  }

  const member = (multiMFAId: string, overrides: Record<string, unknown> = {}) => ({
    multiMFAId,
    firstName: 'Ada',
    lastName: 'Lovelace',
    forwardMedium: 'EMAIL',
    email: ' Ada@Example.COM ',
    mobileNo: '',
    ...overrides,
  });

  beforeAll(async () => {
    await stack.start();
    const started = await stack.startNumbers();
    numbersDatabase = started.databaseUrl;
    numbersUrl = started.url;
    gatewayUrl = (await stack.gateway({ NUMBERS_URL: numbersUrl })).url;
    strictGatewayUrl = (
      await stack.gateway({ NUMBERS_URL: numbersUrl, INVITATION_RATE_LIMIT_PER_MINUTE: '3' })
    ).url;
    const countries = await new Browser(gatewayUrl).call<
      Answer<Array<{ multiMFACountryId: number; name: string }>>
    >('GET', '/api/plan/getMFACountries');
    gbCountryId =
      countries.body.data.find((country) => country.name === 'United Kingdom')?.multiMFACountryId ?? 0;
  });

  afterAll(async () => {
    await stack.stop();
  });

  it('answers the details and saves name, description and auto-renewal, publishing numbers.mfa.updated; another customer gets 404 on both', async () => {
    const owner = await customer('details-owner');
    const other = await customer('details-other');
    const team = await bought(owner.userId);

    const details = await owner.browser.call<Answer<MultiMfaDetails>>('POST', '/api/plan/mfa-details', {
      multiMFAId: team.mfaId,
    });
    assert.equal(details.status, 200);
    expect([
      details.body.data.name,
      details.body.data.plans.noOfUsers,
      details.body.data.Members,
    ]).toStrictEqual(['Ops team', 2, []]);

    const saved = await owner.browser.call<
      Answer<{ MFA: MultiMfaDetails; nextPaymentDate: string; isSubscriptionActive: boolean }>
    >('POST', '/api/plan/save', {
      multiMFAId: team.mfaId,
      name: ' Night shift ',
      description: 'Pager logins',
      autoRenewal: false,
    });
    assert.equal(saved.status, 200);
    expect([
      saved.body.message,
      saved.body.data.MFA.name,
      saved.body.data.MFA.description,
      saved.body.data.MFA.autoRenewal,
      saved.body.data.nextPaymentDate,
      saved.body.data.isSubscriptionActive,
    ]).toStrictEqual([
      'Changes saved successfully',
      'Night shift',
      'Pager logins',
      false,
      team.nextPaymentDate,
      true,
    ]);
    const updated = (await outbox('numbers.mfa.updated')).filter((event) => event.mfaId === team.mfaId);
    expect(updated.map((event) => [event.autoRenewal, event.name, event.purchaseId])).toStrictEqual([
      [false, 'Night shift', null],
    ]);

    const peek = await other.browser.call('POST', '/api/plan/mfa-details', { multiMFAId: team.mfaId });
    const overwrite = await other.browser.call('POST', '/api/plan/save', {
      multiMFAId: team.mfaId,
      name: 'Mine now',
      description: '',
      autoRenewal: true,
    });
    expect([peek.status, overwrite.status]).toStrictEqual([404, 404]);
    const after = await owner.browser.call<Answer<MultiMfaDetails>>('POST', '/api/plan/mfa-details', {
      multiMFAId: team.mfaId,
    });
    assert.equal(after.body.data.name, 'Night shift');
  });

  it('adds members with their destination normalised (E.164, lower-case e-mail), refuses a missing destination with the spec message, and counts BOTH as 2 seats', async () => {
    const owner = await customer('add-owner');
    const team = await bought(owner.userId, 3);

    const missing = await owner.browser.call(
      'POST',
      '/api/plan/add-member',
      member(team.mfaId, { email: '' }),
    );
    const missingBoth = await owner.browser.call(
      'POST',
      '/api/plan/add-member',
      member(team.mfaId, { forwardMedium: 'BOTH', mobileNo: '' }),
    );
    const badMobile = await owner.browser.call(
      'POST',
      '/api/plan/add-member',
      member(team.mfaId, { forwardMedium: 'MOBILE_NUMBER', email: '', mobileNo: '12345' }),
    );
    expect([
      [missing.status, missing.body.message],
      [missingBoth.status, missingBoth.body.message],
      badMobile.status,
    ]).toStrictEqual([
      [400, 'Please provide email address'],
      [400, 'Please provide both email address and mobile number'],
      400,
    ]);

    const byEmail = await owner.browser.call<Answer<{ dbMember: Member }>>(
      'POST',
      '/api/plan/add-member',
      member(team.mfaId, { mobileNo: '+1 212 555 1212' }),
    );
    assert.equal(byEmail.status, 200);
    expect(byEmail.body.data.dbMember).toMatchObject({
      email: 'ada@example.com',
      mobileNo: '',
      forwardMedium: 'EMAIL',
      status: 'AWAITING_INVITE',
      isVerified: false,
    });
    const both = await owner.browser.call<Answer<{ dbMember: Member }>>(
      'POST',
      '/api/plan/add-member',
      member(team.mfaId, { forwardMedium: 'BOTH', firstName: 'Grace', mobileNo: '+44 7400 123456' }),
    );
    assert.equal(both.status, 200);
    assert.equal(both.body.data.dbMember.mobileNo, '+447400123456');

    const full = await owner.browser.call(
      'POST',
      '/api/plan/add-member',
      member(team.mfaId, { forwardMedium: 'MOBILE_NUMBER', email: '', mobileNo: '+12125551212' }),
    );
    expect([full.status, full.body.message]).toStrictEqual([409, 'Please Update your Plan']);
    const details = await owner.browser.call<Answer<MultiMfaDetails>>('POST', '/api/plan/mfa-details', {
      multiMFAId: team.mfaId,
    });
    expect(details.body.data.Members.map((m) => [m.firstName, m.forwardMedium])).toStrictEqual([
      ['Ada', 'EMAIL'],
      ['Grace', 'BOTH'],
    ]);
    const added = (await outbox('numbers.member.added')).filter((event) => event.mfaId === team.mfaId);
    expect(added.map((event) => event.memberId)).toStrictEqual([
      byEmail.body.data.dbMember.memberId,
      both.body.data.dbMember.memberId,
    ]);
  });

  it('lets exactly one of two adds racing for the last seat in, the other answered "Please Update your Plan"', async () => {
    const owner = await customer('race-owner');
    const team = await bought(owner.userId, 2);
    assert.equal((await owner.browser.call('POST', '/api/plan/add-member', member(team.mfaId))).status, 200);

    const racing = await Promise.all(
      ['Lin', 'Kay'].map((firstName) =>
        owner.browser.call('POST', '/api/plan/add-member', member(team.mfaId, { firstName })),
      ),
    );
    expect(racing.map((answer) => answer.status).sort()).toStrictEqual([200, 409]);
    const details = await owner.browser.call<Answer<MultiMfaDetails>>('POST', '/api/plan/mfa-details', {
      multiMFAId: team.mfaId,
    });
    assert.equal(details.body.data.Members.length, 2);
  });

  it('refuses add-member with 403 EMAIL_NOT_VERIFIED to a customer whose address is not verified yet, adding nobody; verified, the same call adds the member', async () => {
    const browser = new Browser(gatewayUrl);
    const emailAddress = email('add-unverified');
    const signUp = await browser.call<Answer<{ userId: string }>>(
      'POST',
      '/api/auth/signup',
      signUpBody(emailAddress),
    );
    const team = await bought(signUp.body.data.userId);
    const refused = await browser.call('POST', '/api/plan/add-member', member(team.mfaId));
    assert.equal(refused.status, 403);
    expect(refused.body).toStrictEqual({
      isError: true,
      message: 'You need to verify your email first',
      data: { code: 'EMAIL_NOT_VERIFIED' },
    });
    const [count] = await numbersQuery('SELECT count(*) FROM member WHERE mfa_id = $1', [team.mfaId]);
    assert.equal(Number(count.count), 0);
    await verifyEmail(stack, browser, emailAddress);
    assert.equal((await browser.call('POST', '/api/plan/add-member', member(team.mfaId))).status, 200);
  });

  it("refuses another customer's MultiMFA and member ids with 404 and lets the owner delete a member, publishing numbers.member.removed", async () => {
    const owner = await customer('delete-owner');
    const other = await customer('delete-other');
    const team = await bought(owner.userId);
    const added = await owner.browser.call<Answer<{ dbMember: Member }>>(
      'POST',
      '/api/plan/add-member',
      member(team.mfaId),
    );
    const memberId = added.body.data.dbMember.memberId;

    const intrude = await other.browser.call('POST', '/api/plan/add-member', member(team.mfaId));
    const steal = await other.browser.call('DELETE', `/api/plan/member/${memberId}`);
    expect([intrude.status, steal.status]).toStrictEqual([404, 404]);

    const removed = await owner.browser.call('DELETE', `/api/plan/member/${memberId}`);
    expect([removed.status, removed.body.message]).toStrictEqual([200, 'Member deleted successfully']);
    const again = await owner.browser.call('DELETE', `/api/plan/member/${memberId}`);
    assert.equal(again.status, 404);
    const details = await owner.browser.call<Answer<MultiMfaDetails>>('POST', '/api/plan/mfa-details', {
      multiMFAId: team.mfaId,
    });
    expect(details.body.data.Members).toStrictEqual([]);
    expect((await outbox('numbers.member.removed')).map((event) => event.memberId)).toContain(memberId);
  });

  it('invites with a single-use 256-bit token stored only as its hash; its lookup names the team, its number, the inviter and the medium; accepting verifies the member, a second accept answers "already accepted"', async () => {
    const owner = await customer('invite-owner');
    const other = await customer('invite-other');
    const team = await bought(owner.userId);
    const added = await owner.browser.call<Answer<{ dbMember: Member }>>(
      'POST',
      '/api/plan/add-member',
      member(team.mfaId),
    );
    const memberId = added.body.data.dbMember.memberId;

    const intrude = await other.browser.call('POST', '/api/plan/request-activation', { memberId });
    assert.equal(intrude.status, 404);
    const sent = await owner.browser.call<Answer<{ dbMember: Member }>>(
      'POST',
      '/api/plan/request-activation',
      {
        memberId,
      },
    );
    expect([sent.status, sent.body.data.dbMember.status]).toStrictEqual([200, 'INVITE_SENT']);
    const token = await invitationToken(memberId);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const stored = await numbersQuery('SELECT token_hash FROM member_invitation WHERE member_id = $1', [
      memberId,
    ]);
    expect(stored).toStrictEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);

    const invitee = new Browser(gatewayUrl);
    const lookup = await invitee.call<Answer<Invitation>>('GET', `/api/plan/token/${token}`);
    expect([
      lookup.status,
      lookup.body.data.firstName,
      lookup.body.data.event,
      lookup.body.data.isVerified,
    ]).toStrictEqual([200, 'Ada', 'MEMBER_VERIFICATION', false]);
    // The invitation names the team, its number, the inviter and how the codes will come; the owner's id stays inside.
    expect([
      lookup.body.data.teamName,
      lookup.body.data.teamNumber,
      lookup.body.data.inviterName,
      lookup.body.data.forwardMedium,
      'ownerId' in lookup.body.data,
    ]).toStrictEqual(['Ops team', team.number, 'Grace Hopper', 'EMAIL', false]);
    const accepted = await invitee.call('POST', '/api/plan/activate-member', { token });
    expect([accepted.status, accepted.body.message]).toStrictEqual([
      200,
      'Thank you for accepting the invite.',
    ]);
    const replay = await invitee.call('POST', '/api/plan/activate-member', { token });
    expect([replay.status, replay.body.message]).toStrictEqual([
      409,
      'You have already accepted the invitation.',
    ]);
    const again = await invitee.call<Answer<Invitation>>('GET', `/api/plan/token/${token}`);
    assert.equal(again.body.data.isVerified, true);

    const details = await owner.browser.call<Answer<MultiMfaDetails>>('POST', '/api/plan/mfa-details', {
      multiMFAId: team.mfaId,
    });
    expect(details.body.data.Members.map((m) => [m.status, m.isVerified])).toStrictEqual([
      ['VERIFIED', true],
    ]);
    expect((await outbox('numbers.member.verified')).map((event) => event.memberId)).toContain(memberId);
    const reinvite = await owner.browser.call('POST', '/api/plan/request-activation', { memberId });
    assert.equal(reinvite.status, 409);
  });

  it('answers 404 for an unknown, an expired and a rejected token; rejecting puts the member back to AWAITING_INVITE', async () => {
    const owner = await customer('reject-owner');
    const team = await bought(owner.userId, 5);
    const invited = async (firstName: string) => {
      const added = await owner.browser.call<Answer<{ dbMember: Member }>>(
        'POST',
        '/api/plan/add-member',
        member(team.mfaId, { firstName }),
      );
      const memberId = added.body.data.dbMember.memberId;
      assert.equal(
        (await owner.browser.call('POST', '/api/plan/request-activation', { memberId })).status,
        200,
      );
      return { memberId, token: await invitationToken(memberId) };
    };
    const invitee = new Browser(gatewayUrl);

    const unknown = await invitee.call('GET', `/api/plan/token/${'A'.repeat(43)}`);
    expect([unknown.status, unknown.body.message]).toStrictEqual([
      404,
      'The token which you have entered may have been expired or deleted.',
    ]);

    const expiring = await invited('Old');
    await numbersQuery(
      "UPDATE member_invitation SET expires_at = now() - interval '1 second' WHERE member_id = $1",
      [expiring.memberId],
    );
    const expiredLookup = await invitee.call('GET', `/api/plan/token/${expiring.token}`);
    const expiredAccept = await invitee.call('POST', '/api/plan/activate-member', { token: expiring.token });
    expect([expiredLookup.status, expiredAccept.status]).toStrictEqual([404, 404]);

    const rejecting = await invited('Nope');
    const lookup = await invitee.call<Answer<Invitation>>('GET', `/api/plan/token/${rejecting.token}`);
    const rejected = await invitee.call('PATCH', '/api/plan/reject-invitation', { id: lookup.body.data.id });
    assert.equal(rejected.status, 200);
    const afterReject = await invitee.call('POST', '/api/plan/activate-member', { token: rejecting.token });
    assert.equal(afterReject.status, 404);
    const details = await owner.browser.call<Answer<MultiMfaDetails>>('POST', '/api/plan/mfa-details', {
      multiMFAId: team.mfaId,
    });
    expect(details.body.data.Members.find((m) => m.memberId === rejecting.memberId)?.status).toBe(
      'AWAITING_INVITE',
    );
    expect((await outbox('numbers.invitation.rejected')).map((event) => event.memberId)).toContain(
      rejecting.memberId,
    );
  });

  it('rate limits token lookups and accepts per client address (429 over the limit, another address still served)', async () => {
    const guesser = new Browser(strictGatewayUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await guesser.call('GET', `/api/plan/token/guess-${i}`)).status);
    }
    const accept = await guesser.call('POST', '/api/plan/activate-member', { token: 'guess' });
    const someoneElse = await new Browser(strictGatewayUrl).call('GET', '/api/plan/token/guess');
    expect([...statuses, accept.status, someoneElse.status]).toStrictEqual([404, 404, 404, 429, 429, 404]);
  });
});
