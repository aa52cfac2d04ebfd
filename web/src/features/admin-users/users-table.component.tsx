import { Button, Group, Text } from '@mantine/core';
import type { ReportUser } from '@multimfa/api-contract';
import { DataTable } from '../../components/data-table/data-table.component';

export interface UsersTableProps {
  users: ReportUser[];
  resetting: string | undefined;
  onDelete: (user: ReportUser) => void;
  onToggleStatus: (user: ReportUser) => void;
  onResetPassword: (user: ReportUser) => void;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The User Report's columns (admin-area section 2), with the three actions of each row. */
export function UsersTable({ users, resetting, onDelete, onToggleStatus, onResetPassword }: UsersTableProps) {
  return (
    <DataTable
      aria-label="Users"
      highlightOnHover
      minWidth={1100}
      rows={users}
      rowKey={(user) => user.id}
      rowTestId={(user) => `user-row-${user.emailAddress}`}
      emptyText="No users found"
      columns={[
        { header: 'Mobile Number', cell: (user) => user.mobileNo },
        { header: 'Name', cell: (user) => `${user.firstName} ${user.lastName}` },
        { header: 'Email Address', cell: (user) => user.emailAddress },
        { header: 'User Type', cell: (user) => user.userType },
        {
          header: 'Status',
          cell: (user) => (
            <Text size="sm" fw={600} c={user.isActive ? 'green.8' : 'dimmed'}>
              {user.isActive ? 'Active' : 'Inactive'}
            </Text>
          ),
        },
        { header: 'No. of Multi MFAs', cell: (user) => user.multiMFAs },
        { header: 'Receive Marketing Emails', cell: (user) => yesNo(user.receiveMarketingEmails) },
        { header: 'Service Agreement', cell: (user) => yesNo(user.serviceAgreementAgreed) },
        {
          header: 'Actions',
          cell: (user) => (
            <Group gap={6} wrap="nowrap">
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                title="Delete User"
                aria-label={`Delete User ${user.emailAddress}`}
                onClick={() => onDelete(user)}
              >
                Delete
              </Button>
              <Button
                size="compact-xs"
                variant="light"
                color={user.isActive ? 'orange' : 'green'}
                title="Inactive User"
                aria-label={`Inactive User ${user.emailAddress}`}
                onClick={() => onToggleStatus(user)}
              >
                {user.isActive ? 'Deactivate' : 'Activate'}
              </Button>
              <Button
                size="compact-xs"
                variant="light"
                title="Reset Password"
                aria-label={`Reset Password ${user.emailAddress}`}
                loading={resetting === user.id}
                disabled={!user.isActive}
                onClick={() => onResetPassword(user)}
              >
                Reset Password
              </Button>
            </Group>
          ),
        },
      ]}
    />
  );
}
