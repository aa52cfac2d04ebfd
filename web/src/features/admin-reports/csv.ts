/** CSV exports of the admin reports (admin-area section 9): named by the ISO timestamp of the export. */

const cell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The header line (the columns' names, in order), then one line per row. */
export function toCsv<Row>(
  columns: ReadonlyArray<readonly [string, (row: Row) => unknown]>,
  rows: Row[],
): string {
  const lines = [columns.map(([name]) => cell(name)).join(',')];
  for (const row of rows) lines.push(columns.map(([, value]) => cell(value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Downloads the CSV as `<ISO timestamp>.csv`. */
export function downloadCsv(csv: string, now = new Date()): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${now.toISOString()}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
