import { Badge, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { CountryList } from '../../features/countries/country-list.component';

/** MultiMFA plans (billing issue) and, already live, the countries numbers come from. */
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
        <Paper withBorder p="lg" data-testid="not-built-yet">
          <Stack gap="xs">
            <Badge variant="light" color="gray" w="fit-content">
              Not built yet
            </Badge>
            <Text>
              The Basic, Professional and Enterprise MultiMFA plans, with their price per month and features;
              choosing one goes on to payment.
            </Text>
          </Stack>
        </Paper>
        <CountryList />
      </Stack>
    </Container>
  );
}
