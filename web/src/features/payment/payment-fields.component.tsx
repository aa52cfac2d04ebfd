import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import type { PaymentFormHandle } from './use-payment-form';

/** Where the provider's card fields appear, with a loader while they load and the reason if they fail. */
export function PaymentFields({ payment }: { payment: PaymentFormHandle }) {
  return (
    <Stack gap="xs">
      <div ref={payment.containerRef} data-testid="payment-fields" />
      {payment.status === 'loading' && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading the card form…
          </Text>
        </Group>
      )}
      {payment.error && (
        <Alert color="red" variant="light" role="alert">
          {payment.error}
        </Alert>
      )}
    </Stack>
  );
}
