// The browser build: the package's main build calls Node's Buffer when it loads, which a browser has not.
import { type Cast, stringify } from 'csv-stringify/browser/esm/sync';

/**
 * The one CSV writer of the admin exports (admin-area section 9: users, MultiMFAs, RoboMFAs, members
 * report, logs, advanced logs), named by the ISO timestamp of the export. Cells carry what customers
 * chose (MFA and member names) and raw SMS bodies, so csv-stringify's `escape_formulas` puts a `'`
 * before a cell starting with = + - @, a tab or a carriage return (or the full-width = + - @), which a
 * spreadsheet would otherwise run as a formula.
 */

/**
 * An E.164 number (`+14155550100`) is the one cell that starts with `+` on purpose, and escaping it would
 * show every mobile number as `'+14155550100`; a `+` and digits alone cannot call anything (a spreadsheet
 * that reads it as a formula gets the number), so it is written as it is. csv-stringify applies the
 * `escape_formulas` a cast answers (it merges the cast's options into the cell's), though its typings
 * name only the quoting options.
 */
const E164 = /^\+[1-9]\d{1,14}$/;

const phoneNumberAsItIs: Cast<string> = (value) => {
  if (!E164.test(value)) return value;
  const unescaped = { value, escape_formulas: false };
  return unescaped;
};

/** The header line (the columns' names, in order), then one CRLF line per row. */
export function toCsv<Row>(
  columns: ReadonlyArray<readonly [string, (row: Row) => unknown]>,
  rows: Row[],
): string {
  return stringify(
    [columns.map(([name]) => name), ...rows.map((row) => columns.map(([, value]) => value(row)))],
    {
      record_delimiter: 'windows',
      // A lone CR or LF in a cell is quoted too (csv-stringify quotes only the whole CRLF once a record
      // delimiter is chosen): unquoted, a spreadsheet starts a new row there, and a formula after it.
      quote_record_delimiter: true,
      escape_formulas: true,
      cast: { boolean: (value) => String(value), string: phoneNumberAsItIs },
    },
  );
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
