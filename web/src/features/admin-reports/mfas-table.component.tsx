import { Badge, Button, Table, Text } from '@mantine/core';

export interface MfaTableRow {
  id: string;
  name: string;
  number: string | null;
  isActive: boolean;
  planName: string;
  owner: string;
  createdAt: string;
}

export interface MfasTableProps {
  label: string;
  rows: MfaTableRow[];
  onDelete: (row: MfaTableRow) => void;
}

/** Name, Twilio Number, Active/Inactive, Plan, Owner, Created At (ISO), and delete. */
export function MfasTable({ label, rows, onDelete }: MfasTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Twilio Number</Table.Th>
            <Table.Th>Active/Inactive</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Owner</Table.Th>
            <Table.Th>Created At</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text c="dimmed" ta="center">
                  No records found
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid={`mfa-row-${row.id}`}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{row.number ?? 'Waiting for a number'}</Table.Td>
              <Table.Td>
                <Badge color={row.isActive ? 'green' : 'gray'} variant="light">
                  {row.isActive ? 'Active' : 'Inactive'}
                </Badge>
              </Table.Td>
              <Table.Td>{row.planName}</Table.Td>
              <Table.Td>{row.owner}</Table.Td>
              <Table.Td>{row.createdAt}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  aria-label={`Delete ${row.name}`}
                  onClick={() => onDelete(row)}
                >
                  Delete
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
