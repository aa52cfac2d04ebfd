import { Badge, Container, Paper, Stack, Text, Title } from '@mantine/core';

export interface NotBuiltYetProps {
  /** The page's heading. */
  title: string;
  /** One sentence from the spec: what the page will do. */
  purpose: string;
}

/** Placeholder for a page whose feature arrives in a later issue: never a blank screen. */
export function NotBuiltYet({ title, purpose }: NotBuiltYetProps) {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder shadow="xs" p="xl" data-testid="not-built-yet">
        <Stack gap="sm">
          <Badge variant="light" color="gray" w="fit-content">
            Not built yet
          </Badge>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">{purpose}</Text>
        </Stack>
      </Paper>
    </Container>
  );
}
