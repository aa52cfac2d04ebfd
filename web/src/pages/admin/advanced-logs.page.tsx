import { Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
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
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label="Advanced logs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>MultiMFA</Table.Th>
                  <Table.Th>Success</Table.Th>
                  <Table.Th>Failure</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.rows.map((line) => (
                  <Table.Tr key={line.key}>
                    <Table.Td>{line.email}</Table.Td>
                    <Table.Td>{line.name}</Table.Td>
                    <Table.Td>{line.multiMFA}</Table.Td>
                    <Table.Td>{line.success}</Table.Td>
                    <Table.Td>{line.failure}</Table.Td>
                  </Table.Tr>
                ))}
                {report.rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed">No MultiMFAs</Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
