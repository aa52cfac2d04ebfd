import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ForwardedMessage } from '@multimfa/api-contract';
import { useState } from 'react';
import { DataTable } from '../../components/data-table/data-table.component';
import { deliverySummary, lateRecipients, recipientName, recipientStatus } from './delivery-summary';
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

/** Each recipient with the medium and status of their copy, a line each (the Delivery cell's title). */
const recipientsOf = (message: ForwardedMessage) => message.recipients.map(recipientStatus).join('\n');

/**
 * The delivery summary, and a small "late" badge beside it when a recipient's copy was sent after the
 * text's usefulness window (its code may have expired): the badge names who got it late.
 */
function Delivery({ message }: { message: ForwardedMessage }) {
  const late = lateRecipients(message);
  if (!late.length) return deliverySummary(message);
  const who = `Sent late to ${late.map(recipientName).join(', ')}`;
  return (
    <Group gap="xs" wrap="nowrap">
      <span>{deliverySummary(message)}</span>
      <Badge size="xs" color="orange" variant="light" title={who} aria-label={who}>
        late
      </Badge>
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
        <DataTable
          aria-label="Recent messages"
          rows={messages.data.messages}
          rowKey={(message) => message.messageId}
          columns={[
            { header: 'Sender', cell: (message) => message.sender },
            { header: 'Received', cell: (message) => new Date(message.receivedAt).toLocaleString() },
            { header: 'Code', cell: (message) => <Code code={message.code} /> },
            {
              header: 'Delivery',
              cell: (message) => <Delivery message={message} />,
              cellProps: (message) => ({ title: recipientsOf(message) }),
            },
          ]}
        />
      )}
    </Stack>
  );
}
