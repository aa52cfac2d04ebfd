/**
 * The admin-reporting service's internal API, as zod schemas: the service validates what it
 * receives with them, and the gateway imports them (`@multimfa/service-contracts/admin-reporting`)
 * instead of retyping them. Every answer comes from the read models; nothing here calls another
 * service.
 */
import {
  adminLogFilters,
  adminLogPageSchema,
  adminLogQuery,
  adminLogSchema,
  adminMemberSchema,
  adminMultiMfaSchema,
  adminRoboMfaSchema,
  advancedLogSchema,
  dashboardStatsSchema,
  graphqlRequestSchema,
  graphqlResponseSchema,
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

/** `GET /logs?log&mobileNo&from&to&page`: one page of the message log, newest first. */
export const logQuery = adminLogQuery;
export type LogQuery = z.output<typeof logQuery>;
export const logPage = z.object({ rows: z.array(adminLogSchema), page: adminLogPageSchema });
export type LogPageRecord = z.infer<typeof logPage>;

/** `GET /logs/export?log&mobileNo&from&to`: the filter's newest entries, at most LOG_EXPORT_LIMIT. */
export const logFilters = adminLogFilters;
export type LogFilters = z.output<typeof logFilters>;
export const logRows = z.array(adminLogSchema);
export type LogRecord = z.infer<typeof adminLogSchema>;

/** `GET /advanced-logs?from&to`: per customer, per MultiMFA, forwards sent and failed. */
export const advancedLogRows = z.array(advancedLogSchema);
export type AdvancedLogRow = z.infer<typeof advancedLogSchema>;

/** `POST /graphql`: a GraphQL query over the read models, answered with `data` and/or `errors`. */
export const graphqlRequest = graphqlRequestSchema;
export type GraphqlRequest = z.infer<typeof graphqlRequest>;
export const graphqlResponse = graphqlResponseSchema;
export type GraphqlResponse = z.infer<typeof graphqlResponse>;
