import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { Plan } from '@multimfa/api-contract';
import { formatMoney } from '../../format/money';

export interface PlanCardProps {
  plan: Plan;
  /** The plan of the MultiMFA being upgraded: its button is the disabled "Current Plan". */
  current: boolean;
  onChoose: (plan: Plan) => void;
}

/** One plan: name, description, price per month, features, and the button that chooses it. */
export function PlanCard({ plan, current, onChoose }: PlanCardProps) {
  const price = formatMoney(plan.basePrice, { wholeDollars: true });
  const headingId = `plan-${plan.planId}-name`;
  return (
    <Card withBorder shadow="sm" radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="md" h="100%">
        <Stack gap={4}>
          <Title order={2} size="h3" id={headingId}>
            {plan.planName}
          </Title>
          <Text size="sm" c="dimmed">
            {plan.description}
          </Text>
        </Stack>
        <Group gap={4} align="baseline">
          <Text fz={36} fw={700} lh={1}>
            {price}
          </Text>
          <Text c="dimmed">/ month</Text>
        </Group>
        <List size="sm" spacing="xs" aria-label={`${plan.planName} features`}>
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Button
          mt="auto"
          fullWidth
          disabled={current}
          variant={current ? 'default' : 'filled'}
          onClick={() => onChoose(plan)}
        >
          {current ? `Current Plan - ${price}` : `Start Now - ${price}`}
        </Button>
      </Stack>
    </Card>
  );
}
