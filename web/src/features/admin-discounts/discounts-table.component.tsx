import { Button, Group, Table, Text } from '@mantine/core';
import type { Discount } from '@multimfa/api-contract';

export interface DiscountsTableProps {
  discounts: Discount[];
  onEdit: (discount: Discount) => void;
  onDelete: (discount: Discount) => void;
}

const TYPE_LABEL = { FLAT: 'Flat', PERCENTAGE: 'Percentage' } as const;

/** The discount is shown with 2 decimals (admin-area section 9). */
const shownValue = (discount: Discount) =>
  discount.discountType === 'PERCENTAGE' ? `${discount.value.toFixed(2)}%` : `$${discount.value.toFixed(2)}`;

export function DiscountsTable({ discounts, onEdit, onDelete }: DiscountsTableProps) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover aria-label="Discounts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Discount Code</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th>Max Usage</Table.Th>
            <Table.Th>Is Active</Table.Th>
            <Table.Th>Expiry Date</Table.Th>
            <Table.Th>Created At</Table.Th>
            <Table.Th>Updated At</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {discounts.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9}>
                <Text c="dimmed" ta="center">
                  No discounts found
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {discounts.map((discount) => (
            <Table.Tr key={discount.discountId} data-testid={`discount-row-${discount.code}`}>
              <Table.Td>{discount.code}</Table.Td>
              <Table.Td>{TYPE_LABEL[discount.discountType]}</Table.Td>
              <Table.Td>{shownValue(discount)}</Table.Td>
              <Table.Td>{discount.maxNoUsage}</Table.Td>
              <Table.Td>{discount.isActive ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>{discount.expiryDate}</Table.Td>
              <Table.Td>{new Date(discount.createdAt).toLocaleString()}</Table.Td>
              <Table.Td>{new Date(discount.updatedAt).toLocaleString()}</Table.Td>
              <Table.Td>
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
