import assert from 'node:assert/strict';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { publishTestEvent, type ServiceTestApp, startServiceTestApp } from '@multimfa/event-bus/testing';
import {
  deliveryStatusChanged,
  forwardSent,
  logEntryWritten,
  memberAdded,
  mfaCreated,
  userRegistered,
} from '@multimfa/events';
import type {
  AdvancedLogRow,
  DashboardStatsRecord,
  GraphqlResponse,
  MemberRow,
  MultiMfaRow,
  RoboMfaRow,
} from '@multimfa/service-contracts/admin-reporting';
import { testGatewayCaller } from '@multimfa/service-runtime/testing';
import { adminReportingService } from '../service.definition.js';
import {
  addedMember,
  changedDelivery,
  createdMfa,
  registeredUser,
  sentForward,
  writtenLog,
} from '../testing/report-events.builder.js';

interface Connection<T> {
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** Every field of the dashboard, as GET /dashboard-stats answers them. */
const DASHBOARD = `{ dashboardStats {
  sms email roboMFAs inactiveRoboMFAs occupiedTwilios multiMFAs inactiveMultiMFAs
  users { daily weekly monthly yearly }
  messagesSent { sms { daily weekly monthly yearly } email { daily weekly monthly yearly } }
  signUpsPerDay { date count }
  textsPerDay { date received sms email }
} }`;

const OWNER = 'owner { userId emailAddress firstName lastName }';
/** Each list's query with every field of its REST row, and its page arguments. */
const LISTS = {
  multiMfas: `multiMFAId name twillioNo isActive plans { planName planId } ${OWNER} memberCount createdAt`,
  roboMfas: `roboMFAId name twilioNo isActive plans { planName planId } ${OWNER} bots createdAt`,
  members:
    'memberId firstName lastName forwardMedium mobileNo email status multiMFA { multiMFAId name } createdAt',
  advancedLogs: 'userId email name multiMFAs { multiMFAId name successMessageCount failureMessageCount }',
} as const;
type List = keyof typeof LISTS;
const PAGE_OF = (list: List) => `edges { cursor node { ${LISTS[list]} } } pageInfo { hasNextPage endCursor }`;
const listQuery = (
  list: List,
  selection = PAGE_OF(list),
) => `query List($first: Int, $after: String, $from: String, $to: String) {
  ${list}(first: $first, after: $after, from: $from, to: $to) { ${selection} }
}`;

interface LogsPage {
  logs: {
    edges: Array<{ cursor: string; node: { multiMFALogId: string; message: string; createdAt: string } }>;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

describe('admin-reporting GraphQL over the read models (real PostgreSQL, Kafka, Redis)', () => {
  let reporting: ServiceTestApp;
  let prefix: string;
  let producer: ServiceTestApp['producer'];
  let baseUrl: string;

  async function graphql(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: GraphqlResponse }> {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(headers ?? (await testGatewayCaller.headers('admin-reporting'))),
      },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as GraphqlResponse };
  }

  const PAGE = `query Page($mobileNo: String, $after: String) {
    logs(first: 2, mobileNo: $mobileNo, after: $after) {
      edges { cursor node { multiMFALogId message createdAt } }
      pageInfo { hasNextPage endCursor }
    }
  }`;

  beforeAll(async () => {
    reporting = await startServiceTestApp(adminReportingService, { database: 'admin_reporting_graphql' });
    ({ prefix, producer, baseUrl } = reporting);
  });

  afterAll(async () => {
    await reporting?.close();
  });

  it('logs: pages of 2 newest first with opaque cursors; endCursor reads the next page; the last page says hasNextPage false; two entries of the same instant keep one order', async () => {
    const ours = `+1646557${String(randomInt(10_000)).padStart(4, '0')}`;
    const at = (minute: number) => new Date(Date.UTC(2025, 4, 1, 8, minute)).toISOString();
    const entries = [0, 1, 2, 3].map((minute) =>
      writtenLog({ mobileNo: ours, message: `entry ${minute}`, createdAt: at(minute) }),
    );
    // A fifth entry at the same instant as the newest: the log id breaks the tie.
    entries.push(writtenLog({ mobileNo: ours, message: 'entry 3 again', createdAt: at(3) }));
    for (const entry of entries) await publishTestEvent(producer, prefix, logEntryWritten, entry);

    let first: LogsPage | undefined;
    for (let i = 0; i < 300 && !first; i += 1) {
      const probe = await graphql(`{ logs(first: 10, mobileNo: "${ours}") { edges { cursor } } }`);
      if ((probe.body.data as unknown as LogsPage | undefined)?.logs.edges.length === 5)
        first = (await graphql(PAGE, { mobileNo: ours })).body.data as unknown as LogsPage;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(first, 'every entry was applied');

    const newestFirst = [...entries].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.logId.localeCompare(a.logId),
    );
    // Spread into this realm's array: the fetched JSON's arrays come from another realm.
    const ids = (page: LogsPage) => [...page.logs.edges.map((edge) => edge.node.multiMFALogId)];
    assert.deepEqual(
      ids(first),
      newestFirst.slice(0, 2).map((entry) => entry.logId),
    );
    assert.equal(first.logs.pageInfo.hasNextPage, true);
    assert.equal(first.logs.pageInfo.endCursor, first.logs.edges[1]?.cursor);
    expect(first.logs.edges[0]?.node.createdAt).toBe(at(3));

    const second = (await graphql(PAGE, { mobileNo: ours, after: first.logs.pageInfo.endCursor })).body
      .data as unknown as LogsPage;
    assert.deepEqual(
      ids(second),
      newestFirst.slice(2, 4).map((entry) => entry.logId),
    );
    assert.equal(second.logs.pageInfo.hasNextPage, true);

    const last = (await graphql(PAGE, { mobileNo: ours, after: second.logs.pageInfo.endCursor })).body
      .data as unknown as LogsPage;
    assert.deepEqual(ids(last), [newestFirst[4]?.logId]);
    assert.equal(last.logs.pageInfo.hasNextPage, false);
    assert.equal(last.logs.pageInfo.endCursor, last.logs.edges[0]?.cursor);

    const tampered = await graphql(PAGE, { mobileNo: ours, after: 'not-a-cursor' });
    assert.equal(tampered.body.errors?.[0]?.message, 'after is not a cursor of this list');
    const tooMany = await graphql(`{ logs(first: 101) { pageInfo { hasNextPage } } }`);
    assert.equal(tooMany.body.errors?.[0]?.message, 'first is 1 to 100');
  });

  it('refuses a query costing more than 1000 (100 log entries with every field) with its cost, and runs the same selection for 25', async () => {
    const selection = `edges { cursor node { multiMFALogId logType mobileNo message createdAt members { firstName lastName } } }
      pageInfo { hasNextPage endCursor }`;
    const costly = await graphql(`{ logs(first: 100) { ${selection} } }`);
    assert.equal(costly.body.data, undefined);
    expect(costly.body.errors).toStrictEqual([
      {
        message: 'The query costs 1401, more than the 1000 allowed',
        extensions: { code: 'QUERY_TOO_COSTLY' },
      },
    ]);
    const affordable = await graphql(`{ logs(first: 25) { ${selection} } }`);
    assert.equal(affordable.body.errors, undefined);
    assert.ok(affordable.body.data?.logs);
  });

  describe('the reports, over one seed of customers, MFAs, members and forwards', () => {
    const tag = randomBytes(2).toString('hex');
    // June 2024: no other test of this file makes MFAs or members then.
    const at = (day: number) => new Date(Date.UTC(2024, 5, day, 10)).toISOString();
    const range = { from: '2024-06-01', to: '2024-06-30' };
    const ada = registeredUser({ emailAddress: `ada-${tag}@example.com`, firstName: 'Ada' });
    const bob = registeredUser({ emailAddress: `bob-${tag}@example.com`, firstName: 'Bob' });
    // Identity has not told who owns the fourth team: Advanced logs lists its owner last.
    const teams = [
      createdMfa(ada.userId, { name: `Team 1 ${tag}`, createdAt: at(1) }),
      createdMfa(ada.userId, { name: `Team 2 ${tag}`, createdAt: at(2) }),
      createdMfa(bob.userId, { name: `Team 3 ${tag}`, createdAt: at(2) }),
      createdMfa(randomUUID(), { name: `Team 4 ${tag}`, createdAt: at(3) }),
    ] as const;
    const robots = [
      createdMfa(ada.userId, { MFAType: 'RoboMFA', name: `Robot 1 ${tag}`, createdAt: at(1) }),
      createdMfa(bob.userId, { MFAType: 'RoboMFA', name: `Robot 2 ${tag}`, createdAt: at(4) }),
      createdMfa(bob.userId, { MFAType: 'RoboMFA', name: `Robot 3 ${tag}`, createdAt: at(4) }),
    ];
    const crew = [
      addedMember(teams[1], { firstName: 'Grace', addedAt: at(5) }),
      addedMember(teams[1], { firstName: 'Alan', addedAt: at(5) }),
      addedMember(teams[1], {
        firstName: 'Edsger',
        forwardMedium: 'BOTH',
        email: 'e@example.com',
        addedAt: at(6),
      }),
      addedMember(teams[2], { firstName: 'Barbara', addedAt: at(7) }),
    ];

    async function rest<T>(path: string): Promise<T> {
      const { status, body } = await reporting.call<T>('GET', path);
      assert.equal(status, 200);
      return body;
    }
    const window = `?from=${range.from}&to=${range.to}`;

    /** The data of a query that must succeed. */
    async function data<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
      const { status, body } = await graphql(query, variables);
      assert.equal(status, 200);
      assert.equal(body.errors, undefined, JSON.stringify(body.errors));
      return body.data as unknown as T;
    }

    /** Every node of a list, read `first` at a time through `after`, checking each page's pageInfo. */
    async function pageThrough<T>(list: List, first: number, args: Record<string, unknown> = range) {
      const nodes: T[] = [];
      const pages: Array<{ size: number; hasNextPage: boolean }> = [];
      let after: string | null = null;
      for (let i = 0; i < 20; i += 1) {
        const page: Connection<T> = (
          await data<Record<string, Connection<T>>>(listQuery(list), { ...args, first, after })
        )[list] as Connection<T>;
        nodes.push(...page.edges.map((edge) => edge.node));
        pages.push({ size: page.edges.length, hasNextPage: page.pageInfo.hasNextPage });
        assert.equal(page.pageInfo.endCursor, page.edges.at(-1)?.cursor ?? null);
        if (!page.pageInfo.hasNextPage) return { nodes, pages };
        after = page.pageInfo.endCursor;
      }
      assert.fail(`${list} did not end`);
    }

    type MultiMfaNode = Omit<MultiMfaRow, 'members'> & { memberCount: number };
    const asRest = ({ memberCount, ...row }: MultiMfaNode): MultiMfaRow => ({ ...row, members: memberCount });

    beforeAll(async () => {
      for (const user of [ada, bob]) await publishTestEvent(producer, prefix, userRegistered, user);
      for (const mfa of [...teams, ...robots]) await publishTestEvent(producer, prefix, mfaCreated, mfa);
      for (const member of crew) await publishTestEvent(producer, prefix, memberAdded, member);
      await publishTestEvent(producer, prefix, forwardSent, sentForward(teams[0], { sentAt: at(8) }));
      const failed = changedDelivery(sentForward(teams[1]), 'failed');
      await publishTestEvent(producer, prefix, deliveryStatusChanged, failed);
      for (let i = 0; i < 300; i += 1) {
        const [multi, robo, members, advanced] = await Promise.all([
          rest<MultiMfaRow[]>(`/multimfas${window}`),
          rest<RoboMfaRow[]>(`/robomfas${window}`),
          rest<MemberRow[]>(`/members${window}`),
          rest<AdvancedLogRow[]>('/advanced-logs'),
        ]);
        const counted = advanced.flatMap((row) => row.multiMFAs);
        const settled =
          multi.length === 4 &&
          multi.every((row) => row.owner || row.name === `Team 4 ${tag}`) &&
          multi.find((row) => row.name === `Team 2 ${tag}`)?.members === 3 &&
          robo.length === 3 &&
          members.length === 4 &&
          advanced.some((row) => row.email === ada.emailAddress && row.name === 'Ada Lovelace') &&
          counted.some((row) => row.successMessageCount === 1) &&
          counted.some((row) => row.failureMessageCount === 1);
        if (settled) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.fail('the seed was not applied');
    });

    it('dashboardStats answers every figure GET /dashboard-stats answers', async () => {
      const { dashboardStats } = await data<{ dashboardStats: DashboardStatsRecord }>(DASHBOARD);
      expect(dashboardStats).toStrictEqual(await rest<DashboardStatsRecord>('/dashboard-stats'));
      assert.equal(dashboardStats.multiMFAs, 4);
      assert.equal(dashboardStats.roboMFAs, 3);
    });

    it('multiMfas, roboMfas, members and advancedLogs answer the rows of their REST calls for the same from and to, in the same order (memberCount is REST\u2019s members)', async () => {
      // Every row: fewer than 10 of each (and 100 rows with every field would cost more than 1000).
      const all = { first: 10 };
      const nodes = async <T>(list: List, args: Record<string, unknown>) => {
        const page = (await data<Record<string, Connection<T>>>(listQuery(list), args))[
          list
        ] as Connection<T>;
        assert.equal(page.pageInfo.hasNextPage, false);
        return page.edges.map((edge) => edge.node);
      };
      const multi = await nodes<MultiMfaNode>('multiMfas', { ...range, ...all });
      expect(multi.map(asRest)).toStrictEqual(await rest<MultiMfaRow[]>(`/multimfas${window}`));
      expect(multi.map((row) => row.name)).toStrictEqual(
        [teams[3], teams[2], teams[1], teams[0]]
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.mfaId.localeCompare(a.mfaId))
          .map((team) => team.name),
      );
      expect(await nodes('roboMfas', { ...range, ...all })).toStrictEqual(
        await rest<RoboMfaRow[]>(`/robomfas${window}`),
      );
      expect(await nodes('members', { ...range, ...all })).toStrictEqual(
        await rest<MemberRow[]>(`/members${window}`),
      );
      expect(await nodes('members', { from: at(6), to: at(7), ...all })).toStrictEqual(
        await rest<MemberRow[]>(`/members?from=${at(6)}&to=${at(7)}`),
      );
      const advanced = await nodes<AdvancedLogRow>('advancedLogs', { ...range, ...all });
      expect(advanced).toStrictEqual(await rest<AdvancedLogRow[]>(`/advanced-logs${window}`));
      expect(advanced.map((row) => row.email)).toStrictEqual([ada.emailAddress, bob.emailAddress, '']);
    });

    it('paging each list with after visits every row once in the REST order, and only the last page says hasNextPage false', async () => {
      const ids = {
        multiMfas: (await rest<MultiMfaRow[]>(`/multimfas${window}`)).map((row) => row.multiMFAId),
        roboMfas: (await rest<RoboMfaRow[]>(`/robomfas${window}`)).map((row) => row.roboMFAId),
        members: (await rest<MemberRow[]>(`/members${window}`)).map((row) => row.memberId),
        advancedLogs: (await rest<AdvancedLogRow[]>(`/advanced-logs${window}`)).map((row) => row.userId),
      };
      const idOf = (list: List, node: Record<string, string>) =>
        node[
          { multiMfas: 'multiMFAId', roboMfas: 'roboMFAId', members: 'memberId', advancedLogs: 'userId' }[
            list
          ]
        ];
      for (const [list, first, sizes] of [
        ['multiMfas', 3, [3, 1]],
        ['roboMfas', 2, [2, 1]],
        ['members', 2, [2, 2]],
        ['advancedLogs', 1, [1, 1, 1]],
      ] as const) {
        const { nodes, pages } = await pageThrough<Record<string, string>>(list, first);
        expect(nodes.map((node) => idOf(list, node))).toStrictEqual(ids[list]);
        expect(pages).toStrictEqual(sizes.map((size, i) => ({ size, hasNextPage: i < sizes.length - 1 })));
      }
      // A list that ends exactly at a page's end: that page says so, no empty page follows.
      const { pages } = await pageThrough('multiMfas', 2);
      expect(pages).toStrictEqual([
        { size: 2, hasNextPage: true },
        { size: 2, hasNextPage: false },
      ]);
    });

    it('a MultiMFA\u2019s members nest as a connection at the depth limit (6) and page with after; one level deeper is refused with the depth error before it runs', async () => {
      // multiMfas 0, edges 1, node 2, members 3, edges 4, node 5, memberId 6: the deepest allowed.
      const nested = (inner: string) => `query Nested($after: String) {
        multiMfas(first: 10, from: "${at(2)}", to: "${at(2)}") {
          edges { node { multiMFAId memberCount members(first: 2, after: $after) {
            edges { node { ${inner} } } pageInfo { hasNextPage endCursor }
          } } }
        }
      }`;
      const members = await rest<MemberRow[]>(`/members${window}`);
      const of = (mfaId: string) => members.filter((row) => row.multiMFA.multiMFAId === mfaId);
      type Nested = Connection<{
        multiMFAId: string;
        memberCount: number;
        members: Connection<{ memberId: string }>;
      }>;
      const first = (await data<{ multiMfas: Nested }>(nested('memberId'))).multiMfas;
      const byMfa = new Map(first.edges.map((edge) => [edge.node.multiMFAId, edge.node]));
      expect([...byMfa.keys()].sort()).toStrictEqual([teams[1].mfaId, teams[2].mfaId].sort());
      const two = byMfa.get(teams[1].mfaId);
      assert.ok(two);
      assert.equal(two.memberCount, 3);
      expect(two.members.edges.map((edge) => edge.node.memberId)).toStrictEqual(
        of(teams[1].mfaId)
          .slice(0, 2)
          .map((row) => row.memberId),
      );
      assert.equal(two.members.pageInfo.hasNextPage, true);
      const three = byMfa.get(teams[2].mfaId);
      expect(three?.members.edges.map((edge) => edge.node.memberId)).toStrictEqual(
        of(teams[2].mfaId).map((row) => row.memberId),
      );
      assert.equal(three?.members.pageInfo.hasNextPage, false);

      const rest2 = (
        await data<{ multiMfas: Nested }>(nested('memberId'), { after: two.members.pageInfo.endCursor })
      ).multiMfas.edges.find((edge) => edge.node.multiMFAId === teams[1].mfaId)?.node.members;
      expect(rest2?.edges.map((edge) => edge.node.memberId)).toStrictEqual(
        of(teams[1].mfaId)
          .slice(2)
          .map((row) => row.memberId),
      );
      assert.equal(rest2?.pageInfo.hasNextPage, false);

      const tooDeep = await graphql(nested('memberId multiMFA { name }'));
      assert.equal(tooDeep.status, 200);
      assert.equal(tooDeep.body.data, undefined);
      expect(tooDeep.body.errors).toStrictEqual([
        expect.objectContaining({ message: "'Nested' exceeds maximum operation depth of 6" }),
      ]);
    });

    it('refuses MultiMFAs with 100 members each (cost 3031) before running it, and runs the same nesting at 5 members each (181)', async () => {
      const nested = (members: number) =>
        `{ multiMfas(first: 10) { edges { node { members(first: ${members}) { edges { node { memberId } } } } } } }`;
      const costly = await graphql(nested(100));
      assert.equal(costly.body.data, undefined);
      expect(costly.body.errors).toStrictEqual([
        {
          message: 'The query costs 3031, more than the 1000 allowed',
          extensions: { code: 'QUERY_TOO_COSTLY' },
        },
      ]);
      const affordable = await data<{ multiMfas: Connection<unknown> }>(nested(5));
      assert.equal(affordable.multiMfas.edges.length, 4);
    });

    it('answers BAD_USER_INPUT with its reason to first out of 1..100, an after not of the list, and a from or to that is no date', async () => {
      const memberCursor = (
        (await data<Record<string, Connection<unknown>>>(listQuery('members'), { ...range, first: 1 }))
          .members as Connection<unknown>
      ).pageInfo.endCursor;
      for (const list of Object.keys(LISTS) as List[]) {
        for (const [variables, message] of [
          [{ first: 0 }, 'first is 1 to 100'],
          [{ first: 101 }, 'first is 1 to 100'],
          [{ after: 'not-a-cursor' }, 'after is not a cursor of this list'],
          [{ from: 'yesterday' }, 'From must be a date (YYYY-MM-DD) or an ISO date-time'],
          [{ to: '2024-13-45' }, 'To must be a date (YYYY-MM-DD) or an ISO date-time'],
        ] as const) {
          const { body } = await graphql(listQuery(list, 'pageInfo { hasNextPage }'), variables);
          expect({ list, variables, errors: body.errors }).toStrictEqual({
            list,
            variables,
            errors: [expect.objectContaining({ message, extensions: { code: 'BAD_USER_INPUT' } })],
          });
        }
        if (list !== 'members') {
          const { body } = await graphql(listQuery(list), { after: memberCursor });
          assert.equal(body.errors?.[0]?.message, 'after is not a cursor of this list', list);
        }
      }
      const nested = await graphql(
        '{ multiMfas(first: 1) { edges { node { members(first: 0) { pageInfo { hasNextPage } } } } } }',
      );
      expect(nested.body.errors).toStrictEqual([
        expect.objectContaining({ message: 'first is 1 to 100', extensions: { code: 'BAD_USER_INPUT' } }),
      ]);
    });
  });

  it('answers 401 to a caller without a service token', async () => {
    const { status } = await graphql('{ logs { pageInfo { hasNextPage } } }', undefined, {});
    assert.equal(status, 401);
  });
});
