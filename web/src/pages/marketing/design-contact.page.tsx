import { Container, Text, Title } from '@mantine/core';
import { GetInTouchSection } from '../../features/marketing/get-in-touch.section';

/** /design-contact: the marketing template's contact page: "Get in touch" and the contact form. */
export function DesignContactPage() {
  return (
    <>
      <Container size="lg" pt="xl">
        <Title order={1}>Contact</Title>
        <Text c="dimmed">Lorem ipsum dolor sit amet, consectetur adipiscing elit.</Text>
      </Container>
      <GetInTouchSection />
    </>
  );
}
