import { Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
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
            <Badge color="yellow" variant="light">
              {waiting.data.length}
            </Badge>
          )}
        </Group>
        {waiting.isPending ? (
          <Group justify="center" p="sm">
            <Loader size="sm" aria-label="Loading the waiting MFAs" />
          </Group>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Country</Table.Th>
                  <Table.Th>Waiting Since</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(waiting.data ?? []).length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dimmed" ta="center">
                        No MFA is waiting for a number
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {(waiting.data ?? []).map((mfa) => (
                  <Table.Tr key={mfa.mfaId} data-testid={`waiting-mfa-${mfa.mfaId}`}>
                    <Table.Td>{mfa.name}</Table.Td>
                    <Table.Td>{mfa.MFAType}</Table.Td>
                    <Table.Td>
                      {mfa.country.name} ({mfa.country.code})
                    </Table.Td>
                    <Table.Td>{new Date(mfa.waitingSince).toLocaleString()}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
