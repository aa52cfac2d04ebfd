import { Button, Group, NativeSelect, Paper, TextInput } from '@mantine/core';
import { type AdminLogFilters, LOG_TYPES } from '@multimfa/api-contract';
import { useState } from 'react';

export interface LogFilterProps {
  onFilter: (filters: AdminLogFilters) => void;
  onExport: () => void;
  exporting?: boolean;
}

/** The Logs filters (admin-area section 2): log type, mobile number, From and To; Filter and Export. */
export function LogFilter({ onFilter, onExport, exporting }: LogFilterProps) {
  const [log, setLog] = useState('');
  const [mobileNo, setMobileNo] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onFilter({
            ...(log ? { log: log as AdminLogFilters['log'] } : {}),
            ...(mobileNo.trim() ? { mobileNo: mobileNo.trim() } : {}),
            ...(from ? { from } : {}),
            ...(to ? { to } : {}),
          });
        }}
      >
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label="Log Type"
            value={log}
            onChange={(e) => setLog(e.currentTarget.value)}
            data={[{ value: '', label: 'All' }, ...LOG_TYPES.map((type) => ({ value: type, label: type }))]}
          />
          <TextInput
            label="Mobile Number"
            placeholder="+12125550100"
            value={mobileNo}
            onChange={(e) => setMobileNo(e.currentTarget.value)}
          />
          <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <Button type="submit">Filter</Button>
          <Button variant="default" onClick={onExport} loading={exporting}>
            Export
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
