import { Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ClosingBandSection } from '../../features/marketing/closing-band.section';

const products = [
  {
    name: 'MultiMFA',
    text: 'A team number: codes texted to it reach every verified member by e-mail, mobile or both. Lorem ipsum dolor sit amet.',
  },
  {
    name: 'RoboMFA',
    text: 'An automation number: each bot has an API key and reads its codes over HTTP. Consectetur adipiscing elit.',
  },
];

/** /design-product: the marketing template's product page, with placeholder text. */
export function DesignProductPage() {
  return (
    <>
      <Container size="lg" py="xl">
        <Stack gap="xl">
          <Stack gap="xs">
            <Title order={1}>Our products</Title>
            <Text c="dimmed">Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {products.map((product) => (
              <Card key={product.name} withBorder shadow="sm" component="article">
                <Stack gap="xs">
                  <Title order={2} size="h3">
                    {product.name}
                  </Title>
                  <Text>{product.text}</Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
      <ClosingBandSection />
    </>
  );
}
