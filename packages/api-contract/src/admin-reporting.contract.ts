import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

// ---- filters ----------------------------------------------------------------------------------

const dateFilter = (name: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: `${name} must be a date (YYYY-MM-DD) or an ISO date-time`,
    })
    .optional();

/**
 * The optional From and To filters of the admin reports: a date (a whole day, To included) or an
 * exact ISO date-time. Rows are kept by their creation time.
 */
export const reportRangeQuery = z
  .object({ from: dateFilter('From'), to: dateFilter('To') })
  .meta({ id: 'ReportRangeQuery' });
export type ReportRangeQuery = z.output<typeof reportRangeQuery>;

// ---- answers ----------------------------------------------------------------------------------

const perDay = z.object({ date: z.iso.date(), count: z.number().int().nonnegative() });
const periods = z.object({
  daily: z.number().int().nonnegative(),
  weekly: z.number().int().nonnegative(),
  monthly: z.number().int().nonnegative(),
  yearly: z.number().int().nonnegative(),
});

/** Admin dashboard figures (admin-area section 3), plus the series its charts draw. */
export const dashboardStatsSchema = z
  .object({
    sms: z.number().int().nonnegative().describe('Texts sent by forwarding, all time'),
    email: z.number().int().nonnegative().describe('E-mails sent by forwarding, all time'),
    roboMFAs: z.number().int().nonnegative(),
    inactiveRoboMFAs: z.number().int().nonnegative(),
    occupiedTwilios: z.number().int().nonnegative().describe('Numbers of the pool held by an MFA'),
    multiMFAs: z.number().int().nonnegative(),
    inactiveMultiMFAs: z.number().int().nonnegative(),
    users: z
      .object({
        daily: z.number().int().nonnegative(),
        weekly: z.number().int().nonnegative(),
        monthly: z.number().int().nonnegative(),
        yearly: z.number().int().nonnegative(),
      })
      .describe('Customers signed up in the last 24 hours, 7, 30 and 365 days'),
    signUpsPerDay: z
      .array(perDay)
      .describe('Customer sign-ups per day (UTC), the last 30 days, oldest first'),
    messagesSent: z
      .object({ sms: periods, email: periods })
      .describe('Texts and e-mails sent by forwarding in the last 24 hours, 7, 30 and 365 days'),
    textsPerDay: z
      .array(
        z.object({
          date: z.iso.date(),
          received: z.number().int().nonnegative().describe('Texts that reached our numbers'),
          sms: z.number().int(),
          email: z.number().int(),
        }),
      )
      .describe('Texts received, and texts and e-mails sent, per day (UTC), the last 30 days, oldest first'),
  })
  .meta({ id: 'DashboardStats' });
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

const adminPlan = z.object({ planName: z.string(), planId: z.number().int().positive() });
const mfaOwner = z
  .object({ userId: z.uuid(), emailAddress: z.string(), firstName: z.string(), lastName: z.string() })
  .nullable()
  .describe('Null until identity has told who the owner is');

/** A row of /admin/multimfa. `isActive`: the MFA is active and its subscription too. */
export const adminMultiMfaSchema = z
  .object({
    multiMFAId: z.uuid(),
    name: z.string(),
    twillioNo: z.string().nullable().describe('E.164; null while it waits for a number'),
    isActive: z.boolean(),
    plans: adminPlan,
    owner: mfaOwner,
    members: z.number().int().nonnegative(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminMultiMfa' });
export type AdminMultiMfa = z.infer<typeof adminMultiMfaSchema>;

/** A row of /admin/robomfa. */
export const adminRoboMfaSchema = z
  .object({
    roboMFAId: z.uuid(),
    name: z.string(),
    twilioNo: z.string().nullable().describe('E.164; null while it waits for a number'),
    isActive: z.boolean(),
    plans: adminPlan,
    owner: mfaOwner,
    bots: z.number().int().nonnegative(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminRoboMfa' });
export type AdminRoboMfa = z.infer<typeof adminRoboMfaSchema>;

/** A row of /admin/members-report: one member of one MultiMFA. */
export const adminMemberSchema = z
  .object({
    memberId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    forwardMedium: z.enum(['EMAIL', 'MOBILE_NUMBER', 'BOTH']),
    mobileNo: z.string(),
    email: z.string(),
    status: z.enum(['AWAITING_INVITE', 'INVITE_SENT', 'VERIFIED']),
    multiMFA: z.object({ multiMFAId: z.uuid(), name: z.string() }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminMember' });
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const LOG_TYPES = ['INFO', 'ERROR', 'WARNING', 'VALIDATION'] as const;
/** Rows a Logs page holds (admin-area section 9). */
export const LOG_PAGE_SIZE = 25;
/** The most rows one Logs export holds (the newest of the filter). */
export const LOG_EXPORT_LIMIT = 10_000;

/** The Logs filters: type, our number (exact, E.164), From and To (as the other reports). */
export const adminLogFilters = z
  .object({
    log: z.enum(LOG_TYPES, { error: 'log must be INFO, ERROR, WARNING or VALIDATION' }).optional(),
    mobileNo: z
      .string()
      .trim()
      .max(20, { error: 'mobileNo is at most 20 characters' })
      .transform((value) => value || undefined)
      .optional(),
    from: dateFilter('From'),
    to: dateFilter('To'),
  })
  .meta({ id: 'AdminLogFilters' });
export type AdminLogFilters = z.output<typeof adminLogFilters>;

/** The Logs filters and the page asked for (1-based; past the last page answers the last page). */
export const adminLogQuery = adminLogFilters
  .extend({
    page: z.coerce
      .number({ error: 'page must be a whole number from 1' })
      .int({ error: 'page must be a whole number from 1' })
      .min(1, { error: 'page must be a whole number from 1' })
      .max(1_000_000, { error: 'page must be a whole number from 1' })
      .default(1),
  })
  .meta({ id: 'AdminLogQuery' });
export type AdminLogQuery = z.output<typeof adminLogQuery>;

/** An entry of the message log (admin-area section 3, Log). */
export const adminLogSchema = z
  .object({
    multiMFALogId: z.uuid(),
    logType: z.enum(LOG_TYPES),
    mobileNo: z.string().describe('Our number the text was sent to'),
    message: z.string(),
    members: z.array(z.object({ firstName: z.string(), lastName: z.string() })),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminLog' });
export type AdminLog = z.infer<typeof adminLogSchema>;

export const adminLogPageSchema = z
  .object({
    page: z.number().int().positive().describe('The page answered (the last one when asked past it)'),
    pageSize: z.number().int().positive(),
    pageCount: z.number().int().positive().describe('At least 1, even when nothing matches'),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'AdminLogPage' });
export type AdminLogPage = z.infer<typeof adminLogPageSchema>;

/** A row of /admin/advanced-logs: a customer and, per MultiMFA, the forwards sent and failed. */
export const advancedLogSchema = z
  .object({
    userId: z.uuid(),
    email: z.string(),
    name: z.string(),
    multiMFAs: z.array(
      z.object({
        multiMFAId: z.uuid(),
        name: z.string(),
        successMessageCount: z.number().int().nonnegative(),
        failureMessageCount: z.number().int().nonnegative(),
      }),
    ),
  })
  .meta({ id: 'AdvancedLog' });
export type AdvancedLog = z.infer<typeof advancedLogSchema>;

export const multiMfaIdParams = z.object({ multiMFAId: z.uuid({ error: 'MultiMFA not found' }) });
export const roboMfaIdParams = z.object({ roboMFAId: z.uuid({ error: 'RoboMFA not found' }) });

// ---- calls ------------------------------------------------------------------------------------

export const getDashboardStats = endpoint({
  operationId: 'getDashboardStats',
  method: 'GET',
  path: '/api/admin/dashboard-stats',
  summary: 'The admin dashboard figures and the series of its charts, from the reporting read models',
  tag: 'admin',
  access: 'admin',
  response: envelope(dashboardStatsSchema),
});

export const listAdminMembers = endpoint({
  operationId: 'listAdminMembers',
  method: 'GET',
  path: '/api/admin/members',
  summary: 'Every member of every MultiMFA, newest first, added between from and to',
  tag: 'admin',
  access: 'admin',
  query: reportRangeQuery,
  response: envelope(z.array(adminMemberSchema)),
});

export const listAdminMultiMfas = endpoint({
  operationId: 'listAdminMultiMfas',
  method: 'GET',
  path: '/api/admin/multimfas',
  summary: 'Every MultiMFA, newest first, created between from and to',
  tag: 'admin',
  access: 'admin',
  query: reportRangeQuery,
  response: envelope(z.array(adminMultiMfaSchema)),
});

export const deleteAdminMultiMfa = endpoint({
  operationId: 'deleteAdminMultiMfa',
  method: 'DELETE',
  path: '/api/admin/multimfa/:multiMFAId',
  summary: 'Delete a MultiMFA with its members; its number goes to quarantine',
  tag: 'admin',
  access: 'admin',
  params: multiMfaIdParams,
  response: envelope(z.null()),
});

export const listAdminRoboMfas = endpoint({
  operationId: 'listAdminRoboMfas',
  method: 'GET',
  path: '/api/admin/robomfas',
  summary: 'Every RoboMFA, newest first, created between from and to',
  tag: 'admin',
  access: 'admin',
  query: reportRangeQuery,
  response: envelope(z.array(adminRoboMfaSchema)),
});

export const deleteAdminRoboMfa = endpoint({
  operationId: 'deleteAdminRoboMfa',
  method: 'DELETE',
  path: '/api/admin/robomfa/:roboMFAId',
  summary: 'Delete a RoboMFA with its bots (their keys stop working); its number goes to quarantine',
  tag: 'admin',
  access: 'admin',
  params: roboMfaIdParams,
  response: envelope(z.null()),
});

export const listAdminLogs = endpoint({
  operationId: 'listAdminLogs',
  method: 'GET',
  path: '/api/admin/logs',
  summary: 'One page (25 rows) of the message log, newest first, filtered by type, number, from and to',
  tag: 'admin',
  access: 'admin',
  query: adminLogQuery,
  response: envelope(z.array(adminLogSchema)).extend({ page: adminLogPageSchema }),
});

export const exportAdminLogs = endpoint({
  operationId: 'exportAdminLogs',
  method: 'GET',
  path: '/api/admin/logs/export',
  summary: `Every log entry of the filter, newest first, at most ${LOG_EXPORT_LIMIT}, for the CSV export`,
  tag: 'admin',
  access: 'admin',
  query: adminLogFilters,
  response: envelope(z.array(adminLogSchema)),
});

export const listAdvancedLogs = endpoint({
  operationId: 'listAdvancedLogs',
  method: 'GET',
  path: '/api/admin/advanced-logs',
  summary: 'Per customer, per MultiMFA, the forwards sent (success) and failed (failure) between from and to',
  tag: 'admin',
  access: 'admin',
  query: reportRangeQuery,
  response: envelope(z.array(advancedLogSchema)),
});

/** The most entries one page of a GraphQL connection (`first`) may ask for. */
export const GRAPHQL_MAX_FIRST = 100;

/** A GraphQL request for the reporting schema (POST, JSON). */
export const graphqlRequestSchema = z.object({
  query: z.string().min(1).max(20_000),
  variables: z.record(z.string(), z.unknown()).optional(),
  operationName: z.string().max(200).optional(),
});

/** A GraphQL answer: `data`, and `errors` when the query was refused or a field failed. */
export const graphqlResponseSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z.array(z.looseObject({ message: z.string() })).optional(),
});

export type GraphqlRequest = z.infer<typeof graphqlRequestSchema>;
export type GraphqlResponse = z.infer<typeof graphqlResponseSchema>;

export const queryAdminGraphql = endpoint({
  operationId: 'queryAdminGraphql',
  method: 'POST',
  path: '/api/admin/graphql',
  summary:
    'GraphQL over the admin read models for reporting clients (Relay connections with opaque cursors; depth and cost limited)',
  tag: 'admin',
  access: 'admin',
  body: graphqlRequestSchema,
  response: graphqlResponseSchema,
});

export const adminReportingEndpoints = [
  queryAdminGraphql,
  listAdminLogs,
  exportAdminLogs,
  listAdvancedLogs,
  getDashboardStats,
  listAdminMembers,
  listAdminMultiMfas,
  deleteAdminMultiMfa,
  listAdminRoboMfas,
  deleteAdminRoboMfa,
] as const;
