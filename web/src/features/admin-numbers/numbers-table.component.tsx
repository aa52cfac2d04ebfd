import { Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TwilioNumber } from '@multimfa/api-contract';
import { numberStateLabel } from './number-state';

export interface NumbersTableProps {
  numbers: TwilioNumber[];
  onEdit: (number: TwilioNumber) => void;
  onDelete: (number: TwilioNumber) => void;
}

/**
 * Reference Name, Mobile Number, Occupied, State (reserved and quarantined numbers with their dates),
 * Created At, then edit and delete (disabled while occupied).
 */
export function NumbersTable({ numbers, onEdit, onDelete }: NumbersTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label="Numbers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reference Name</Table.Th>
            <Table.Th>Mobile Number</Table.Th>
            <Table.Th>Occupied</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Created At</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {numbers.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed" ta="center">
                  No numbers found
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {numbers.map((number) => (
            <Table.Tr key={number.twillioNoId} data-testid={`number-row-${number.mobileNo}`}>
              <Table.Td>{number.referenceName}</Table.Td>
              <Table.Td>{number.mobileNo}</Table.Td>
              <Table.Td>{number.isOccupied ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>{numberStateLabel(number)}</Table.Td>
              <Table.Td>{new Date(number.createdAt).toLocaleString()}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    disabled={number.isOccupied}
                    aria-label={`Edit ${number.mobileNo}`}
                    onClick={() => onEdit(number)}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    disabled={number.isOccupied}
                    aria-label={`Delete ${number.mobileNo}`}
                    onClick={() => onDelete(number)}
                  >
                    Delete
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
