import { useState } from 'react';

/** Page `page` (1-based; past the last page, the last) of `rows`, `size` rows a page. */
export function pageOf<T>(rows: readonly T[], page: number, size: number) {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pageCount);
  return { rows: rows.slice((current - 1) * size, current * size), page: current, pageCount };
}

/**
 * Pages of `size` rows held in the browser: the current page's rows, and the page (kept within
 * bounds when the rows shrink), page count and page change that a DataTable's pagination takes.
 */
export function usePagedRows<T>(rows: readonly T[], size: number) {
  const [page, setPage] = useState(1);
  return { ...pageOf(rows, page, size), onChange: setPage };
}
