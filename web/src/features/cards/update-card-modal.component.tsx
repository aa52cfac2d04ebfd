import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { CARD_HOLDER_MAX, type SavedCard } from '@multimfa/api-contract';
import { useState } from 'react';
import { FormServerError } from '../../forms/form-server-error.component';
import { cardUpdateError, maskedNumber, monthInput, yearInput } from './card-format';
import { useUpdateCard } from './use-cards';

/**
 * Update Card: holder name (at most 30), expiry month (digits, clamped 1-12), expiry year (4 digits,
 * not before this year), zip (optional). The server checks the same again.
 */
export function UpdateCardModal({
  card,
  stripeCustomerId,
  onClose,
}: {
  card: SavedCard;
  stripeCustomerId: string;
  onClose: () => void;
}) {
  const update = useUpdateCard(stripeCustomerId);
  const [fields, setFields] = useState({
    name: card.name ?? '',
    month: String(card.exp_month),
    year: String(card.exp_year),
    zip: card.address_zip ?? '',
  });
  const [error, setError] = useState<string>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const invalid = cardUpdateError(fields, new Date().getFullYear());
    setError(invalid);
    if (invalid) return;
    update.mutate(
      {
        cardId: card.id,
        body: {
          name: fields.name.trim(),
          exp_month: Number(fields.month),
          exp_year: Number(fields.year),
          address_zip: fields.zip.trim() || null,
        },
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Update Card" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Card Number" value={maskedNumber(card.last4)} readOnly />
          <TextInput
            label="Card Holder Name"
            maxLength={CARD_HOLDER_MAX}
            value={fields.name}
            onChange={(event) => setFields({ ...fields, name: event.currentTarget.value })}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Expiry Month"
              inputMode="numeric"
              maxLength={2}
              value={fields.month}
              onChange={(event) => setFields({ ...fields, month: monthInput(event.currentTarget.value) })}
            />
            <TextInput
              label="Expiry Year"
              inputMode="numeric"
              maxLength={4}
              value={fields.year}
              onChange={(event) => setFields({ ...fields, year: yearInput(event.currentTarget.value) })}
            />
          </Group>
          <TextInput
            label="Zip"
            maxLength={20}
            value={fields.zip}
            onChange={(event) => setFields({ ...fields, zip: event.currentTarget.value })}
          />
          <FormServerError message={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Update
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
