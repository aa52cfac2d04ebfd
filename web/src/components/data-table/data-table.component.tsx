import { Group, Pagination, Stack, Table, type TableTdProps, Text } from '@mantine/core';
import type { Key, ReactElement, ReactNode } from 'react';
import { Pager } from './pager.component';

interface ColumnBase<Row> {
  /** What the row shows in this column. */
  cell: (row: Row) => ReactNode;
  /** The column's width, on its header cell. */
  width?: number | string;
  /** Further props of the row's cell (a title, a text transform). */
  cellProps?: (row: Row) => TableTdProps;
  /** The header and the cells stay on one line (a name, a number, a status, the row's buttons). */
  nowrap?: boolean;
}

/** A column: its header text, or a header that is not plain text (a checkbox, hidden words) and an id. */
export type DataTableColumn<Row> = ColumnBase<Row> &
  ({ header: string } | { header: ReactElement; id: string });

/**
 * The pages of a table, whether the browser or the server pages it: `pager` is the admin lists'
 * Previous / "Page X of Y" / Next, `numbers` the numbered pages (with an accessible name and a summary
 * at the start of their line when given).
 */
export type DataTablePagination = {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
} & ({ controls: 'pager' } | { controls: 'numbers'; label?: string; summary?: ReactNode });

export interface DataTableProps<Row> {
  /** The table's accessible name, or the id of the heading that names it. */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  columns: ReadonlyArray<DataTableColumn<Row>>;
  /** The rows shown (one page's when the table pages). */
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  rowTestId?: (row: Row) => string;
  /** The row shown when there are none; without it an empty table shows its headers only. */
  emptyText?: ReactNode;
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
  highlightOnHover?: boolean;
  pagination?: DataTablePagination;
}

const columnKey = <Row,>(column: DataTableColumn<Row>) => ('id' in column ? column.id : column.header);

/** What a cell without a value shows (an e-mail-only member's mobile number): a dash, not a blank. */
const ABSENT_VALUE = '—';

const shown = (value: ReactNode) =>
  value === null || value === undefined || value === '' ? ABSENT_VALUE : value;
const oneLine = { whiteSpace: 'nowrap' } as const;

/** The lists' striped table: a header row, a row per item (or the empty text), and its pages. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowTestId,
  emptyText,
  minWidth,
  highlightOnHover,
  pagination,
  ...named
}: DataTableProps<Row>) {
  const table = (
    <Table striped highlightOnHover={highlightOnHover} {...named}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={columnKey(column)} w={column.width} style={column.nowrap ? oneLine : undefined}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && emptyText !== undefined && (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              <Text c="dimmed" ta="center">
                {emptyText}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
            {columns.map((column) => (
              <Table.Td
                key={columnKey(column)}
                style={column.nowrap ? oneLine : undefined}
                {...column.cellProps?.(row)}
              >
                {shown(column.cell(row))}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  const scrolled =
    minWidth === undefined ? (
      table
    ) : (
      <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>
    );
  if (!pagination) return scrolled;
  return (
    <Stack gap="sm">
      {scrolled}
      <Pages {...pagination} />
    </Stack>
  );
}

function Pages(pagination: DataTablePagination) {
  const { page, pageCount, onChange } = pagination;
  if (pagination.controls === 'pager') return <Pager page={page} pageCount={pageCount} onChange={onChange} />;
  return (
    <Group justify={pagination.summary === undefined ? 'flex-end' : 'space-between'}>
      {pagination.summary}
      <Pagination
        total={pageCount}
        value={page}
        onChange={onChange}
        size="sm"
        aria-label={pagination.label}
      />
    </Group>
  );
}
