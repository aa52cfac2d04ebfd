import {
  type AdminLog,
  type AdminLogFilters,
  type AdminLogPage,
  type AdminMember,
  type AdminMultiMfa,
  type AdminRoboMfa,
  type AdvancedLog,
  type DashboardStats,
  deleteAdminMultiMfa,
  deleteAdminRoboMfa,
  exportAdminLogs,
  getDashboardStats,
  listAdminLogs,
  listAdminMembers,
  listAdminMultiMfas,
  listAdminRoboMfas,
  listAdvancedLogs,
  type ReportRangeQuery,
} from '@multimfa/api-contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { notify } from '../../notify/notify';
import { type MfaList, reportKeys } from './admin-reports.keys';
import type { MfaTableRow } from './mfas-table.component';

/** What a range filter sends: empty inputs are left out. */
const rangeQuery = (range: ReportRangeQuery): ReportRangeQuery => ({
  ...(range.from ? { from: range.from } : {}),
  ...(range.to ? { to: range.to } : {}),
});

export function useDashboardStats() {
  return useQuery<DashboardStats>({
    queryKey: reportKeys.dashboard,
    queryFn: ({ signal }) => api.data(getDashboardStats, { signal }),
    meta: { errorToast: 'Unable to fetch the statistics' },
  });
}

const ownerOf = (row: AdminMultiMfa | AdminRoboMfa) =>
  row.owner ? `${row.owner.firstName} ${row.owner.lastName} <${row.owner.emailAddress}>` : '';

/** The MultiMFAs between From and To, as the list shows them. */
export function useMultiMfaRows(range: ReportRangeQuery) {
  return useQuery<AdminMultiMfa[], Error, MfaTableRow[]>({
    queryKey: reportKeys.mfaList('multimfas', range),
    queryFn: ({ signal }) => api.data(listAdminMultiMfas, { query: rangeQuery(range), signal }),
    select: (rows) =>
      rows.map((row) => ({
        id: row.multiMFAId,
        name: row.name,
        number: row.twillioNo,
        isActive: row.isActive,
        planName: row.plans.planName,
        owner: ownerOf(row),
        createdAt: row.createdAt,
      })),
    meta: { errorToast: 'Unable to fetch the MultiMFAs' },
  });
}

/** The RoboMFAs between From and To, as the list shows them. */
export function useRoboMfaRows(range: ReportRangeQuery) {
  return useQuery<AdminRoboMfa[], Error, MfaTableRow[]>({
    queryKey: reportKeys.mfaList('robomfas', range),
    queryFn: ({ signal }) => api.data(listAdminRoboMfas, { query: rangeQuery(range), signal }),
    select: (rows) =>
      rows.map((row) => ({
        id: row.roboMFAId,
        name: row.name,
        number: row.twilioNo,
        isActive: row.isActive,
        planName: row.plans.planName,
        owner: ownerOf(row),
        createdAt: row.createdAt,
      })),
    meta: { errorToast: 'Unable to fetch the RoboMFAs' },
  });
}

export function useAdminMembers(range: ReportRangeQuery) {
  return useQuery<AdminMember[]>({
    queryKey: reportKeys.members(range),
    queryFn: ({ signal }) => api.data(listAdminMembers, { query: rangeQuery(range), signal }),
    meta: { errorToast: 'Unable to fetch the members' },
  });
}

/** What the Logs filters send: empty inputs are left out. */
export const logFilterQuery = (filters: AdminLogFilters): AdminLogFilters => ({
  ...(filters.log ? { log: filters.log } : {}),
  ...(filters.mobileNo ? { mobileNo: filters.mobileNo } : {}),
  ...rangeQuery(filters),
});

/** One page (25 rows) of the message log, filtered and paged by the server. */
export function useAdminLogs(filters: AdminLogFilters, page: number) {
  return useQuery<{ rows: AdminLog[]; page: AdminLogPage }>({
    queryKey: reportKeys.logs(filters, page),
    queryFn: async ({ signal }) => {
      const answer = await api.call(listAdminLogs, { query: { ...logFilterQuery(filters), page }, signal });
      return { rows: answer.data, page: answer.page };
    },
    placeholderData: keepPreviousData,
    meta: { errorToast: 'Unable to fetch the logs' },
  });
}

/** Every entry of the filter (at most the export limit), for the CSV. */
export function exportLogs(filters: AdminLogFilters): Promise<AdminLog[]> {
  return api.data(exportAdminLogs, { query: logFilterQuery(filters) });
}

/** One line per customer and MultiMFA, with its forwards sent (success) and failed (failure). */
export interface AdvancedLogLine {
  key: string;
  email: string;
  name: string;
  multiMFA: string;
  success: number;
  failure: number;
}

export function useAdvancedLogs(range: ReportRangeQuery) {
  return useQuery<AdvancedLog[], Error, AdvancedLogLine[]>({
    queryKey: reportKeys.advancedLogs(range),
    queryFn: ({ signal }) => api.data(listAdvancedLogs, { query: rangeQuery(range), signal }),
    select: (rows) =>
      rows.flatMap((row) =>
        row.multiMFAs.map((mfa) => ({
          key: `${row.userId}:${mfa.multiMFAId}`,
          email: row.email,
          name: row.name,
          multiMFA: mfa.name,
          success: mfa.successMessageCount,
          failure: mfa.failureMessageCount,
        })),
      ),
    meta: { errorToast: 'Unable to fetch the advanced logs' },
  });
}

export const MULTIMFA_DELETED_MESSAGE = 'MultiMFA deleted successfully';
export const ROBOMFA_DELETED_MESSAGE = 'RoboMFA deleted successfully';

/**
 * Deletes a MultiMFA or RoboMFA. On success the row leaves the list at once and a toast shows; the
 * lists are read again later (the read models follow numbers' event). A failure is silent
 * (admin-area section 8): the dialog just closes.
 */
export function useDeleteMfa(kind: 'MultiMFA' | 'RoboMFA') {
  const queryClient = useQueryClient();
  const list: MfaList = kind === 'MultiMFA' ? 'multimfas' : 'robomfas';
  return useMutation({
    mutationFn: (id: string) =>
      kind === 'MultiMFA'
        ? api.data(deleteAdminMultiMfa, { params: { multiMFAId: id } })
        : api.data(deleteAdminRoboMfa, { params: { roboMFAId: id } }),
    onSuccess: (_data, id) => {
      notify.success(kind === 'MultiMFA' ? MULTIMFA_DELETED_MESSAGE : ROBOMFA_DELETED_MESSAGE);
      queryClient.setQueriesData<Array<{ multiMFAId?: string; roboMFAId?: string }>>(
        { queryKey: reportKeys.mfaLists(list) },
        (rows) => rows?.filter((row) => (row.multiMFAId ?? row.roboMFAId) !== id),
      );
      void queryClient.invalidateQueries({ queryKey: reportKeys.dashboard });
    },
  });
}
