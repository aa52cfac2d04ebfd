import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import type { CodeAuditEntryAnswer } from '@multimfa/api-contract';
import { DataTable } from '../../components/data-table/data-table.component';
import { notify } from '../../notify/notify';
import { downloadCsv, toCsv } from '../admin-reports/csv';
import { CODE_AUDIT_CSV_COLUMNS, codeAuditLines } from './code-audit-csv';
import { useCodeAudit } from './use-code-audit';

const time = (at: string | null) => (at ? new Date(at).toLocaleString() : 'not yet');

function Lines({ items }: { items: string[] }) {
  if (!items.length) return <Text c="dimmed">—</Text>;
  return (
    <List size="sm" listStyleType="none" spacing={2}>
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

const sentTo = (entry: CodeAuditEntryAnswer) => [
  ...entry.members.map(
    (m) => `${m.name} · ${m.channel === 'EMAIL' ? 'e-mail' : 'SMS'} · ${m.status} · ${time(m.at)}`,
  ),
  ...entry.destinations.map(
    (d) => `${d.name} (${d.kind === 'slack' ? 'Slack' : 'webhook'}) · ${d.status} · ${time(d.at)}`,
  ),
];
const revealedBy = (entry: CodeAuditEntryAnswer) =>
  entry.reveals.map((r) => `${r.revealedBy} · ${time(r.at)}`);
const botsOf = (entry: CodeAuditEntryAnswer) =>
  entry.bots.map((b) => `${b.name} ${b.action} · ${time(b.at)}`);

/**
 * "Who used which code" on an MFA's detail page: per text, everyone it went to, every reveal on this
 * page and every bot that read or claimed it, with times; Export CSV writes the same, a line each.
 */
export function CodeAudit({ mfaId }: { mfaId: string }) {
  const audit = useCodeAudit(mfaId);
  const entries = audit.data?.entries ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4" id="code-audit-title">
          Who used which code
        </Title>
        <Button
          size="xs"
          variant="light"
          disabled={!entries.length}
          onClick={() => {
            downloadCsv(toCsv(CODE_AUDIT_CSV_COLUMNS, codeAuditLines(entries)));
            notify.success('Exported Successfully');
          }}
        >
          Export CSV
        </Button>
      </Group>
      {audit.isError ? (
        <Text role="alert">{audit.error.message}</Text>
      ) : (
        <DataTable
          aria-labelledby="code-audit-title"
          rows={entries}
          rowKey={(entry) => entry.messageId}
          emptyText={audit.isPending ? 'Loading…' : 'No texts to account for yet.'}
          columns={[
            {
              header: 'Received',
              nowrap: true,
              cell: (entry) => new Date(entry.receivedAt).toLocaleString(),
            },
            { header: 'Sender', cell: (entry) => entry.sender },
            { header: 'Service', cell: (entry) => entry.codeService },
            { header: 'Sent to', cell: (entry) => <Lines items={sentTo(entry)} /> },
            { header: 'Revealed by', cell: (entry) => <Lines items={revealedBy(entry)} /> },
            { header: 'Bots', cell: (entry) => <Lines items={botsOf(entry)} /> },
          ]}
        />
      )}
    </Stack>
  );
}
