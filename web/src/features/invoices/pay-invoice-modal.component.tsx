import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { type InvoiceEntry, type SavedCard, SELECT_CARD_MESSAGE } from '@multimfa/api-contract';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { formatMoney } from '../../format/money';
import { FormServerError } from '../../forms/form-server-error.component';
import { cardLabel } from '../cards/card-format';
import { usePayInvoice } from './use-invoices';

/** "Invoice Payment for {invoiceNo}": a saved card (the default one first chosen) and Pay. */
export function PayInvoiceModal({
  invoice,
  cards,
  appUserId,
  onClose,
}: {
  invoice: InvoiceEntry;
  cards: SavedCard[];
  appUserId: string;
  onClose: () => void;
}) {
  const pay = usePayInvoice(appUserId);
  const [cardId, setCardId] = useState<string | null>(null);
  const [error, setError] = useState<string>();

  const submit = () => {
    if (!cardId) {
      setError(SELECT_CARD_MESSAGE);
      return;
    }
    setError(undefined);
    pay.mutate(
      { invoiceId: invoice.userPaymentInvoiceId, stripeCardId: cardId },
      {
        onSuccess: onClose,
        onError: (failure) => setError(errorMessage(failure, 'The invoice could not be paid')),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Invoice Payment for ${invoice.invoiceNo}`} centered>
      <Stack gap="md">
        <Text>
          {invoice.invoiceDescription}: <strong>{formatMoney(invoice.invoiceAmount)}</strong>
        </Text>
        <Select
          label="Credit Card"
          placeholder="Select credit card"
          data={cards.map((card) => ({ value: card.id, label: cardLabel(card) }))}
          value={cardId}
          onChange={setCardId}
          allowDeselect={false}
        />
        <FormServerError message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pay.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={pay.isPending}>
            Pay
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
