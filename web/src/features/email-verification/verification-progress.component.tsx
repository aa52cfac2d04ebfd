import { Group, Text, ThemeIcon } from '@mantine/core';
import { Fragment } from 'react';

/** Where the user is in the stepper: numbered steps, the current one marked for assistive technology. */
export function VerificationProgress({ steps, active }: { steps: readonly string[]; active: number }) {
  return (
    <Group component="ol" gap="xs" wrap="nowrap" p={0} m={0} style={{ listStyle: 'none' }}>
      {steps.map((label, index) => {
        const done = index < active;
        const current = index === active;
        return (
          <Fragment key={label}>
            {index > 0 && (
              <Text aria-hidden="true" c="dimmed" size="sm">
                —
              </Text>
            )}
            <Group component="li" gap={6} wrap="nowrap" aria-current={current ? 'step' : undefined}>
              <ThemeIcon
                size={24}
                radius="xl"
                variant={done || current ? 'filled' : 'light'}
                color={done ? 'teal' : 'brand'}
              >
                <Text size="xs" fw={700} aria-hidden="true">
                  {done ? '✓' : index + 1}
                </Text>
              </ThemeIcon>
              <Text size="sm" fw={current ? 600 : 400} c={current ? undefined : 'dimmed'}>
                {label}
              </Text>
            </Group>
          </Fragment>
        );
      })}
    </Group>
  );
}
