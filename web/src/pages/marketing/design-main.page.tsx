import { Container, Stack, Text, Title } from '@mantine/core';
import { MarketingPricingSection } from '../../features/marketing/marketing-pricing.section';
import { NewsletterBox } from '../../features/marketing/newsletter-box.component';

/** /design-main: the marketing template's main page: pricing cards with the toggle, and the newsletter box. */
export function DesignMainPage() {
  return (
    <>
      <Container size="md" pt="xl">
        <Stack gap="xs" ta="center">
          <Title order={1}>Shared numbers for multi-factor authentication</Title>
          <Text c="dimmed">
            Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.
          </Text>
        </Stack>
      </Container>
      <MarketingPricingSection />
      <NewsletterBox />
    </>
  );
}
