import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { AdminLogFilters } from '@multimfa/api-contract';
import { useEffect, useState } from 'react';
import { DataTable } from '../../components/data-table/data-table.component';
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
          <DataTable
            aria-label="Logs"
            minWidth={720}
            rows={query.data?.rows ?? []}
            rowKey={(log) => log.multiMFALogId}
            emptyText="No log entries"
            pagination={
              answered && {
                controls: 'numbers',
                page: Math.min(page, answered.pageCount),
                pageCount: answered.pageCount,
                onChange: setPage,
                label: 'Logs pages',
                summary: (
                  <Text size="sm" c="dimmed" data-testid="logs-total">
                    {answered.total} {answered.total === 1 ? 'entry' : 'entries'}
                  </Text>
                ),
              }
            }
            columns={[
              { header: 'Log Type', cell: (log) => log.logType },
              { header: 'Mobile Number', cell: (log) => log.mobileNo },
              { header: 'Message', cell: (log) => log.message },
              { header: 'Members', cell: membersOf },
              { header: 'Created At', cell: (log) => new Date(log.createdAt).toLocaleString() },
            ]}
          />
        )}
      </Paper>
    </Stack>
  );
}
