import { Checkbox } from '@mantine/core';
import type { ProspectView } from '@multimfa/api-contract';
import { DataTable, type DataTablePagination } from '../../components/data-table/data-table.component';

const TYPE_LABEL = { WAITLIST: 'Waitlist' } as const;

export interface ProspectsTableProps {
  prospects: ProspectView[];
  pagination: DataTablePagination;
  selected: ReadonlySet<string>;
  onToggle: (emailAddress: string, selected: boolean) => void;
  onTogglePage: (selected: boolean) => void;
}

/** One page of prospects: Selection, Email Address, Type. */
export function ProspectsTable({
  prospects,
  pagination,
  selected,
  onToggle,
  onTogglePage,
}: ProspectsTableProps) {
  const allOnPage = prospects.length > 0 && prospects.every((p) => selected.has(p.emailAddress));
  const someOnPage = prospects.some((p) => selected.has(p.emailAddress));
  return (
    <DataTable
      aria-label="Prospects"
      highlightOnHover
      rows={prospects}
      rowKey={(prospect) => prospect.emailAddress}
      emptyText="No prospects yet"
      pagination={pagination}
      columns={[
        {
          id: 'selection',
          width: 90,
          header: (
            <Checkbox
              aria-label="Select every prospect on this page"
              checked={allOnPage}
              indeterminate={someOnPage && !allOnPage}
              onChange={(event) => onTogglePage(event.currentTarget.checked)}
            />
          ),
          cell: (prospect) => (
            <Checkbox
              aria-label={`Select ${prospect.emailAddress}`}
              checked={selected.has(prospect.emailAddress)}
              onChange={(event) => onToggle(prospect.emailAddress, event.currentTarget.checked)}
            />
          ),
        },
        { header: 'Email Address', cell: (prospect) => prospect.emailAddress },
        { header: 'Type', cell: (prospect) => TYPE_LABEL[prospect.type] },
      ]}
    />
  );
}
