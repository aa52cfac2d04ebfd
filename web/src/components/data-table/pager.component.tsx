import { Button, Group, Text } from '@mantine/core';

export interface PagerProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}

/** The admin lists' pager: Previous, "Page X of Y", Next. */
export function Pager({ page, pageCount, onChange }: PagerProps) {
  return (
    <Group justify="center" gap="md">
      <Button variant="default" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </Button>
      <Text>{`Page ${page} of ${pageCount}`}</Text>
      <Button variant="default" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
