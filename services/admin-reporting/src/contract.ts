/**
 * The admin-reporting service's internal API, as zod schemas: the service validates what it
 * receives with them, and the gateway imports them (`@multimfa/admin-reporting/contract`) instead of
 * retyping them. Every answer comes from the read models; nothing here calls another service.
 */
import {
  adminMemberSchema,
  adminMultiMfaSchema,
  adminRoboMfaSchema,
  dashboardStatsSchema,
  reportRangeQuery,
} from '@multimfa/api-contract';
import { z } from 'zod';

/** `from`/`to` of every list: a date (whole day, `to` included) or an ISO date-time. */
export const rangeQuery = reportRangeQuery;
export type RangeQuery = z.output<typeof rangeQuery>;

/** `GET /dashboard-stats`. */
export const dashboardStats = dashboardStatsSchema;
export type DashboardStatsRecord = z.infer<typeof dashboardStats>;

/** `GET /multimfas?from&to`, newest first. */
export const multiMfaRows = z.array(adminMultiMfaSchema);
export type MultiMfaRow = z.infer<typeof adminMultiMfaSchema>;

/** `GET /robomfas?from&to`, newest first. */
export const roboMfaRows = z.array(adminRoboMfaSchema);
export type RoboMfaRow = z.infer<typeof adminRoboMfaSchema>;

/** `GET /members?from&to`, newest first. */
export const memberRows = z.array(adminMemberSchema);
export type MemberRow = z.infer<typeof adminMemberSchema>;
