import { Group, Loader, Paper, Stack, Title } from '@mantine/core';
import type { ReportRangeQuery } from '@multimfa/api-contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.component';
import { MfasTable, type MfaTableRow } from './mfas-table.component';
import { RangeFilter } from './range-filter.component';
import { MFA_CSV_COLUMNS } from './report-csv';
import { useDeleteMfa } from './use-admin-reports';
import { useRangeReport } from './use-range-report';

export interface MfaReportPageProps {
  kind: 'MultiMFA' | 'RoboMFA';
  title: string;
  load: (range: ReportRangeQuery) => UseQueryResult<MfaTableRow[]>;
}

/**
 * /admin/multimfa and /admin/robomfa: From/To, Filter, Export (CSV), and delete with its dialog (admin-area
 * section 2, RoboMFAs, word for word; the MultiMFA's reads the same with its kind).
 */
export function MfaReportPage({ kind, title, load }: MfaReportPageProps) {
  const report = useRangeReport(load, MFA_CSV_COLUMNS);
  const remove = useDeleteMfa(kind);
  const [doomed, setDoomed] = useState<MfaTableRow>();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <RangeFilter onFilter={report.filter} onExport={report.exportCsv} />
      <Paper withBorder p="md">
        {report.query.isPending ? (
          <Group justify="center" p="lg">
            <Loader aria-label={`Loading ${title}`} />
          </Group>
        ) : (
          <MfasTable label={title} rows={report.rows} onDelete={setDoomed} />
        )}
      </Paper>
      {doomed && (
        <ConfirmDeleteModal
          title={`Delete ${kind}`}
          message={`Are you sure you want to delete ${kind.toLowerCase()} ${doomed.name}.?`}
          note="This action can not be redone"
          pending={remove.isPending}
          onConfirm={() => remove.mutateAsync(doomed.id)}
          onClose={() => setDoomed(undefined)}
        />
      )}
    </Stack>
  );
}
