import { Button, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { fixedTitle } from '../../browser/page-title';

function describe(error: unknown): { heading: string; detail: string } {
  if (isRouteErrorResponse(error)) {
    return { heading: `${error.status} ${error.statusText}`, detail: String(error.data ?? '') };
  }
  // After a deployment an open tab may ask for page code that no longer exists: a reload fixes it.
  if (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  ) {
    return { heading: 'A new version of MultiMFA is available', detail: 'Reload the page to continue.' };
  }
  return { heading: 'Something went wrong!', detail: error instanceof Error ? error.message : '' };
}

/**
 * The global error page (the routes' errorElement). It is bundled with the app, not code-split, so it
 * still shows when a page's code cannot be loaded.
 */
export function ErrorPage() {
  const error = useRouteError();
  const { heading, detail } = describe(error);

  useEffect(() => {
    document.title = fixedTitle('Error');
    console.error(error);
  }, [error]);

  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center" role="alert">
        <Title order={1}>{heading}</Title>
        <Text c="dimmed">An unexpected error stopped this page. You can reload it or go back home.</Text>
        {detail && <Code block>{detail}</Code>}
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="default" component="a" href="/">
            Home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
