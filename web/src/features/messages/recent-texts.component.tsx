import { Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.component';
import { MaskedCode } from './masked-code.component';

/** What every listed text has, whichever kind of MFA it came to. */
interface ListedText {
  messageId: string;
  sender: string;
  receivedAt: string;
  hasCode: boolean;
}

/**
 * A detail page's "Recent messages": each text's sender, time and code (masked until revealed, a recorded reveal), then the
 * page's own columns (a MultiMFA's deliveries, a RoboMFA's bots).
 */
export function RecentTexts<Row extends ListedText>({
  mfaId,
  query,
  columns,
}: {
  mfaId: string;
  query: UseQueryResult<{ messages: Row[] }>;
  columns: DataTableColumn<Row>[];
}) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Recent messages
      </Title>
      {query.isError ? (
        <Text role="alert">{query.error.message}</Text>
      ) : !query.data?.messages.length ? (
        <Text c="dimmed">{query.isPending ? 'Loading…' : 'No texts have reached this number yet.'}</Text>
      ) : (
        <DataTable
          aria-label="Recent messages"
          minWidth={640}
          rows={query.data.messages}
          rowKey={(message) => message.messageId}
          columns={[
            { header: 'Sender', cell: (message) => message.sender },
            { header: 'Received', cell: (message) => new Date(message.receivedAt).toLocaleString() },
            {
              header: 'Code',
              cell: (message) => (
                <MaskedCode mfaId={mfaId} messageId={message.messageId} hasCode={message.hasCode} />
              ),
            },
            ...columns,
          ]}
        />
      )}
    </Stack>
  );
}
