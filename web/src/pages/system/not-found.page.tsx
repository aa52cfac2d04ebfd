import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** Any unknown path. */
export function NotFoundPage() {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1} fz={72} c="brand.6" lh={1}>
          404
        </Title>
        <Text size="lg">The page you are looking for does not exist</Text>
        <Button component={Link} to="/">
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}
