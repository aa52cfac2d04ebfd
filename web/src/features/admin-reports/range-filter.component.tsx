import { Button, Group, Paper, TextInput } from '@mantine/core';
import type { ReportRangeQuery } from '@multimfa/api-contract';
import { useState } from 'react';

export interface RangeFilterProps {
  /** Applies the typed dates (empty: no bound). */
  onFilter: (range: ReportRangeQuery) => void;
  onExport: () => void;
  exportDisabled?: boolean;
}

/** The optional From and To date filters, Filter and Export (admin-area section 2). */
export function RangeFilter({ onFilter, onExport, exportDisabled }: RangeFilterProps) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onFilter({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <Button type="submit">Filter</Button>
          <Button variant="default" onClick={onExport} disabled={exportDisabled}>
            Export
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
