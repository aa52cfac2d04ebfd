import type { ReportRangeQuery } from '@multimfa/api-contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notify } from '../../notify/notify';
import { downloadCsv, toCsv } from './csv';

export const FILTERED_MESSAGE = 'Filtered Successfully';
export const EXPORTED_MESSAGE = 'Exported Successfully';

export type CsvColumns<Row> = ReadonlyArray<readonly [string, (row: Row) => unknown]>;

/**
 * A report with From/To filters and a CSV export: the range applied, "Filtered Successfully" once
 * the filtered rows have arrived, "Exported Successfully" once the file is made.
 */
export function useRangeReport<Row>(
  load: (range: ReportRangeQuery) => UseQueryResult<Row[]>,
  columns: CsvColumns<Row>,
) {
  const [range, setRange] = useState<ReportRangeQuery>({});
  const [announce, setAnnounce] = useState(false);
  const query = load(range);
  const rows = query.data ?? [];
  useEffect(() => {
    if (!announce || query.isFetching) return;
    setAnnounce(false);
    if (query.isSuccess) notify.success(FILTERED_MESSAGE);
  }, [announce, query.isFetching, query.isSuccess]);
  return {
    query,
    rows,
    filter: (next: ReportRangeQuery) => {
      setRange(next);
      setAnnounce(true);
    },
    exportCsv: () => {
      downloadCsv(toCsv(columns, rows));
      notify.success(EXPORTED_MESSAGE);
    },
  };
}
