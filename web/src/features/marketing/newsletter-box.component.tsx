import { Button, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { fieldProps, useZodForm } from '../../forms/use-zod-form';

/** The box's schema, with the contract and zod loaded on the first submit (not with the landing page). */
const loadNewsletterSchema = async () => (await import('./newsletter.schema')).newsletterSchema;

/**
 * The newsletter box: the mailing list is the waitlist, whose double opt-in (a code e-mailed to the
 * address) runs on /promotion; the box carries the address there.
 */
export function NewsletterBox() {
  const navigate = useNavigate();
  const form = useZodForm(loadNewsletterSchema, { defaultValues: { emailAddress: '' } });
  const submit = form.handleSubmit(
    ({ emailAddress }) => void navigate('/promotion', { state: { emailAddress } }),
  );

  return (
    <Container size="md" py="xl" component="section" aria-labelledby="newsletter">
      <Paper withBorder p="xl">
        <Stack gap="sm">
          <Title order={2} size="h3" id="newsletter">
            Join our newsletter
          </Title>
          <Text c="dimmed">
            News about MultiMFA and RoboMFA, and 20% off your first MultiMFA. You confirm your address with a
            code we e-mail you.
          </Text>
          <form onSubmit={submit} noValidate aria-label="Newsletter">
            <Group align="flex-start" gap="sm">
              <TextInput
                flex={1}
                miw={220}
                label="Email"
                type="email"
                placeholder="Please enter your email"
                autoComplete="email"
                {...fieldProps(form, 'emailAddress')}
              />
              <Button type="submit" mt={{ base: 0, xs: 25 }}>
                Subscribe
              </Button>
            </Group>
          </form>
        </Stack>
      </Paper>
    </Container>
  );
}
