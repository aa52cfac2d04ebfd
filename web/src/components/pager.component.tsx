import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';

/** Pages of `size` rows held in the browser: the current page (kept within bounds) and its rows. */
export function usePagedRows<T>(rows: T[], size: number) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pages);
  return { current, pages, shown: rows.slice((current - 1) * size, current * size), setPage };
}

export interface PagerProps {
  current: number;
  pages: number;
  onPage: (page: number) => void;
}

/** The admin lists' pager: Previous, "Page X of Y", Next. */
export function Pager({ current, pages, onPage }: PagerProps) {
  return (
    <Group justify="center" gap="md">
      <Button variant="default" disabled={current <= 1} onClick={() => onPage(current - 1)}>
        Previous
      </Button>
      <Text>{`Page ${current} of ${pages}`}</Text>
      <Button variant="default" disabled={current >= pages} onClick={() => onPage(current + 1)}>
        Next
      </Button>
    </Group>
  );
}
