import { Paper, Stack, Table, Text } from '@mantine/core';
import type { AdminMember } from '@multimfa/api-contract';
import { mediumLabel } from './report-csv';

/** One member, as the report shows it one per page. */
export function MemberCard({ member }: { member: AdminMember }) {
  const fields: Array<[string, string]> = [
    ['First Name', member.firstName],
    ['Last Name', member.lastName],
    ['Forward Medium', mediumLabel(member.forwardMedium)],
    ['Mobile Number', member.mobileNo],
    ['Email', member.email],
    ['MultiMFA', member.multiMFA.name],
    ['Status', member.status.replace(/_/g, ' ')],
    ['Added At', new Date(member.createdAt).toLocaleString()],
  ];
  return (
    <Paper withBorder p="md" data-testid={`member-${member.memberId}`}>
      <Table aria-label="Member" variant="vertical" withTableBorder={false}>
        <Table.Tbody>
          {fields.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={180}>{label}</Table.Th>
              <Table.Td>{value || '-'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

export function NoMembers() {
  return (
    <Stack>
      <Text c="dimmed" ta="center">
        No records found
      </Text>
    </Stack>
  );
}
