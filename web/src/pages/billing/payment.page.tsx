import {
  Anchor,
  Button,
  Container,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import { PaymentFields } from '../../features/payment/payment-fields.component';
import { usePaymentForm } from '../../features/payment/use-payment-form';
import { formatAmount, payableAmount, toCents } from '../../features/purchase/amounts';
import { type CheckoutRequest, checkoutRequest } from '../../features/purchase/checkout-request';
import { useDiscount } from '../../features/purchase/use-discount';
import { usePay } from '../../features/purchase/use-pay';
import { useQuote } from '../../features/purchase/use-quote';
import { FormServerError } from '../../forms/form-server-error.component';
import type { ChosenPlan, Session } from '../../session/session.schema';
import { useSession } from '../../session/session-store';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text c="dimmed">{label}</Text>
      <Text fw={500}>{children}</Text>
    </Group>
  );
}

/** What the payment is for: the new number's name, or the MultiMFA whose plan changes. */
function purchaseLabel(session: Session): string {
  if (session.upgrade) {
    const held = session.MFAs.find((mfa) => String(mfa.multiMFAId) === session.upgrade);
    const name = typeof held?.name === 'string' ? held.name : 'your MultiMFA';
    return `New plan for ${name}`;
  }
  return session.buffer ? `${session.buffer.MFAType} "${session.buffer.name}"` : '';
}

function Checkout({
  session,
  plan,
  request,
}: {
  session: Session;
  plan: ChosenPlan;
  request: CheckoutRequest;
}) {
  const quote = useQuote(request);
  // The waitlist offer replaces a smaller discount code: the server's quote is then what is charged.
  const offer = quote?.waitlistOffer ? quote : undefined;
  const payable = offer ? offer.payableAmount : payableAmount(plan.basePrice, session.paymentInfo);
  const amountCents = toCents(payable);
  const payment = usePaymentForm(amountCents);
  const discount = useDiscount(plan, session.paymentInfo);
  const { pay, busy, error } = usePay(payment, amountCents);
  const canPay = amountCents === 0 || payment.ready;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Line label="For">{purchaseLabel(session)}</Line>
        <Line label="Plan">
          {plan.planName} ({formatAmount(plan.basePrice)} / month)
        </Line>
      </Stack>
      <Divider />
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label="Discount Code"
          placeholder="Discount code"
          style={{ flex: 1 }}
          value={discount.code}
          onChange={(event) => discount.setCode(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !discount.applied) {
              event.preventDefault();
              discount.apply();
            }
          }}
          readOnly={discount.applied}
          disabled={discount.checking}
          error={discount.error}
        />
        {discount.applied ? (
          <Button mt={25} variant="default" onClick={discount.remove} disabled={busy}>
            Remove
          </Button>
        ) : (
          <Button mt={25} variant="light" onClick={discount.apply} loading={discount.checking}>
            Apply
          </Button>
        )}
      </Group>
      <TextInput
        label="Discount"
        readOnly
        value={(offer ? offer.discountedAmount : discount.discountedAmount).toFixed(2)}
      />
      {offer ? (
        <Line label="Waitlist offer: 20% off">{`-${formatAmount(offer.discountedAmount)}`}</Line>
      ) : null}
      <Line label="Total">{formatAmount(payable)}</Line>
      {amountCents > 0 ? (
        <PaymentFields payment={payment} />
      ) : (
        <Text size="sm" c="dimmed">
          The discount covers the whole price: no card is needed.
        </Text>
      )}
      <FormServerError message={error} />
      <Button size="md" disabled={!canPay} loading={busy} onClick={() => void pay(request)}>
        {`Pay ${formatAmount(payable)}`}
      </Button>
    </Stack>
  );
}

/** /payment: pays for the chosen plan by card, with an optional discount code. */
export function PaymentPage() {
  const session = useSession();
  const request = checkoutRequest(session);

  return (
    <Container size="sm" py={{ base: 'md', md: 'xl' }} px={0}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Title order={1} size="h3">
            Payment
          </Title>
          {session.plan && request ? (
            <Checkout session={session} plan={session.plan} request={request} />
          ) : (
            <Text>
              There is nothing to pay yet.{' '}
              <Anchor component={Link} to="/dashboard">
                Create a number
              </Anchor>{' '}
              and choose its plan first.
            </Text>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
