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
import { payableAmount, toCents } from '../../features/purchase/amounts';
import { type CheckoutRequest, checkoutRequest } from '../../features/purchase/checkout-request';
import { useDiscount } from '../../features/purchase/use-discount';
import { usePay } from '../../features/purchase/use-pay';
import { useQuote } from '../../features/purchase/use-quote';
import { formatMoney } from '../../format/money';
import { FormServerError } from '../../forms/form-server-error.component';
import type { ChosenPlan, Session } from '../../session/session.schema';
import { useSession } from '../../session/session-store';

/** A label and its value, shown as text: nothing on this page that cannot be typed in looks like an input. */
function Line({ label, grow, children }: { label: string; grow?: boolean; children: React.ReactNode }) {
  return (
    <Group
      component="dl"
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      m={0}
      style={grow ? { flex: 1 } : undefined}
    >
      <Text component="dt" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fw={500} m={0}>
        {children}
      </Text>
    </Group>
  );
}

/** An amount taken off the price: "-$3.00", or "$0.00" when nothing is. */
const minus = (dollars: number) => (dollars > 0 ? `-${formatMoney(dollars)}` : formatMoney(0));

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
  const discounted = offer ? offer.discountedAmount : discount.discountedAmount;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Line label="For">{purchaseLabel(session)}</Line>
        <Line label="Plan">
          {plan.planName} ({formatMoney(plan.basePrice)} / month)
        </Line>
      </Stack>
      <Divider />
      {discount.applied ? (
        <Group gap="sm" wrap="nowrap">
          <Line label="Discount Code" grow>
            {session.paymentInfo.discountCode ?? discount.code}
          </Line>
          <Button variant="default" onClick={discount.remove} disabled={busy}>
            Remove
          </Button>
        </Group>
      ) : (
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            label="Discount Code"
            placeholder="Discount code"
            style={{ flex: 1 }}
            value={discount.code}
            onChange={(event) => discount.setCode(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                discount.apply();
              }
            }}
            disabled={discount.checking}
            error={discount.error}
          />
          <Button mt={25} variant="light" onClick={discount.apply} loading={discount.checking}>
            Apply
          </Button>
        </Group>
      )}
      <Line label="Discount">{minus(discounted)}</Line>
      {offer ? (
        <Text size="sm" c="dimmed">
          Waitlist offer: 20% off
        </Text>
      ) : null}
      <Line label="Total">{formatMoney(payable)}</Line>
      {amountCents > 0 ? (
        <PaymentFields payment={payment} />
      ) : (
        <Text size="sm" c="dimmed">
          The discount covers the whole price: no card is needed.
        </Text>
      )}
      <FormServerError message={error} />
      <Button size="md" disabled={!canPay} loading={busy} onClick={() => void pay(request)}>
        {`Pay ${formatMoney(payable)}`}
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
