import {
  type CreateAdminBody,
  createAdmin,
  deleteReportUser,
  listReportUsers,
  type ReportUser,
  sendResetPasswordLink,
  updateReportUserStatus,
} from '@multimfa/api-contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { notify } from '../../notify/notify';
import { userKeys } from './admin-users.keys';

export const ADMIN_DELETED_MESSAGE = 'Admin deleted successfully';
export const ADMIN_STATUS_CHANGED_MESSAGE = 'Admin status changed successfully';
export const RESET_EMAIL_SENT_MESSAGE = 'Email sent for resetting password successfully';
export const ADMIN_CREATED_MESSAGE = 'Admin user created successfully';

export interface DateRange {
  from?: string;
  to?: string;
}

/** GET /api/admin/users, by creation day (From and To, both optional). */
export const reportUsersQuery = (range: DateRange) =>
  queryOptions<ReportUser[]>({
    queryKey: userKeys.list(range),
    queryFn: ({ signal }) => api.data(listReportUsers, { query: range, signal }),
    meta: { errorToast: 'Unable to fetch users' },
  });

export const useReportUsers = (range: DateRange) => useQuery(reportUsersQuery(range));

/** Deletion removes the row; a refusal shows the server's message (the dialog closes either way). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.data(deleteReportUser, { params: { id } }),
    onSuccess: (_data, id) => {
      notify.success(ADMIN_DELETED_MESSAGE);
      queryClient.setQueriesData<ReportUser[]>({ queryKey: userKeys.all }, (rows) =>
        rows?.filter((row) => row.id !== id),
      );
    },
    meta: { errorToast: 'Unable to delete the user' },
  });
}

/** The status toggle: on success the row is updated in place (admin-area section 4). */
export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      api.data(updateReportUserStatus, { params: { id }, body: { isActive } }),
    onSuccess: (changed) => {
      notify.success(ADMIN_STATUS_CHANGED_MESSAGE);
      queryClient.setQueriesData<ReportUser[]>({ queryKey: userKeys.all }, (rows) =>
        rows?.map((row) => (row.id === changed.id ? { ...row, isActive: changed.isActive } : row)),
      );
    },
    meta: { errorToast: 'Unable to change the status' },
  });
}

export function useResetUserPassword() {
  return useMutation({
    mutationFn: (id: string) => api.data(sendResetPasswordLink, { params: { id } }),
    onSuccess: () => notify.success(RESET_EMAIL_SENT_MESSAGE),
    meta: { errorToast: 'Unable to send the reset e-mail' },
  });
}

/** POST /api/admin; the caller shows a refusal (400: the server's message). */
export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdminBody) => api.data(createAdmin, { body }),
    onSuccess: async () => {
      notify.success(ADMIN_CREATED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    meta: { errorToast: 'Unable to create the admin user' },
  });
}
