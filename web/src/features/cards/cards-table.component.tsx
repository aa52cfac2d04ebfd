import { Button, Group, Text } from '@mantine/core';
import { LAST_CARD_MESSAGE, type SavedCard } from '@multimfa/api-contract';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.component';
import { DataTable } from '../../components/data-table/data-table.component';
import { usePagedRows } from '../../components/data-table/use-paged-rows';
import { StatusBadge } from '../../components/status-badge.component';
import { notify } from '../../notify/notify';
import { maskedNumber, monthName, PAGE_SIZE } from './card-format';
import { UpdateCardModal } from './update-card-modal.component';
import { useDeleteCard } from './use-cards';

export const NO_CARDS_TEXT = 'There are no records to display. Click on Add Card to add a card.';

/** Card Holder Name, Card Number (masked), Brand, Country, Expiry Month, Expiry Year, Action; 25 a page. */
export function CardsTable({ cards, stripeCustomerId }: { cards: SavedCard[]; stripeCustomerId: string }) {
  const [editing, setEditing] = useState<SavedCard>();
  const [deleting, setDeleting] = useState<SavedCard>();
  const remove = useDeleteCard(stripeCustomerId);
  const { rows: shown, ...pagination } = usePagedRows(cards, PAGE_SIZE);

  const askDelete = (card: SavedCard) => {
    // customer-area section 4: a card cannot be deleted when it is the only one shown.
    if (shown.length <= 1) {
      notify.error(LAST_CARD_MESSAGE);
      return;
    }
    setDeleting(card);
  };

  return (
    <>
      <DataTable
        aria-label="Cards"
        highlightOnHover
        minWidth={720}
        rows={shown}
        rowKey={(card) => card.id}
        rowTestId={() => 'card-row'}
        emptyText={NO_CARDS_TEXT}
        pagination={cards.length > 0 ? { ...pagination, controls: 'numbers' } : undefined}
        columns={[
          { header: 'Card Holder Name', cell: (card) => card.name || 'N/A' },
          {
            header: 'Card Number',
            cell: (card) => (
              <Group gap="xs" wrap="nowrap">
                <Text span ff="monospace">
                  {maskedNumber(card.last4)}
                </Text>
                {card.isDefault && (
                  <StatusBadge size="sm" variant="light">
                    Default
                  </StatusBadge>
                )}
              </Group>
            ),
          },
          { header: 'Brand', cell: (card) => card.brand, cellProps: () => ({ tt: 'capitalize' }) },
          { header: 'Country', cell: (card) => card.country ?? 'N/A' },
          { header: 'Expiry Month', cell: (card) => monthName(card.exp_month) },
          { header: 'Expiry Year', cell: (card) => card.exp_year },
          {
            header: 'Action',
            cell: (card) => (
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
            ),
          },
        ]}
      />
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
    </>
  );
}
