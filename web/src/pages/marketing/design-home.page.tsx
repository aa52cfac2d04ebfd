import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ClosingBandSection } from '../../features/marketing/closing-band.section';
import { MarketingHero } from '../../features/marketing/marketing-hero.component';

const features = [
  { title: 'One number, the whole team', text: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.' },
  {
    title: 'Codes within a second',
    text: 'Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.',
  },
  { title: 'Bots welcome', text: 'Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris.' },
];

/** /design-home: the marketing template's home page, with placeholder text. */
export function DesignHomePage() {
  return (
    <>
      <Container size="lg" py="xl">
        <Stack gap={48}>
          <MarketingHero />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" component="section" aria-label="Features">
            {features.map((feature) => (
              <Stack key={feature.title} gap={4}>
                <Title order={2} size="h4">
                  {feature.title}
                </Title>
                <Text c="dimmed">{feature.text}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
      <ClosingBandSection />
    </>
  );
}
