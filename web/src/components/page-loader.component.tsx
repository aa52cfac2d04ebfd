import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while a page's code or first data loads. */
export function PageLoader({ label = 'Please wait...' }: { label?: string }) {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="xs">
        <Loader aria-hidden="true" />
        <Text c="dimmed" size="sm" role="status">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
