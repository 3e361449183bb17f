/**
 * Reads a CSV or TSV text into rows with their line numbers, tolerating broken rows (csv-parse with
 * relaxed options). Used by every table-shaped importer.
 */
import { parse } from 'csv-parse/sync';
import { ImportFileError, stripBom, type SkippedRow } from './types.js';

export interface TableRow {
  /** line the row starts on (1-based) */
  line: number;
  cells: string[];
}

export interface Table {
  /** header cells, trimmed, BOM removed */
  header: string[];
  headerLine: number;
  /** data rows with the header's column count */
  rows: TableRow[];
  /** rows skipped as malformed (wrong column count, unclosed quote, ...) */
  broken: SkippedRow[];
}

export interface TableOptions {
  delimiter: ',' | '\t';
  /** whether `"` quotes fields (CSV: yes; the CSL TSV files: no, quotes are plain text there) */
  quote: boolean;
}

interface RawRecord {
  start: number;
  end: number;
  cells: string[] | null;
  error?: string;
}

/**
 * Parses a piece of text (lines `firstLine`.. of the file) into records with the lines they start and
 * end on. Line numbers come from byte offsets (csv-parse's own line count counts a CRLF inside a quoted
 * field twice): a record ends on the line of its last byte and starts as many lines earlier as its
 * cells hold line breaks. With relax_quotes the only error left is a quote never closed, which runs to
 * the end of the text.
 */
function records(text: string, firstLine: number, opts: TableOptions): RawRecord[] {
  const buf = Buffer.from(text, 'utf8');
  const newlines: number[] = [];
  for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, i + 1)) newlines.push(i);
  /** 1-based line (relative) of the byte at `offset` */
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = newlines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newlines[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  const lastLine = buf.length ? lineAt(buf.length - 1) : 1;
  const out: RawRecord[] = [];
  let prevEnd = 0; // byte offset just after the last record read
  const breaks = (cells: string[]) => cells.reduce((n, c) => n + (c.includes('\n') ? c.split('\n').length - 1 : 0), 0);
  try {
    parse(buf, {
      delimiter: opts.delimiter,
      quote: opts.quote ? '"' : false,
      record_delimiter: ['\r\n', '\n'], // files mixing CRLF and LF exist (csrankings-w.csv)
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      skip_records_with_error: true,
      on_record: (record: string[], ctx: { bytes: number }) => {
        const end = lineAt(Math.max(ctx.bytes - 1, 0));
        out.push({ start: firstLine - 1 + end - breaks(record), end: firstLine - 1 + end, cells: record });
        prevEnd = ctx.bytes;
        return null;
      },
      on_skip: (err: { code?: string } | undefined) => {
        const start = lineAt(prevEnd);
        const unclosed = err?.code === 'CSV_QUOTE_NOT_CLOSED';
        out.push({
          start: firstLine - 1 + start,
          end: firstLine - 1 + (unclosed ? lastLine : start),
          cells: null,
          error: unclosed ? '引号未闭合' : '无法解析的行',
        });
      },
    });
  } catch (err) {
    // csv-parse gave up on the rest of the text: report where, keep what was read
    const start = firstLine - 1 + lineAt(prevEnd);
    out.push({ start, end: start, cells: null, error: `无法解析的行（${(err as Error).message}）` });
  }
  return out;
}

/**
 * Reads a table. The first non-empty record is the header; blank lines are ignored. A row whose column
 * count differs from the header's is reported with its line and skipped. A broken quote that swallowed
 * the following lines is reported on its own line and the swallowed lines are read again, so one
 * broken row never takes the rest of the file with it.
 * Throws ImportFileError when the text has no header row.
 */
export function readTable(input: string, opts: TableOptions): Table {
  const text = stripBom(input);
  const lines = text.split('\n');
  let header: string[] | null = null;
  let headerLine = 0;
  const rows: TableRow[] = [];
  const broken: SkippedRow[] = [];
  const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

  const walk = (chunk: string, firstLine: number) => {
    for (const r of records(chunk, firstLine, opts)) {
      if (r.cells && isBlank(r.cells)) continue;
      if (!header) {
        if (!r.cells) throw new ImportFileError(`第 ${r.start} 行：表头无法解析`);
        header = r.cells.map((c) => stripBom(c).trim());
        headerLine = r.start;
        continue;
      }
      const width = header.length;
      if (r.cells && r.cells.length === width) {
        rows.push({ line: r.start, cells: r.cells });
        continue;
      }
      if (r.end > r.start) {
        // a quote opened on line r.start swallowed lines up to r.end: report it, read the rest again
        broken.push({ line: r.start, reason: r.error ?? `引号未闭合或列数不对（应为 ${width} 列）` });
        walk(lines.slice(r.start, r.end).join('\n'), r.start + 1);
        continue;
      }
      broken.push({ line: r.start, reason: r.error ?? `列数不对：应为 ${width} 列，实为 ${r.cells!.length} 列` });
    }
  };
  walk(text, 1);
  if (!header) throw new ImportFileError('文件没有表头（文件为空）');
  broken.sort((a, b) => a.line - b.line);
  rows.sort((a, b) => a.line - b.line);
  return { header, headerLine, rows, broken };
}

/**
 * Finds columns by header name (case-insensitive, spaces ignored). `required` names must all be
 * present, else ImportFileError listing what is missing and what the file has. Returns name → index
 * for every wanted column that is present.
 */
export function columns<R extends string, O extends string>(
  header: string[],
  required: readonly R[],
  optional: readonly O[] = [],
  what = '',
): Record<R, number> & Partial<Record<O, number>> {
  const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    if (!index.has(norm(h))) index.set(norm(h), i);
  });
  const out: Record<string, number> = {};
  const missing: string[] = [];
  for (const name of required) {
    const i = index.get(norm(name));
    if (i === undefined) missing.push(name);
    else out[name] = i;
  }
  if (missing.length) {
    throw new ImportFileError(
      `无法识别表头${what ? `（${what}）` : ''}：缺少列 ${missing.join('、')}；文件的表头是 ${header.slice(0, 12).join(', ') || '（空）'}`,
    );
  }
  for (const name of optional) {
    const i = index.get(norm(name));
    if (i !== undefined) out[name] = i;
  }
  return out as Record<R, number> & Partial<Record<O, number>>;
}
