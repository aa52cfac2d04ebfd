import {
  type AdminMember,
  type AdminMultiMfa,
  type AdminRoboMfa,
  type DashboardStats,
  deleteAdminMultiMfa,
  deleteAdminRoboMfa,
  getDashboardStats,
  listAdminMembers,
  listAdminMultiMfas,
  listAdminRoboMfas,
  type ReportRangeQuery,
} from '@multimfa/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { notify } from '../../notify/notify';
import type { MfaTableRow } from './mfas-table.component';

const reportsKey = ['admin', 'reports'] as const;

/** What a range filter sends: empty inputs are left out. */
const rangeQuery = (range: ReportRangeQuery): ReportRangeQuery => ({
  ...(range.from ? { from: range.from } : {}),
  ...(range.to ? { to: range.to } : {}),
});

export function useDashboardStats() {
  return useQuery<DashboardStats>({
    queryKey: [...reportsKey, 'dashboard'],
    queryFn: ({ signal }) => api.data(getDashboardStats, { signal }),
    meta: { errorToast: 'Unable to fetch the statistics' },
  });
}

const ownerOf = (row: AdminMultiMfa | AdminRoboMfa) =>
  row.owner ? `${row.owner.firstName} ${row.owner.lastName} <${row.owner.emailAddress}>` : '';

/** The MultiMFAs between From and To, as the list shows them. */
export function useMultiMfaRows(range: ReportRangeQuery) {
  return useQuery<AdminMultiMfa[], Error, MfaTableRow[]>({
    queryKey: [...reportsKey, 'multimfas', range],
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
    queryKey: [...reportsKey, 'robomfas', range],
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
    queryKey: [...reportsKey, 'members', range],
    queryFn: ({ signal }) => api.data(listAdminMembers, { query: rangeQuery(range), signal }),
    meta: { errorToast: 'Unable to fetch the members' },
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
  const list = kind === 'MultiMFA' ? 'multimfas' : 'robomfas';
  return useMutation({
    mutationFn: (id: string) =>
      kind === 'MultiMFA'
        ? api.data(deleteAdminMultiMfa, { params: { multiMFAId: id } })
        : api.data(deleteAdminRoboMfa, { params: { roboMFAId: id } }),
    onSuccess: (_data, id) => {
      notify.success(kind === 'MultiMFA' ? MULTIMFA_DELETED_MESSAGE : ROBOMFA_DELETED_MESSAGE);
      queryClient.setQueriesData<Array<{ multiMFAId?: string; roboMFAId?: string }>>(
        { queryKey: [...reportsKey, list] },
        (rows) => rows?.filter((row) => (row.multiMFAId ?? row.roboMFAId) !== id),
      );
      void queryClient.invalidateQueries({ queryKey: [...reportsKey, 'dashboard'] });
    },
  });
}
