import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/api-error';
import { formatMoney } from '../../format/money';
import { usePlans } from '../plans/use-plans';
import { type BillingPeriod, marketingName, marketingPrice } from './marketing-price';

const PERIODS = [
  { label: 'Monthly', value: 'monthly' },
  { label: 'Yearly', value: 'yearly' },
];

/**
 * The marketing pricing cards, from the plan catalogue (GET /api/plan/list), with the monthly/yearly
 * toggle. Yearly shows 10 x monthly, for display only: billing is monthly.
 */
export function MarketingPricingSection() {
  const plans = usePlans('MultiMFA');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');

  return (
    <Container size="lg" py="xl" component="section" id="pricing" aria-labelledby="marketing-pricing">
      <Stack gap="lg" align="center">
        <Title order={2} id="marketing-pricing" ta="center">
          Simple pricing for every team
        </Title>
        <SegmentedControl
          aria-label="Billing period"
          data={PERIODS}
          value={period}
          onChange={(value) => setPeriod(value as BillingPeriod)}
        />
        {period === 'yearly' && (
          <Text size="sm" c="dimmed" ta="center">
            Yearly shows 10 months' price for 12 months of service; plans are billed monthly.
          </Text>
        )}
        {plans.isError && (
          <Alert
            color="red"
            variant="light"
            title={errorMessage(plans.error, 'Unable to fetch plans from server')}
          >
            <Button size="xs" variant="light" color="red" onClick={() => void plans.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {plans.isPending && (
          <Text c="dimmed" role="status">
            Loading plans...
          </Text>
        )}
        {plans.data && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" w="100%" data-testid="marketing-pricing">
            {plans.data.map((plan) => {
              const name = marketingName(plan);
              const price = marketingPrice(plan, period);
              const headingId = `marketing-plan-${plan.planId}`;
              return (
                <Card
                  key={plan.planId}
                  withBorder
                  shadow="sm"
                  component="article"
                  aria-labelledby={headingId}
                >
                  <Stack gap="sm" h="100%">
                    <Title order={3} id={headingId}>
                      {name}
                    </Title>
                    <Group gap={4} align="baseline">
                      <Text fz={32} fw={700} lh={1} data-testid="marketing-price">
                        {formatMoney(price.amount, { wholeDollars: true })}
                        {price.unit}
                      </Text>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {plan.description}
                    </Text>
                    <Button
                      component={Link}
                      to="/signup"
                      mt="auto"
                      variant="light"
                      aria-label={`Get started with ${name}`}
                    >
                      Get Started
                    </Button>
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
