import { Badge, Button, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { LAST_CARD_MESSAGE, type SavedCard } from '@multimfa/api-contract';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.component';
import { notify } from '../../notify/notify';
import { maskedNumber, monthName, pageCount, pageOf } from './card-format';
import { UpdateCardModal } from './update-card-modal.component';
import { useDeleteCard } from './use-cards';

export const NO_CARDS_TEXT = 'There are no records to display. Click on Add Card to add a card.';

/** Card Holder Name, Card Number (masked), Brand, Country, Expiry Month, Expiry Year, Action; 25 a page. */
export function CardsTable({ cards, stripeCustomerId }: { cards: SavedCard[]; stripeCustomerId: string }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<SavedCard>();
  const [deleting, setDeleting] = useState<SavedCard>();
  const remove = useDeleteCard(stripeCustomerId);
  const current = Math.min(page, pageCount(cards.length));
  const shown = pageOf(cards, current);

  const askDelete = (card: SavedCard) => {
    // customer-area section 4: a card cannot be deleted when it is the only one shown.
    if (shown.length <= 1) {
      notify.error(LAST_CARD_MESSAGE);
      return;
    }
    setDeleting(card);
  };

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover aria-label="Cards">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Card Holder Name</Table.Th>
              <Table.Th>Card Number</Table.Th>
              <Table.Th>Brand</Table.Th>
              <Table.Th>Country</Table.Th>
              <Table.Th>Expiry Month</Table.Th>
              <Table.Th>Expiry Year</Table.Th>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cards.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" ta="center">
                    {NO_CARDS_TEXT}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {shown.map((card) => (
              <Table.Tr key={card.id} data-testid="card-row">
                <Table.Td>{card.name || 'N/A'}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text span ff="monospace">
                      {maskedNumber(card.last4)}
                    </Text>
                    {card.isDefault && (
                      <Badge size="sm" variant="light">
                        Default
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td tt="capitalize">{card.brand}</Table.Td>
                <Table.Td>{card.country ?? 'N/A'}</Table.Td>
                <Table.Td>{monthName(card.exp_month)}</Table.Td>
                <Table.Td>{card.exp_year}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Update card ending ${card.last4}`}
                      onClick={() => setEditing(card)}
                    >
                      Update
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={`Delete card ending ${card.last4}`}
                      onClick={() => askDelete(card)}
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
      {cards.length > 0 && (
        <Group justify="flex-end">
          <Pagination total={pageCount(cards.length)} value={current} onChange={setPage} size="sm" />
        </Group>
      )}
      {editing && (
        <UpdateCardModal
          card={editing}
          stripeCustomerId={stripeCustomerId}
          onClose={() => setEditing(undefined)}
        />
      )}
      {deleting && (
        <ConfirmDeleteModal
          title="Delete Card"
          message="Are you sure you want to delete this record?"
          cancelLabel="No"
          confirmLabel="Yes"
          pending={remove.isPending}
          onConfirm={() => remove.mutateAsync(deleting.id)}
          onClose={() => setDeleting(undefined)}
        />
      )}
    </Stack>
  );
}
