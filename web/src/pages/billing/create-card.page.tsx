import { Button, Container, Group, Paper, Stack, Title } from '@mantine/core';
import { CARD_SAVE_FAILED_MESSAGE } from '@multimfa/api-contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/api-error';
import { useAddCard } from '../../features/cards/use-cards';
import { PaymentFields } from '../../features/payment/payment-fields.component';
import { usePaymentForm } from '../../features/payment/use-payment-form';
import { FormServerError } from '../../forms/form-server-error.component';
import { notify } from '../../notify/notify';
import { useSession } from '../../session/session-store';

/**
 * /create-card: the provider's card form (through the payment-form seam, for saving a card); Add is
 * disabled until it is ready (the first card also makes the customer's Stripe customer). The card goes to the provider from the browser; the gateway receives
 * only the PaymentMethod id (`token`).
 */
export function CreateCardPage() {
  const navigate = useNavigate();
  const { stripeCustomerId } = useSession();
  const form = usePaymentForm(0, 'setup');
  const add = useAddCard(stripeCustomerId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const save = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const created = await form.createPaymentMethod();
      if (created.status === 'failed') {
        setError(created.message);
        notify.error(CARD_SAVE_FAILED_MESSAGE);
        return;
      }
      await add.mutateAsync(created.id);
      await navigate('/credit-card-management');
    } catch (failure) {
      console.error('The card could not be saved', failure);
      setError(errorMessage(failure, CARD_SAVE_FAILED_MESSAGE));
      notify.error(CARD_SAVE_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container size="sm" py={{ base: 'md', md: 'xl' }} px={0}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Title order={1} size="h3">
            Add Card
          </Title>
          <PaymentFields payment={form} />
          <FormServerError message={error} />
          <Group justify="space-between">
            <Button variant="default" onClick={() => void navigate('/credit-card-management')}>
              Back
            </Button>
            <Button disabled={!form.ready} loading={busy} onClick={() => void save()}>
              Add
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
