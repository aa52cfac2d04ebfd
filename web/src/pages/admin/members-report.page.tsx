import { Group, Loader, Pagination, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MemberCard, NoMembers } from '../../features/admin-reports/members-card.component';
import { RangeFilter } from '../../features/admin-reports/range-filter.component';
import { MEMBER_CSV_COLUMNS } from '../../features/admin-reports/report-csv';
import { useAdminMembers } from '../../features/admin-reports/use-admin-reports';
import { useRangeReport } from '../../features/admin-reports/use-range-report';

/** /admin/members-report: every member, filtered by when they were added, one per page, CSV export. */
export function MembersReportPage() {
  const report = useRangeReport(useAdminMembers, MEMBER_CSV_COLUMNS);
  const [page, setPage] = useState(1);
  const total = report.rows.length;
  // The page stays within bounds when a filter shortens the list.
  useEffect(() => setPage((current) => Math.min(Math.max(current, 1), Math.max(total, 1))), [total]);
  const member = report.rows[page - 1];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Members Report
      </Title>
      <RangeFilter
        onFilter={(range) => {
          setPage(1);
          report.filter(range);
        }}
        onExport={report.exportCsv}
      />
      {report.query.isPending ? (
        <Group justify="center" p="lg">
          <Loader aria-label="Loading the members" />
        </Group>
      ) : member ? (
        <MemberCard member={member} />
      ) : (
        <NoMembers />
      )}
      {total > 1 && (
        <Group justify="center">
          <Pagination total={total} value={page} onChange={setPage} aria-label="Members pages" />
        </Group>
      )}
    </Stack>
  );
}
