import { Button } from '@mantine/core';
import { DataTable } from '../../components/data-table/data-table.component';
import { StatusBadge } from '../../components/status-badge.component';

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
    <DataTable
      aria-label={label}
      highlightOnHover
      minWidth={760}
      rows={rows}
      rowKey={(row) => row.id}
      rowTestId={(row) => `mfa-row-${row.id}`}
      emptyText="No records found"
      columns={[
        { header: 'Name', cell: (row) => row.name },
        { header: 'Twilio Number', cell: (row) => row.number ?? 'Waiting for a number' },
        {
          header: 'Active/Inactive',
          cell: (row) => (
            <StatusBadge color={row.isActive ? 'green' : 'gray'} variant="light">
              {row.isActive ? 'Active' : 'Inactive'}
            </StatusBadge>
          ),
        },
        { header: 'Plan', cell: (row) => row.planName },
        { header: 'Owner', cell: (row) => row.owner },
        { header: 'Created At', cell: (row) => row.createdAt },
        {
          header: 'Actions',
          cell: (row) => (
            <Button
              size="xs"
              variant="light"
              color="red"
              aria-label={`Delete ${row.name}`}
              onClick={() => onDelete(row)}
            >
              Delete
            </Button>
          ),
        },
      ]}
    />
  );
}
