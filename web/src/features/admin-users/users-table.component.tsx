import { Button, Group, Table, Text } from '@mantine/core';
import type { ReportUser } from '@multimfa/api-contract';

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
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Mobile Number</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email Address</Table.Th>
            <Table.Th>User Type</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>No. of Multi MFAs</Table.Th>
            <Table.Th>Receive Marketing Emails</Table.Th>
            <Table.Th>Service Agreement</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9}>
                <Text c="dimmed" ta="center">
                  No users found
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid={`user-row-${user.emailAddress}`}>
              <Table.Td>{user.mobileNo}</Table.Td>
              <Table.Td>{`${user.firstName} ${user.lastName}`}</Table.Td>
              <Table.Td>{user.emailAddress}</Table.Td>
              <Table.Td>{user.userType}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} c={user.isActive ? 'green.8' : 'dimmed'}>
                  {user.isActive ? 'Active' : 'Inactive'}
                </Text>
              </Table.Td>
              <Table.Td>{user.multiMFAs}</Table.Td>
              <Table.Td>{yesNo(user.receiveMarketingEmails)}</Table.Td>
              <Table.Td>{yesNo(user.serviceAgreementAgreed)}</Table.Td>
              <Table.Td>
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
