import { Container, Grid, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { SignInFormCard } from '../../features/auth/sign-in-form.component';

const highlights = [
  'One shared number for your whole team',
  'Codes forwarded by e-mail, mobile or both',
  'RoboMFA numbers for your bots, with API keys',
];

/** The sign-in screen, at / and at /login. */
export function SignInPage() {
  return (
    <Container size="lg" py={{ base: 'md', md: 'xl' }}>
      <Grid gap={{ base: 'xl', md: 48 }} align="center">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Title order={1} fz={{ base: 28, md: 40 }} lh={1.2}>
              Streamline your authentication process with our solution
            </Title>
            <Text size="lg" c="dimmed">
              Sign up now and experience the convenience of multifactor authentication
            </Text>
            <List
              spacing="xs"
              icon={
                <ThemeIcon size={20} radius="xl">
                  <span aria-hidden="true">✓</span>
                </ThemeIcon>
              }
            >
              {highlights.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder shadow="sm" p="xl" maw={440} mx="auto">
            <Stack gap="lg">
              <Stack gap={4}>
                <Title order={2} size="h3">
                  Sign in
                </Title>
                <Text size="sm" c="dimmed">
                  Welcome back to MultiMFA
                </Text>
              </Stack>
              <SignInFormCard />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
