import { Button, Group } from '@mantine/core';
import type { Discount } from '@multimfa/api-contract';
import { DataTable, type DataTablePagination } from '../../components/data-table/data-table.component';
import { formatMoney } from '../../format/money';

export interface DiscountsTableProps {
  discounts: Discount[];
  pagination: DataTablePagination;
  onEdit: (discount: Discount) => void;
  onDelete: (discount: Discount) => void;
}

const TYPE_LABEL = { FLAT: 'Flat', PERCENTAGE: 'Percentage' } as const;

/** The discount is shown with 2 decimals (admin-area section 9). */
const shownValue = (discount: Discount) =>
  discount.discountType === 'PERCENTAGE' ? `${discount.value.toFixed(2)}%` : formatMoney(discount.value);

export function DiscountsTable({ discounts, pagination, onEdit, onDelete }: DiscountsTableProps) {
  return (
    <DataTable
      aria-label="Discounts"
      highlightOnHover
      minWidth={1000}
      rows={discounts}
      rowKey={(discount) => discount.discountId}
      rowTestId={(discount) => `discount-row-${discount.code}`}
      emptyText="No discounts found"
      pagination={pagination}
      columns={[
        { header: 'Discount Code', cell: (discount) => discount.code },
        { header: 'Type', cell: (discount) => TYPE_LABEL[discount.discountType] },
        { header: 'Value', cell: shownValue },
        { header: 'Max Usage', cell: (discount) => discount.maxNoUsage },
        { header: 'Is Active', cell: (discount) => (discount.isActive ? 'Yes' : 'No') },
        { header: 'Expiry Date', cell: (discount) => discount.expiryDate },
        { header: 'Created At', cell: (discount) => new Date(discount.createdAt).toLocaleString() },
        { header: 'Updated At', cell: (discount) => new Date(discount.updatedAt).toLocaleString() },
        {
          header: 'Action',
          cell: (discount) => (
            <Group gap={6} wrap="nowrap">
              <Button
                size="compact-xs"
                variant="light"
                aria-label={`Edit ${discount.code}`}
                onClick={() => onEdit(discount)}
              >
                Edit
              </Button>
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                aria-label={`Delete ${discount.code}`}
                onClick={() => onDelete(discount)}
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
