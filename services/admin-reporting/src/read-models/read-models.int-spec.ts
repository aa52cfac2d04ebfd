import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { publishTestEvent, type ServiceTestApp, startServiceTestApp } from '@multimfa/event-bus/testing';
import {
  botCreated,
  deliveryStatusChanged,
  type EventDefinition,
  type EventEnvelope,
  forwardSent,
  logEntryWritten,
  memberAdded,
  memberRemoved,
  memberVerified,
  messageReceived,
  mfaCreated,
  mfaDeleted,
  mfaUpdated,
  numberAssigned,
  type PayloadOf,
  profileUpdated,
  userRegistered,
} from '@multimfa/events';
import type {
  AdvancedLogRow,
  DashboardStatsRecord,
  LogPageRecord,
  LogRecord,
  MemberRow,
  MultiMfaRow,
  RoboMfaRow,
} from '@multimfa/service-contracts/admin-reporting';
import type { DataSource } from 'typeorm';
import { READ_MODEL_TABLES } from '../migrations/index.js';
import { adminReportingService } from '../service.definition.js';
import {
  addedMember,
  assignedNumber,
  changedDelivery,
  createdMfa,
  receivedMessage,
  registeredUser,
  sentForward,
  updatedMfa,
  writtenLog,
} from '../testing/report-events.builder.js';
import { applyEvent } from './read-models.projection.js';
import { rebuildReadModels } from './read-models-rebuild.service.js';

const DAY_MS = 86_400_000;

describe('admin-reporting read models, fed by events (real PostgreSQL, Kafka, Redis)', () => {
  let reporting: ServiceTestApp;
  let prefix: string;
  let producer: ServiceTestApp['producer'];
  let database: DataSource;

  const get = <T>(path: string) => reporting.call<T>('GET', path);

  const publish = <D extends EventDefinition>(definition: D, payload: PayloadOf<D>) =>
    publishTestEvent(producer, prefix, definition, payload);

  /** One exact envelope, sent as many times as asked (a redelivery), or dated in the past. */
  async function send<D extends EventDefinition>(
    definition: D,
    payload: PayloadOf<D>,
    options: { times?: number; occurredAt?: Date } = {},
  ): Promise<string> {
    const eventId = randomUUID();
    const key = definition.keyOf(payload);
    const envelope: EventEnvelope = {
      eventId,
      type: definition.type,
      version: definition.version,
      occurredAt: (options.occurredAt ?? new Date()).toISOString(),
      correlationId: `test-${eventId}`,
      causationId: null,
      key,
      payload,
    };
    for (let i = 0; i < (options.times ?? 1); i += 1)
      await producer.send({
        topic: `${prefix}${definition.topic.name}`,
        messages: [{ key, value: JSON.stringify(envelope) }],
      });
    return eventId;
  }

  async function eventually<T>(
    read: () => Promise<T>,
    done: (value: T) => boolean,
    what: string,
  ): Promise<T> {
    for (let i = 0; i < 300; i += 1) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail(`${what} did not happen`);
  }

  const stats = async () => (await get<DashboardStatsRecord>('/dashboard-stats')).body;
  const multiMfas = async (query = '') => (await get<MultiMfaRow[]>(`/multimfas${query}`)).body;
  const roboMfas = async (query = '') => (await get<RoboMfaRow[]>(`/robomfas${query}`)).body;
  const members = async (query = '') => (await get<MemberRow[]>(`/members${query}`)).body;
  const applied = async (eventId: string) =>
    Number(
      (await database.query('SELECT count(*) FROM processed_event WHERE event_id = $1', [eventId]))[0].count,
    ) > 0;

  /** Every read-model table, every row, in a stable order. */
  async function snapshot(): Promise<Record<string, unknown[]>> {
    const tables: Record<string, unknown[]> = {};
    for (const table of READ_MODEL_TABLES)
      tables[table] = await database.query(`SELECT * FROM ${table} ORDER BY 1, 2`);
    return tables;
  }

  beforeAll(async () => {
    reporting = await startServiceTestApp(adminReportingService, { database: 'admin_reporting' });
    ({ prefix, producer, database } = reporting);
  });

  afterAll(async () => {
    await reporting?.close();
  });

  it('counts an event delivered twice once: the same sign-up, MFA and member sent twice make one row each', async () => {
    const before = await stats();
    const user = registeredUser();
    const mfa = createdMfa(user.userId, { name: `Twice ${randomBytes(2).toString('hex')}` });
    const member = addedMember(mfa);
    await send(userRegistered, user, { times: 2 });
    await send(mfaCreated, mfa, { times: 2 });
    const last = await send(memberAdded, member, { times: 2 });
    await eventually(() => applied(last), Boolean, 'the member was applied');
    // A later event on the same partitions proves the duplicates behind it were read and skipped.
    const marker = await publish(mfaUpdated, updatedMfa(mfa, { name: `${mfa.name}!` }));
    await eventually(() => applied(marker), Boolean, 'the marker was applied');

    const after = await stats();
    assert.equal(after.users.daily - before.users.daily, 1);
    assert.equal(after.multiMFAs - before.multiMFAs, 1);
    const rows = (await multiMfas()).filter((row) => row.multiMFAId === mfa.mfaId);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.members, 1);
    assert.equal((await members()).filter((row) => row.memberId === member.memberId).length, 1);
  });

  it('dashboard: MFAs active and inactive, occupied numbers, and customer sign-ups per window and per day', async () => {
    const before = await stats();
    const now = Date.now();
    const customers = [0.1, 3, 20, 200, 400].map((daysAgo) => ({
      user: registeredUser(),
      at: new Date(now - daysAgo * DAY_MS),
    }));
    for (const { user, at } of customers) await send(userRegistered, user, { occurredAt: at });
    await send(userRegistered, registeredUser({ userType: 'ADMIN' }));
    const owner = customers[0]?.user.userId ?? '';
    const active = createdMfa(owner);
    const lapsed = createdMfa(owner);
    const robo = createdMfa(owner, { MFAType: 'RoboMFA', name: 'Bots' });
    const roboOff = createdMfa(owner, { MFAType: 'RoboMFA', name: 'Bots off' });
    for (const mfa of [active, lapsed, robo, roboOff]) await publish(mfaCreated, mfa);
    await publish(mfaUpdated, updatedMfa(lapsed, { isSubscriptionActive: false }));
    await publish(mfaUpdated, updatedMfa(roboOff, { isActive: false }));
    await publish(numberAssigned, assignedNumber(active, `+1212555${randomDigits(4)}`));
    await publish(numberAssigned, assignedNumber(robo, `+1212555${randomDigits(4)}`));

    const after = await eventually(
      stats,
      (value) =>
        value.users.yearly - before.users.yearly === 4 &&
        value.occupiedTwilios - before.occupiedTwilios === 2 &&
        value.inactiveMultiMFAs - before.inactiveMultiMFAs === 1 &&
        value.inactiveRoboMFAs - before.inactiveRoboMFAs === 1,
      'the dashboard counted the events',
    );
    expect({
      multiMFAs: after.multiMFAs - before.multiMFAs,
      inactiveMultiMFAs: after.inactiveMultiMFAs - before.inactiveMultiMFAs,
      roboMFAs: after.roboMFAs - before.roboMFAs,
      inactiveRoboMFAs: after.inactiveRoboMFAs - before.inactiveRoboMFAs,
      occupiedTwilios: after.occupiedTwilios - before.occupiedTwilios,
      daily: after.users.daily - before.users.daily,
      weekly: after.users.weekly - before.users.weekly,
      monthly: after.users.monthly - before.users.monthly,
      yearly: after.users.yearly - before.users.yearly,
      sms: after.sms,
      email: after.email,
    }).toStrictEqual({
      multiMFAs: 2,
      inactiveMultiMFAs: 1,
      roboMFAs: 2,
      inactiveRoboMFAs: 1,
      occupiedTwilios: 2,
      daily: 1,
      weekly: 2,
      monthly: 3,
      yearly: 4,
      sms: 0,
      email: 0,
    });
    assert.equal(after.signUpsPerDay.length, 30);
    const day = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString().slice(0, 10);
    const countOn = (value: DashboardStatsRecord, date: string) =>
      value.signUpsPerDay.find((entry) => entry.date === date)?.count ?? 0;
    assert.equal(countOn(after, day(20)) - countOn(before, day(20)), 1);
    assert.equal(after.signUpsPerDay.at(-1)?.date, day(0));
    assert.equal(after.textsPerDay.length, 30);
  });

  it('lists keep the MFAs and members created between from and to (dates and date-times), newest first, with owner and number', async () => {
    const owner = registeredUser({ firstName: 'Owner', lastName: 'One' });
    await publish(userRegistered, owner);
    const tag = randomBytes(2).toString('hex');
    const january = createdMfa(owner.userId, { name: `Jan ${tag}`, createdAt: '2025-01-15T10:00:00.000Z' });
    const february = createdMfa(owner.userId, { name: `Feb ${tag}`, createdAt: '2025-02-15T10:00:00.000Z' });
    const roboMarch = createdMfa(owner.userId, {
      MFAType: 'RoboMFA',
      name: `Mar ${tag}`,
      createdAt: '2025-03-01T00:00:00.000Z',
    });
    for (const mfa of [january, february, roboMarch]) await publish(mfaCreated, mfa);
    await publish(numberAssigned, assignedNumber(february, '+12125550777'));
    const member = addedMember(february, {
      forwardMedium: 'BOTH',
      email: 'grace@example.com',
      addedAt: '2025-02-16T09:00:00.000Z',
    });
    await publish(memberAdded, member);
    await publish(memberVerified, {
      ...member,
      status: 'VERIFIED',
      invitationId: randomUUID(),
      verifiedAt: new Date().toISOString(),
    });
    await eventually(
      () => members('?from=2025-02-16&to=2025-02-16'),
      (rows) => rows.some((row) => row.memberId === member.memberId && row.status === 'VERIFIED'),
      'the member was listed',
    );
    await eventually(
      () => multiMfas('?from=2025-02-01&to=2025-02-28'),
      (rows) => rows.some((row) => row.twillioNo === '+12125550777'),
      'the number was assigned',
    );

    const mine = (rows: Array<{ name: string }>) =>
      // Spread: the rows come from another realm (fetch's JSON), their arrays compare unequal otherwise.
      [...rows.map((row) => row.name).filter((name) => name.endsWith(tag))];
    assert.deepEqual(mine(await multiMfas('?from=2025-01-01&to=2025-12-31')), [`Feb ${tag}`, `Jan ${tag}`]);
    assert.deepEqual(mine(await multiMfas('?from=2025-02-01')), [`Feb ${tag}`]);
    assert.deepEqual(mine(await multiMfas('?to=2025-01-15')), [`Jan ${tag}`]);
    assert.deepEqual(mine(await multiMfas('?to=2025-01-15T09:59:59.000Z')), []);
    assert.deepEqual(mine(await roboMfas('?from=2025-03-01&to=2025-03-01')), [`Mar ${tag}`]);
    assert.deepEqual(mine(await roboMfas('?to=2025-02-28')), []);

    const [row] = (await multiMfas('?from=2025-02-15&to=2025-02-15')).filter((r) => r.name === `Feb ${tag}`);
    expect(row).toStrictEqual({
      multiMFAId: february.mfaId,
      name: `Feb ${tag}`,
      twillioNo: '+12125550777',
      isActive: true,
      plans: { planName: 'Basic', planId: 1 },
      owner: { userId: owner.userId, emailAddress: owner.emailAddress, firstName: 'Owner', lastName: 'One' },
      members: 1,
      createdAt: '2025-02-15T10:00:00.000Z',
    });
    expect(
      (await members('?from=2025-02-16&to=2025-02-16')).find((r) => r.memberId === member.memberId),
    ).toStrictEqual({
      memberId: member.memberId,
      firstName: 'Grace',
      lastName: 'Hopper',
      forwardMedium: 'BOTH',
      mobileNo: member.mobileNo,
      email: 'grace@example.com',
      status: 'VERIFIED',
      multiMFA: { multiMFAId: february.mfaId, name: `Feb ${tag}` },
      createdAt: '2025-02-16T09:00:00.000Z',
    });
    assert.equal((await members('?from=2025-02-17&to=2025-02-17')).length, 0);

    const bad = await get<{ isError: boolean; message: string }>('/multimfas?from=yesterday');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'From must be a date (YYYY-MM-DD) or an ISO date-time');
  });

  it('a deleted MFA leaves the lists with its members and bots, and a number assigned to it afterwards is ignored', async () => {
    const owner = registeredUser();
    await publish(userRegistered, owner);
    const robo = createdMfa(owner.userId, { MFAType: 'RoboMFA', name: 'Doomed bots' });
    const team = createdMfa(owner.userId, { name: 'Doomed team' });
    await publish(mfaCreated, robo);
    await publish(mfaCreated, team);
    const member = addedMember(team);
    await publish(memberAdded, member);
    await publish(botCreated, {
      botId: randomUUID(),
      mfaId: robo.mfaId,
      userId: owner.userId,
      referenceName: 'CI',
      keyHash: 'a'.repeat(64),
      isActive: true,
      createdAt: new Date().toISOString(),
    });
    await eventually(
      roboMfas,
      (rows) => rows.some((row) => row.roboMFAId === robo.mfaId && row.bots === 1),
      'bot counted',
    );
    await eventually(
      members,
      (rows) => rows.some((row) => row.memberId === member.memberId),
      'member listed',
    );

    const deletedAt = new Date().toISOString();
    const deletions = [
      await publish(mfaDeleted, {
        mfaId: robo.mfaId,
        MFAType: 'RoboMFA',
        userId: owner.userId,
        number: null,
        deletedAt,
      }),
      await publish(mfaDeleted, {
        mfaId: team.mfaId,
        MFAType: 'MultiMFA',
        userId: owner.userId,
        number: null,
        deletedAt,
      }),
    ];
    const late = await publish(numberAssigned, assignedNumber(team, '+12125550888'));
    // Each MFA's deletion may sit on its own partition, and the assignment is on another topic.
    for (const eventId of [...deletions, late])
      await eventually(() => applied(eventId), Boolean, `event ${eventId} was read`);
    assert.equal(
      (await roboMfas()).some((row) => row.roboMFAId === robo.mfaId),
      false,
    );
    assert.equal(
      (await multiMfas()).some((row) => row.multiMFAId === team.mfaId),
      false,
    );
    assert.equal(
      (await members()).some((row) => row.memberId === member.memberId),
      false,
    );
    const rows = await database.query(
      `SELECT (SELECT count(*) FROM report_bot WHERE mfa_id = $1)::int AS bots,
              (SELECT count(*) FROM report_number_assignment WHERE mfa_id = $2)::int AS numbers`,
      [robo.mfaId, team.mfaId],
    );
    assert.deepEqual(rows[0], { bots: 0, numbers: 0 });
  });

  it('an MFA deleted while a number is being assigned to it from another topic keeps no assignment, whichever transaction starts first', async () => {
    /** Applies `first` and leaves its transaction open, applies `second` in another, then commits both. */
    async function overlapping(
      first: { definition: EventDefinition; payload: unknown },
      second: { definition: EventDefinition; payload: unknown },
    ): Promise<void> {
      const envelope = ({ definition, payload }: typeof first) => ({
        type: definition.type,
        version: definition.version,
        payload,
        occurredAt: new Date().toISOString(),
      });
      const [one, two] = [database.createQueryRunner(), database.createQueryRunner()];
      try {
        await one.startTransaction();
        await two.startTransaction();
        await applyEvent(one.manager, envelope(first));
        const secondApplied = applyEvent(two.manager, envelope(second));
        // The second runs against the first's uncommitted effect; if nothing holds it, it is done
        // well before the first commits.
        await Promise.race([secondApplied, new Promise((resolve) => setTimeout(resolve, 500))]);
        await one.commitTransaction();
        await secondApplied;
        await two.commitTransaction();
      } finally {
        await one.release();
        await two.release();
      }
    }
    const assignments = async (mfaId: string) =>
      Number(
        (await database.query('SELECT count(*) FROM report_number_assignment WHERE mfa_id = $1', [mfaId]))[0]
          .count,
      );
    const owner = registeredUser();
    for (const [order, number] of [
      ['assignment first', '+12125550881'],
      ['deletion first', '+12125550882'],
    ] as const) {
      const team = createdMfa(owner.userId, { name: `Raced (${order})` });
      const assignment = { definition: numberAssigned, payload: assignedNumber(team, number) };
      const deletion = {
        definition: mfaDeleted,
        payload: {
          mfaId: team.mfaId,
          MFAType: 'MultiMFA',
          userId: owner.userId,
          number: null,
          deletedAt: new Date().toISOString(),
        },
      };
      try {
        if (order === 'assignment first') await overlapping(assignment, deletion);
        else await overlapping(deletion, assignment);
        expect({ order, assignments: await assignments(team.mfaId) }).toEqual({ order, assignments: 0 });
      } finally {
        // Written past the topics: the rebuild test compares the tables with what the topics hold.
        for (const table of ['report_number_assignment', 'report_deleted_mfa'])
          await database.query(`DELETE FROM ${table} WHERE mfa_id = $1`, [team.mfaId]);
      }
    }
  });

  it('logs: filtered by type, number, from and to, newest first, 25 a page with the page kept within bounds; the export holds every entry of the filter; an entry sent twice is one row', async () => {
    const ours = `+1646555${randomDigits(4)}`;
    const other = `+1646556${randomDigits(4)}`;
    const infos = Array.from({ length: 30 }, (_, i) =>
      writtenLog({
        mobileNo: ours,
        message: `info ${i}`,
        createdAt: new Date(Date.UTC(2025, 3, 10, 8, i)).toISOString(),
      }),
    );
    for (const entry of infos) await publish(logEntryWritten, entry);
    const error = writtenLog({
      mobileNo: ours,
      logType: 'ERROR',
      message: 'The SMS forwarding a text could not be sent: unreachable',
      members: [{ firstName: 'Ada', lastName: 'Lovelace' }],
      createdAt: '2025-04-11T09:00:00.000Z',
    });
    await send(logEntryWritten, error, { times: 2 });
    const last = await publish(
      logEntryWritten,
      writtenLog({ mobileNo: other, logType: 'WARNING', createdAt: '2025-04-11T10:00:00.000Z' }),
    );
    await eventually(() => applied(last), Boolean, 'the last entry was applied');

    const logs = async (query: string) => (await get<LogPageRecord>(`/logs?${query}`)).body;
    // Entries are keyed by their id: they reach several partitions, in no order between them.
    const first = await eventually(
      () => logs(`mobileNo=${encodeURIComponent(ours)}`),
      (page) => page.page.total >= 31,
      'every entry was applied',
    );
    expect(first.page).toStrictEqual({ page: 1, pageSize: 25, pageCount: 2, total: 31 });
    assert.equal(first.rows.length, 25);
    expect(first.rows[0]).toStrictEqual({
      multiMFALogId: error.logId,
      logType: 'ERROR',
      mobileNo: ours,
      message: 'The SMS forwarding a text could not be sent: unreachable',
      members: [{ firstName: 'Ada', lastName: 'Lovelace' }],
      createdAt: '2025-04-11T09:00:00.000Z',
    });
    assert.deepEqual(
      [...first.rows.slice(1, 3).map((row) => row.message)],
      ['info 29', 'info 28'],
      'newest first',
    );
    const second = await logs(`mobileNo=${encodeURIComponent(ours)}&page=2`);
    assert.deepEqual(
      [...second.rows.map((row) => row.message)],
      ['info 5', 'info 4', 'info 3', 'info 2', 'info 1', 'info 0'],
    );
    const past = await logs(`mobileNo=${encodeURIComponent(ours)}&page=9`);
    assert.equal(past.page.page, 2, 'a page past the last answers the last');
    assert.deepEqual(
      [...past.rows.map((row) => row.multiMFALogId)],
      [...second.rows.map((row) => row.multiMFALogId)],
    );

    const errors = await logs(`mobileNo=${encodeURIComponent(ours)}&log=ERROR`);
    assert.deepEqual([...errors.rows.map((row) => row.multiMFALogId)], [error.logId]);
    const onTheEleventh = await logs(`from=2025-04-11&to=2025-04-11`);
    assert.deepEqual(
      [...onTheEleventh.rows.map((row) => row.mobileNo)].filter((no) => no === ours || no === other),
      [other, ours],
    );
    const untilTenth = await logs(`mobileNo=${encodeURIComponent(ours)}&to=2025-04-10`);
    assert.equal(untilTenth.page.total, 30);
    const hour = await logs(
      `mobileNo=${encodeURIComponent(ours)}&log=INFO&from=2025-04-10T08:10:00.000Z&to=2025-04-10T08:14:00.000Z`,
    );
    assert.deepEqual(
      [...hour.rows.map((row) => row.message)],
      ['info 14', 'info 13', 'info 12', 'info 11', 'info 10'],
    );
    const none = await logs(`mobileNo=${encodeURIComponent(ours)}&log=VALIDATION`);
    expect(none).toStrictEqual({ rows: [], page: { page: 1, pageSize: 25, pageCount: 1, total: 0 } });

    const exported = (await get<LogRecord[]>(`/logs/export?mobileNo=${encodeURIComponent(ours)}&log=INFO`))
      .body;
    assert.equal(exported.length, 30);
    assert.equal(exported[0]?.message, 'info 29');

    for (const [query, message] of [
      ['page=0', 'page must be a whole number from 1'],
      ['page=two', 'page must be a whole number from 1'],
      ['log=DEBUG', 'log must be INFO, ERROR, WARNING or VALIDATION'],
      ['from=yesterday', 'From must be a date (YYYY-MM-DD) or an ISO date-time'],
    ] as const) {
      const bad = await get<{ isError: boolean; message: string }>(`/logs?${query}`);
      assert.deepEqual([bad.status, bad.body.message], [400, message], query);
    }
  });

  it('logs: the pages of a filter, read from either end of the list, together hold the export\u2019s entries in its order, each once', async () => {
    const number = `+1646557${randomDigits(4)}`;
    const entries = Array.from({ length: 80 }, (_, i) =>
      writtenLog({
        mobileNo: number,
        message: `entry ${i}`,
        createdAt: new Date(Date.UTC(2025, 4, 1, 8, i)).toISOString(),
      }),
    );
    for (const entry of entries) await publish(logEntryWritten, entry);
    const query = `mobileNo=${encodeURIComponent(number)}`;
    const exported = await eventually(
      async () => (await get<LogRecord[]>(`/logs/export?${query}`)).body,
      (rows) => rows.length === 80,
      'every entry was applied',
    );
    const pages: LogRecord[] = [];
    for (let page = 1; page <= 4; page += 1)
      pages.push(...(await get<LogPageRecord>(`/logs?${query}&page=${page}`)).body.rows);
    assert.deepEqual(
      [...pages.map((row) => row.multiMFALogId)],
      [...exported.map((row) => row.multiMFALogId)],
    );
  });

  it('forwards: advanced logs count per customer and MultiMFA the forwards sent and failed in the window, a sending told twice counts once, and the dashboard counts sms and email per period and texts per day', async () => {
    const before = await stats();
    const owner = registeredUser({ firstName: 'Forward', lastName: 'Owner' });
    await publish(userRegistered, owner);
    const team = createdMfa(owner.userId, { name: 'Forwarded team' });
    const quiet = createdMfa(owner.userId, {
      name: 'Quiet team',
      createdAt: new Date(Date.parse(team.createdAt) + 1000).toISOString(),
    });
    await publish(mfaCreated, team);
    await publish(mfaCreated, quiet);
    await publish(messageReceived, receivedMessage(team));
    const sms = [sentForward(team), sentForward(team), sentForward(team)];
    const email = sentForward(team, { medium: 'EMAIL' });
    for (const forward of [...sms, email]) await publish(forwardSent, forward);
    await publish(forwardSent, sms[0] as PayloadOf<typeof forwardSent>);
    const failing = sentForward(team);
    await publish(deliveryStatusChanged, changedDelivery(failing, 'failed'));
    await publish(deliveryStatusChanged, changedDelivery(email, 'delivered'));
    const last = await publish(deliveryStatusChanged, changedDelivery(failing, 'failed'));
    await eventually(() => applied(last), Boolean, 'the forwards were applied');

    const advanced = async (query = '') =>
      (await get<AdvancedLogRow[]>(`/advanced-logs${query}`)).body.find((row) => row.userId === owner.userId);
    // Forwards of different texts reach several partitions, in no order between them.
    const counted = await eventually(
      advanced,
      (row) =>
        (row?.multiMFAs[0]?.successMessageCount ?? 0) >= 4 &&
        (row?.multiMFAs[0]?.failureMessageCount ?? 0) >= 1,
      'every forward was applied',
    );
    expect(counted).toStrictEqual({
      userId: owner.userId,
      email: owner.emailAddress,
      name: 'Forward Owner',
      multiMFAs: [
        { multiMFAId: team.mfaId, name: 'Forwarded team', successMessageCount: 4, failureMessageCount: 1 },
        { multiMFAId: quiet.mfaId, name: 'Quiet team', successMessageCount: 0, failureMessageCount: 0 },
      ],
    });
    const longAgo = await advanced('?from=2020-01-01&to=2020-01-31');
    assert.deepEqual(
      [...(longAgo?.multiMFAs ?? []).map((mfa) => [mfa.successMessageCount, mfa.failureMessageCount])],
      [
        [0, 0],
        [0, 0],
      ],
    );

    const after = await stats();
    const today = new Date().toISOString().slice(0, 10);
    const on = (value: DashboardStatsRecord) =>
      value.textsPerDay.find((entry) => entry.date === today) ?? { received: 0, sms: 0, email: 0 };
    expect({
      sms: after.sms - before.sms,
      email: after.email - before.email,
      smsDaily: after.messagesSent.sms.daily - before.messagesSent.sms.daily,
      smsYearly: after.messagesSent.sms.yearly - before.messagesSent.sms.yearly,
      emailWeekly: after.messagesSent.email.weekly - before.messagesSent.email.weekly,
      receivedToday: on(after).received - on(before).received,
      smsToday: on(after).sms - on(before).sms,
      emailToday: on(after).email - on(before).email,
    }).toStrictEqual({
      sms: 3,
      email: 1,
      smsDaily: 3,
      smsYearly: 3,
      emailWeekly: 1,
      receivedToday: 1,
      smsToday: 3,
      emailToday: 1,
    });
  });

  it('a read model rebuilt from the topics from the beginning equals the live one, and live events still apply after it', async () => {
    const owner = registeredUser();
    await publish(userRegistered, owner);
    await publish(profileUpdated, {
      userId: owner.userId,
      firstName: 'Renamed',
      lastName: 'Owner',
      mobileNo: '+12125550100',
    });
    const mfa = createdMfa(owner.userId, { name: 'Before rebuild' });
    await publish(mfaCreated, mfa);
    const member = addedMember(mfa);
    await publish(memberAdded, member);
    const last = await publish(memberRemoved, {
      memberId: member.memberId,
      mfaId: mfa.mfaId,
      userId: owner.userId,
      removedAt: new Date().toISOString(),
    });
    await eventually(() => applied(last), Boolean, 'the live consumers caught up');
    const live = await snapshot();
    assert.ok((live.report_user ?? []).length > 5);
    assert.ok((live.report_mfa ?? []).length > 5);

    await database.query(`UPDATE report_mfa SET name = 'tampered'`);
    const outcome = await rebuildReadModels({
      dataSource: database,
      kafka: reporting.kafka,
      topicPrefix: prefix,
      logger: reporting.logger,
    });
    assert.ok(outcome.applied > 20);
    expect(await snapshot()).toStrictEqual(live);

    const after = createdMfa(owner.userId, { name: 'After rebuild' });
    await publish(mfaCreated, after);
    await eventually(
      multiMfas,
      (rows) => rows.some((row) => row.multiMFAId === after.mfaId),
      'a new MFA listed',
    );
    assert.equal((await multiMfas()).filter((row) => row.multiMFAId === mfa.mfaId).length, 1);
  });
});

function randomDigits(length: number): string {
  return Array.from({ length }, () => Math.floor(Math.random() * 10)).join('');
}
