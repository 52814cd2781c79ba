/**
 * CSV of the order list (RFC 4180): every cell quoted when it holds a quote, comma or line break, and a
 * cell that a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return) prefixed with `'`, so a buyer's e-mail or address cannot run in the merchant's spreadsheet.
 */

/** One cell of the CSV as written. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Rows as CSV text, lines ended by CRLF. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')
}
