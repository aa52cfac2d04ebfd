import { Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { ContactForm } from './contact-form.component';

/** "Get in touch": the invitation to create an account, and the contact form. */
export function GetInTouchSection() {
  return (
    <Container size="lg" py="xl" component="section" aria-labelledby="get-in-touch">
      <Grid gap="xl" align="center">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <Title order={2} id="get-in-touch">
              Get in touch
            </Title>
            <Text size="lg">Create an account and choose your preferred plan</Text>
            <Text c="dimmed">
              A question about numbers, countries or plans? Write to us: the message reaches our support team,
              who answer by e-mail.
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="lg">
            <ContactForm />
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
