import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { envelope } from './envelope.js';

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
    textsPerDay: z
      .array(z.object({ date: z.iso.date(), sms: z.number().int(), email: z.number().int() }))
      .describe('Texts and e-mails sent per day (UTC), the last 30 days, oldest first'),
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

export const adminReportingEndpoints = [
  getDashboardStats,
  listAdminMembers,
  listAdminMultiMfas,
  deleteAdminMultiMfa,
  listAdminRoboMfas,
  deleteAdminRoboMfa,
] as const;
