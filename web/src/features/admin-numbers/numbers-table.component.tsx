import { Button, Group, VisuallyHidden } from '@mantine/core';
import type { TwilioNumber } from '@multimfa/api-contract';
import { DataTable } from '../../components/data-table/data-table.component';
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
    <DataTable
      aria-label="Numbers"
      highlightOnHover
      minWidth={760}
      rows={numbers}
      rowKey={(number) => number.twillioNoId}
      rowTestId={(number) => `number-row-${number.mobileNo}`}
      emptyText="No numbers found"
      columns={[
        { header: 'Reference Name', cell: (number) => number.referenceName },
        { header: 'Mobile Number', cell: (number) => number.mobileNo },
        { header: 'Occupied', cell: (number) => (number.isOccupied ? 'Yes' : 'No') },
        { header: 'State', cell: numberStateLabel },
        { header: 'Created At', cell: (number) => new Date(number.createdAt).toLocaleString() },
        {
          id: 'actions',
          header: <VisuallyHidden>Actions</VisuallyHidden>,
          cell: (number) => (
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
          ),
        },
      ]}
    />
  );
}
