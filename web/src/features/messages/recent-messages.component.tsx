import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { deliverySummary } from './delivery-summary';
import { useRecentMessages } from './use-recent-messages';

/** A code shows as dots until its row's Reveal is pressed. */
function Code({ code }: { code: string | null }) {
  const [shown, setShown] = useState(false);
  if (!code) return <Text c="dimmed">—</Text>;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text ff="monospace" aria-label={shown ? `Code ${code}` : 'Code hidden'}>
        {shown ? code : '•'.repeat(code.length)}
      </Text>
      <Button size="compact-xs" variant="subtle" onClick={() => setShown((value) => !value)}>
        {shown ? 'Hide' : 'Reveal'}
      </Button>
    </Group>
  );
}

/** The MultiMFA detail page's recent texts: sender, time, code (masked), and who has it. */
export function RecentMessages({ multiMFAId }: { multiMFAId: string }) {
  const messages = useRecentMessages(multiMFAId);
  return (
    <Stack gap="sm">
      <Title order={3}>Recent messages</Title>
      {messages.isError ? (
        <Text role="alert">{messages.error.message}</Text>
      ) : !messages.data?.messages.length ? (
        <Text c="dimmed">{messages.isPending ? 'Loading…' : 'No texts have reached this number yet.'}</Text>
      ) : (
        <Table striped aria-label="Recent messages">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sender</Table.Th>
              <Table.Th>Received</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th>Delivery</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {messages.data.messages.map((message) => (
              <Table.Tr key={message.messageId}>
                <Table.Td>{message.sender}</Table.Td>
                <Table.Td>{new Date(message.receivedAt).toLocaleString()}</Table.Td>
                <Table.Td>
                  <Code code={message.code} />
                </Table.Td>
                <Table.Td
                  title={message.recipients
                    .map(
                      (r) =>
                        `${r.firstName} ${r.lastName} (${r.medium === 'SMS' ? 'SMS' : 'Email'}): ${r.status}`,
                    )
                    .join('\n')}
                >
                  {deliverySummary(message)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
