import { Anchor, Button, Group, Loader, Paper, Stack, TextInput, Title } from '@mantine/core';
import type { ReportUser } from '@multimfa/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.component';
import { downloadCsv } from '../../features/admin-reports/csv';
import { ChangeStatusModal } from '../../features/admin-users/change-status-modal.component';
import {
  type DateRange,
  reportUsersQuery,
  useChangeUserStatus,
  useDeleteUser,
  useReportUsers,
  useResetUserPassword,
} from '../../features/admin-users/use-report-users';
import { usersCsv } from '../../features/admin-users/users-csv';
import { UsersTable } from '../../features/admin-users/users-table.component';
import { notify } from '../../notify/notify';

type Dialog = { kind: 'delete' | 'status'; user: ReportUser } | undefined;

/**
 * /admin/user-report: every user, filtered by creation day, with delete, status change and the
 * password-reset e-mail; CSV export; the Add Admin link.
 */
export function UserReportPage() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [range, setRange] = useState<DateRange>({});
  const [dialog, setDialog] = useState<Dialog>();
  const queryClient = useQueryClient();
  const users = useReportUsers(range);
  const remove = useDeleteUser();
  const status = useChangeUserStatus();
  const reset = useResetUserPassword();
  const close = () => setDialog(undefined);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          User Report
        </Title>
        <Anchor component={Link} to="/admin/add-admin-user">
          Add Admin
        </Anchor>
      </Group>
      <Paper withBorder p="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const next = { from: from || undefined, to: to || undefined };
            // Read afresh, then shown; a failure is toasted by the query.
            void queryClient.fetchQuery({ ...reportUsersQuery(next), staleTime: 0 }).then(
              () => {
                setRange(next);
                notify.success('Filtered Successfully');
              },
              () => undefined,
            );
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              type="date"
              label="From"
              value={from}
              max={to || undefined}
              onChange={(event) => setFrom(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="To"
              value={to}
              min={from || undefined}
              onChange={(event) => setTo(event.currentTarget.value)}
            />
            <Button type="submit">Filter</Button>
            <Button
              variant="default"
              disabled={!users.data}
              onClick={() => {
                downloadCsv(usersCsv(users.data ?? []));
                notify.success('Exported Successfully');
              }}
            >
              Export
            </Button>
          </Group>
        </form>
      </Paper>
      <Paper withBorder p="md">
        {users.isPending ? (
          <Group justify="center" p="lg">
            <Loader aria-label="Loading users" />
          </Group>
        ) : (
          <UsersTable
            users={users.data ?? []}
            resetting={reset.isPending ? reset.variables : undefined}
            onDelete={(user) => setDialog({ kind: 'delete', user })}
            onToggleStatus={(user) => setDialog({ kind: 'status', user })}
            onResetPassword={(user) => reset.mutate(user.id)}
          />
        )}
      </Paper>
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteModal
          title="Delete Admin"
          message={`Are you sure you want to delete admin ${dialog.user.firstName} ${dialog.user.lastName}.?`}
          note="This action can not be done"
          pending={remove.isPending}
          onConfirm={() => remove.mutateAsync(dialog.user.id)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'status' && (
        <ChangeStatusModal
          user={dialog.user}
          busy={status.isPending}
          onConfirm={() => status.mutateAsync({ id: dialog.user.id, isActive: !dialog.user.isActive })}
          onClose={close}
        />
      )}
    </Stack>
  );
}
