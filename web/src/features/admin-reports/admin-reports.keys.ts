import type { AdminLogFilters, ReportRangeQuery } from '@multimfa/api-contract';

const all = ['admin', 'reports'] as const;

/** The MultiMFA and RoboMFA lists, by their keys' word. */
export type MfaList = 'multimfas' | 'robomfas';

/** The admin reports' query keys. */
export const reportKeys = {
  dashboard: [...all, 'dashboard'] as const,
  /** Every range of one list (what a delete updates). */
  mfaLists: (list: MfaList) => [...all, list] as const,
  mfaList: (list: MfaList, range: ReportRangeQuery) => [...all, list, range] as const,
  members: (range: ReportRangeQuery) => [...all, 'members', range] as const,
  logs: (filters: AdminLogFilters, page: number) => [...all, 'logs', filters, page] as const,
  advancedLogs: (range: ReportRangeQuery) => [...all, 'advanced-logs', range] as const,
};
