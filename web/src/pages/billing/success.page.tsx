import { Anchor, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ConfettiBurst } from '../../components/confetti-burst.component';
import { paymentRefused, stripePaymentFrom } from '../../features/purchase/purchase-completion';
import { useCompletePurchase } from '../../features/purchase/use-complete-purchase';

/** Seconds before the success page goes on to the dashboard by itself. */
const REDIRECT_SECONDS = 5;

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Container size="xs" py="xl" px={0}>
      <Paper withBorder shadow="sm" p="xl">
        <Stack gap="md" align="center" ta="center">
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

const dashboardLink = (
  <Anchor component={Link} to="/dashboard">
    Go to Dashboard
  </Anchor>
);

function Completed() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(
      () => void navigate('/dashboard', { replace: true }),
      REDIRECT_SECONDS * 1000,
    );
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <>
      <ConfettiBurst pieces={1500} />
      <Card title="Payment Completed Successfully">
        <Text c="dimmed">Your dashboard opens in a few seconds.</Text>
        {dashboardLink}
      </Card>
    </>
  );
}

/**
 * /success, where the payment provider returns (customer-area sections 2, 4 and 8): completes the
 * purchase, then celebrates and goes on to the dashboard. A failed completion is logged; the purchase
 * is still completed by the provider's webhook, so the page points to the dashboard.
 */
export function SuccessPage() {
  const { search } = useLocation();
  const payment = stripePaymentFrom(search);
  const refused = payment !== undefined && paymentRefused(payment);
  const completion = useCompletePurchase(refused ? undefined : payment, search);

  useEffect(() => {
    if (completion.error) console.error('The purchase could not be completed', completion.error);
  }, [completion.error]);

  if (!payment) {
    return (
      <Card title="Nothing to complete">
        <Text c="dimmed">This page completes a payment, and none was found in its address.</Text>
        {dashboardLink}
      </Card>
    );
  }
  if (refused) {
    return (
      <Card title="The payment was not completed">
        <Text c="dimmed">Your bank did not approve the payment, and nothing was charged.</Text>
        <Group>
          <Button component={Link} to="/payment">
            Back to Payment
          </Button>
          {dashboardLink}
        </Group>
      </Card>
    );
  }
  if (completion.isPending) {
    return (
      <Card title="Completing your purchase">
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text c="dimmed">Please wait...</Text>
        </Group>
      </Card>
    );
  }
  if (completion.isError) {
    return (
      <Card title="We are still confirming your payment">
        <Text c="dimmed">
          If the payment went through, your number appears on your dashboard within a few minutes.
        </Text>
        {dashboardLink}
      </Card>
    );
  }
  return <Completed />;
}
