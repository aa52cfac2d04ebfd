import { Anchor, Container, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { StatusBadge } from './status-badge.component';

export interface DetailPageProps {
  /** "MultiMFA Details", "RoboMFA Details". */
  title: string;
  planName: string;
  isSubscriptionActive: boolean;
  children: ReactNode;
}

/**
 * The one layout of an MFA's detail page (MultiMFA and RoboMFA alike): the back link, the title with
 * the plan and subscription badges, then the page's sections (`DetailSection`), one card each. The
 * sections' forms mark their required fields with an asterisk.
 */
export function DetailPage({ title, planName, isSubscriptionActive, children }: DetailPageProps) {
  return (
    <Container size="md" py={{ base: 'md', md: 'xl' }} px={0}>
      <Stack gap="lg">
        <Anchor component={Link} to="/dashboard" size="sm">
          Back To Dashboard
        </Anchor>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Group gap="xs">
            <StatusBadge size="lg" variant="light" aria-label="Plan">
              {planName.toUpperCase()}
            </StatusBadge>
            <StatusBadge
              size="lg"
              color={isSubscriptionActive ? 'green' : 'red'}
              aria-label="Subscription status"
            >
              {isSubscriptionActive ? 'ACTIVE' : 'EXPIRED'}
            </StatusBadge>
          </Group>
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

/** One card of a detail page. */
export function DetailSection({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
      {children}
    </Paper>
  );
}
