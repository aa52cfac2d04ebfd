import { Container, Stack, Text, Title } from '@mantine/core';
import { CountryList } from '../../features/countries/country-list.component';
import { UpgradeNotice } from '../../features/members/upgrade-notice.component';
import { PlanList } from '../../features/plans/plan-list.component';

/**
 * /pricing (public): the MultiMFA plans, and the countries numbers come from; while a MultiMFA is being
 * upgraded, which one and why above the plans.
 */
export function PricingPage() {
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Pricing</Title>
          <Text c="dimmed">
            One shared number whose SMS codes reach your whole team, by e-mail, by mobile or both.
          </Text>
        </Stack>
        <UpgradeNotice />
        <PlanList kind="MultiMFA" />
        <CountryList />
      </Stack>
    </Container>
  );
}
