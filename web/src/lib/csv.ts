/** CSV files the app offers for download (History, the admin's Overview, Download my data). */
export type Cell = string | number | null;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One RFC 4180 field: quoted when it holds a comma, quote or line break, quotes doubled. Text that a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR first; a plain number aside) gets a leading apostrophe (OWASP's CSV
 * injection advice).
 */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  let text = String(cell);
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows to CSV text, CRLF between records as RFC 4180 says. */
export const toCsv = (rows: readonly (readonly Cell[])[]) =>
  rows.map((row) => row.map(csvField).join(',')).join('\r\n');
