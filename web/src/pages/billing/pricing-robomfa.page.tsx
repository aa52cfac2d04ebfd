import { Container, Stack, Text, Title } from '@mantine/core';
import { PlanList } from '../../features/plans/plan-list.component';

/** /pricing-robomfa: the RoboMFA plans; a plan's seats are the bots its number may have. */
export function PricingRoboMfaPage() {
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>RoboMFA Pricing</Title>
          <Text c="dimmed">
            One shared number whose SMS codes your bots read over HTTP, each with its own key.
          </Text>
        </Stack>
        <PlanList kind="RoboMFA" />
      </Stack>
    </Container>
  );
}
