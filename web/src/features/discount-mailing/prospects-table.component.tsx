import { Checkbox, Table, Text } from '@mantine/core';
import type { ProspectView } from '@multimfa/api-contract';

const TYPE_LABEL = { WAITLIST: 'Waitlist' } as const;

export interface ProspectsTableProps {
  prospects: ProspectView[];
  selected: ReadonlySet<string>;
  onToggle: (emailAddress: string, selected: boolean) => void;
  onTogglePage: (selected: boolean) => void;
}

/** One page of prospects: Selection, Email Address, Type. */
export function ProspectsTable({ prospects, selected, onToggle, onTogglePage }: ProspectsTableProps) {
  const allOnPage = prospects.length > 0 && prospects.every((p) => selected.has(p.emailAddress));
  const someOnPage = prospects.some((p) => selected.has(p.emailAddress));
  return (
    <Table striped highlightOnHover aria-label="Prospects">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={90}>
            <Checkbox
              aria-label="Select every prospect on this page"
              checked={allOnPage}
              indeterminate={someOnPage && !allOnPage}
              onChange={(event) => onTogglePage(event.currentTarget.checked)}
            />
          </Table.Th>
          <Table.Th>Email Address</Table.Th>
          <Table.Th>Type</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {prospects.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={3}>
              <Text c="dimmed" ta="center">
                No prospects yet
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {prospects.map((prospect) => (
          <Table.Tr key={prospect.emailAddress}>
            <Table.Td>
              <Checkbox
                aria-label={`Select ${prospect.emailAddress}`}
                checked={selected.has(prospect.emailAddress)}
                onChange={(event) => onToggle(prospect.emailAddress, event.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td>{prospect.emailAddress}</Table.Td>
            <Table.Td>{TYPE_LABEL[prospect.type]}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
