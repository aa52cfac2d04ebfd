import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface LegalSection {
  heading: string;
  paragraphs: ReactNode[];
}

/** A legal text (terms, privacy): its title, date and numbered sections, in one readable column. */
export function LegalPage({
  title,
  updated,
  sections,
}: {
  title: string;
  updated: string;
  sections: LegalSection[];
}) {
  return (
    <Container size="md" py="xl">
      <Paper withBorder p={{ base: 'lg', md: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{title}</Title>
            <Text size="sm" c="dimmed">
              Last updated {updated}
            </Text>
          </Stack>
          {sections.map((section, index) => (
            <Stack key={section.heading} gap="xs" component="section">
              <Title order={2} size="h4">
                {index + 1}. {section.heading}
              </Title>
              {section.paragraphs.map((paragraph, p) => (
                <Text key={p}>{paragraph}</Text>
              ))}
            </Stack>
          ))}
          <Text size="sm" c="dimmed">
            Questions? Write to us with the{' '}
            <Anchor component={Link} to="/design-contact" underline="always">
              contact form
            </Anchor>{' '}
            or at{' '}
            <Anchor href="mailto:support@multimfa.com" underline="always">
              support@multimfa.com
            </Anchor>
            .
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
