import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FormPageProps {
  title: string;
  /** One line under the title. */
  description?: ReactNode;
  /** Container width: `xs` for short forms, `sm` for the sign-up form. */
  size?: 'xs' | 'sm';
  children: ReactNode;
}

/** A page holding one form: a titled card in the middle of the screen. */
export function FormPage({ title, description, size = 'xs', children }: FormPageProps) {
  return (
    <Container size={size} py={{ base: 'md', md: 'xl' }} px={0}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h3">
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
