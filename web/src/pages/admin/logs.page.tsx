import { Group, Loader, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { AdminLogFilters } from '@multimfa/api-contract';
import { useEffect, useState } from 'react';
import { downloadCsv, toCsv } from '../../features/admin-reports/csv';
import { LOG_CSV_COLUMNS, membersOf } from '../../features/admin-reports/log-csv';
import { LogFilter } from '../../features/admin-reports/log-filter.component';
import { exportLogs, useAdminLogs } from '../../features/admin-reports/use-admin-reports';
import { EXPORTED_MESSAGE, FILTERED_MESSAGE } from '../../features/admin-reports/use-range-report';
import { notify } from '../../notify/notify';

/**
 * /admin/logs: the message log, filtered and paged (25 rows) by the server, newest first. The page
 * stays within 1 and the last page: the server answers the last page when asked past it.
 */
export function LogsPage() {
  const [filters, setFilters] = useState<AdminLogFilters>({});
  const [page, setPage] = useState(1);
  const [announce, setAnnounce] = useState(false);
  const [exporting, setExporting] = useState(false);
  const query = useAdminLogs(filters, page);
  const answered = query.data?.page;
  useEffect(() => {
    if (answered && !query.isPlaceholderData && answered.page !== page) setPage(answered.page);
  }, [answered, page, query.isPlaceholderData]);
  useEffect(() => {
    if (!announce || query.isFetching) return;
    setAnnounce(false);
    if (query.isSuccess) notify.success(FILTERED_MESSAGE);
  }, [announce, query.isFetching, query.isSuccess]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      downloadCsv(toCsv(LOG_CSV_COLUMNS, await exportLogs(filters)));
      notify.success(EXPORTED_MESSAGE);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Something went wrong!');
    } finally {
      setExporting(false);
    }
  };

  const rows = query.data?.rows ?? [];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Logs
      </Title>
      <LogFilter
        onFilter={(next) => {
          setFilters(next);
          setPage(1);
          setAnnounce(true);
        }}
        onExport={() => void exportCsv()}
        exporting={exporting}
      />
      <Paper withBorder p="md">
        {query.isPending ? (
          <Group justify="center" p="lg">
            <Loader aria-label="Loading the logs" />
          </Group>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped aria-label="Logs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Log Type</Table.Th>
                  <Table.Th>Mobile Number</Table.Th>
                  <Table.Th>Message</Table.Th>
                  <Table.Th>Members</Table.Th>
                  <Table.Th>Created At</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((log) => (
                  <Table.Tr key={log.multiMFALogId}>
                    <Table.Td>{log.logType}</Table.Td>
                    <Table.Td>{log.mobileNo}</Table.Td>
                    <Table.Td>{log.message}</Table.Td>
                    <Table.Td>{membersOf(log)}</Table.Td>
                    <Table.Td>{new Date(log.createdAt).toLocaleString()}</Table.Td>
                  </Table.Tr>
                ))}
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed">No log entries</Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {answered && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="logs-total">
            {answered.total} {answered.total === 1 ? 'entry' : 'entries'}
          </Text>
          <Pagination
            total={answered.pageCount}
            value={Math.min(page, answered.pageCount)}
            onChange={setPage}
            aria-label="Logs pages"
          />
        </Group>
      )}
    </Stack>
  );
}
