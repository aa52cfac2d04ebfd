import { Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { DataTable } from '../../components/data-table/data-table.component';
import { StatusBadge } from '../../components/status-badge.component';
import { useWaitingMfas } from './use-pool-numbers';

/**
 * The MultiMFAs and RoboMFAs waiting for a number of their country (issue 11 item 5): each takes the
 * next number of its country added to the pool.
 */
export function WaitingMfas() {
  const waiting = useWaitingMfas();
  const headingId = 'waiting-mfas-heading';
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id={headingId}>
            Waiting for a number
          </Title>
          {waiting.data && waiting.data.length > 0 && (
            <StatusBadge color="yellow" variant="light">
              {waiting.data.length}
            </StatusBadge>
          )}
        </Group>
        {waiting.isPending ? (
          <Group justify="center" p="sm">
            <Loader size="sm" aria-label="Loading the waiting MFAs" />
          </Group>
        ) : (
          <DataTable
            aria-labelledby={headingId}
            minWidth={560}
            rows={waiting.data ?? []}
            rowKey={(mfa) => mfa.mfaId}
            rowTestId={(mfa) => `waiting-mfa-${mfa.mfaId}`}
            emptyText="No MFA is waiting for a number"
            columns={[
              { header: 'Name', cell: (mfa) => mfa.name },
              { header: 'Type', cell: (mfa) => mfa.MFAType },
              { header: 'Country', cell: (mfa) => `${mfa.country.name} (${mfa.country.code})` },
              { header: 'Waiting Since', cell: (mfa) => new Date(mfa.waitingSince).toLocaleString() },
            ]}
          />
        )}
      </Stack>
    </Paper>
  );
}
