import { Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { DataTable } from '../../components/data-table/data-table.component';
import { ADVANCED_LOG_CSV_COLUMNS } from '../../features/admin-reports/log-csv';
import { RangeFilter } from '../../features/admin-reports/range-filter.component';
import { useAdvancedLogs } from '../../features/admin-reports/use-admin-reports';
import { useRangeReport } from '../../features/admin-reports/use-range-report';

/**
 * /admin/advanced-logs: per customer, each MultiMFA with the forwards sent (success) and failed
 * (failure) between From and To; CSV export.
 */
export function AdvancedLogsPage() {
  const report = useRangeReport(useAdvancedLogs, ADVANCED_LOG_CSV_COLUMNS);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Advanced Logs
      </Title>
      <RangeFilter onFilter={report.filter} onExport={report.exportCsv} />
      <Paper withBorder p="md">
        {report.query.isPending ? (
          <Group justify="center" p="lg">
            <Loader aria-label="Loading the advanced logs" />
          </Group>
        ) : (
          <DataTable
            aria-label="Advanced logs"
            minWidth={640}
            rows={report.rows}
            rowKey={(line) => line.key}
            emptyText="No MultiMFAs"
            columns={[
              { header: 'Email', cell: (line) => line.email },
              { header: 'Name', cell: (line) => line.name },
              { header: 'MultiMFA', cell: (line) => line.multiMFA },
              { header: 'Success', cell: (line) => line.success },
              { header: 'Failure', cell: (line) => line.failure },
            ]}
          />
        )}
      </Paper>
    </Stack>
  );
}
