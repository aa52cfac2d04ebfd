import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The landing headline and sub-line (customer-area section 1), then Get Started and Learn More. */
export function MarketingHero({ children }: { children?: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 28, md: 40 }} lh={1.2}>
        Streamline your authentication process with our solution
      </Title>
      <Text size="lg" c="dimmed">
        Sign up now and experience the convenience of multifactor authentication
      </Text>
      {children}
      <Group gap="sm">
        <Button component={Link} to="/signup" size="md">
          Get Started
        </Button>
        <Button component="a" href="#pricing" size="md" variant="default">
          Learn More
        </Button>
      </Group>
    </Stack>
  );
}
