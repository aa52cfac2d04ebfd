import { Group, Loader, Stack, Title } from '@mantine/core';
import { DashboardCharts } from '../../features/admin-reports/dashboard-charts.component';
import { StatTiles } from '../../features/admin-reports/stat-tiles.component';
import { useDashboardStats } from '../../features/admin-reports/use-admin-reports';

/** /admin/dashboard: the figures as tiles, sign-ups and texts per day as charts. */
export function AdminDashboardPage() {
  const stats = useDashboardStats();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Dashboard
      </Title>
      {stats.data ? (
        <>
          <StatTiles stats={stats.data} />
          <DashboardCharts stats={stats.data} />
        </>
      ) : (
        <Group justify="center" p="lg">
          <Loader aria-label="Loading the statistics" />
        </Group>
      )}
    </Stack>
  );
}
