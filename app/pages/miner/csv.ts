/**
 * CSV built in the browser for the literature analysis's downloads (decision 713): RFC 4180 quoting
 * (a cell holding a comma, a quote or a line break is quoted, quotes doubled), a cell that a
 * spreadsheet would read as a formula (starting = + - @, a tab or a carriage return) prefixed with an
 * apostrophe, lines ended by CRLF, and a UTF-8 byte-order mark so that Excel reads the Chinese.
 */

/** One cell as CSV text (see the file comment). */
export function csvCell(value: string | number): string {
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV text of a header row and rows (see the file comment), with the byte-order mark. */
export function toCsv(header: string[], rows: Array<Array<string | number>>): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Saves `data` (a data: URL or a Blob) as the file `name` through a temporary link. Browser only. */
export function download(name: string, data: string | Blob): void {
  const url = typeof data === 'string' ? data : URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  if (typeof data !== 'string') setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves the CSV of `header` and `rows` as `name`. Browser only. */
export function downloadCsv(name: string, header: string[], rows: Array<Array<string | number>>): void {
  download(name, new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }));
}
