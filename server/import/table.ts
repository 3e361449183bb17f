/**
 * Reads a CSV or TSV text into rows with their line numbers, tolerating broken rows (csv-parse with
 * relaxed options). Used by every table-shaped importer.
 */
import { parse } from 'csv-parse/sync';
import { MSG } from '../../common/messages.js';
import { ImportFileError, stripBom, type ColumnMapping, type MappingField, type SkippedRow } from './types.js';

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

/** A header name as columns() compares it: spaces removed, lower case. */
const headerKey = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** How many lines readHeader looks at before giving up (a header never spans more). */
const HEADER_LINES = 200;

/**
 * The header of a table (its first non-blank record, cells trimmed, as readTable reads it) and the
 * 1-based lines it starts and ends on, read from the first lines only. Null when there is none there.
 */
export function readHeader(input: string, opts: TableOptions): { header: string[]; start: number; end: number } | null {
  const text = stripBom(input);
  let cut = 0;
  for (let n = 0; n < HEADER_LINES && cut >= 0; n++) cut = text.indexOf('\n', cut + (n ? 1 : 0));
  const head = cut < 0 ? text : text.slice(0, cut);
  for (const r of records(head, 1, opts)) {
    if (!r.cells) return null;
    if (r.cells.every((c) => c.trim() === '')) continue;
    return { header: r.cells.map((c) => stripBom(c).trim()), start: r.start, end: r.end };
  }
  return null;
}

/** A mapping resolved against a file's columns (see resolveMapping). */
export interface ResolvedMapping {
  /** every field → the column it is read from, or null (不导入, or no column found) */
  mapping: Record<string, string | null>;
  /** required fields without a column (none found, or null asked) */
  missing: string[];
  /** `mapping.<field>` → what is wrong with what was asked (an unknown field or column, a column chosen twice) */
  errors: Record<string, string>;
}

/**
 * Resolves a column mapping against the file's columns. A field the request names takes
 * its column (null: 不导入, refused for a required field); any other field takes the first column
 * whose name is its name or an alias (case and spaces ignored), as the importers find them. Unknown
 * fields, columns not in the file, and one column given to two fields are reported in `errors`, keyed
 * `mapping.<field>`, with Chinese messages; required fields left without a column in `missing`.
 */
export function resolveMapping(fields: readonly MappingField[], columns: readonly string[], requested: ColumnMapping = {}): ResolvedMapping {
  const errors: Record<string, string> = {};
  const known = new Set(fields.map((f) => f.name));
  for (const name of Object.keys(requested)) if (!known.has(name)) errors[`mapping.${name}`] = MSG.importMappingUnknownField(name);
  const mapping: Record<string, string | null> = {};
  const usedBy = new Map<string, string>();
  const asked = (f: MappingField) => Object.prototype.hasOwnProperty.call(requested, f.name);
  // first the columns asked for, then the others found by name among the columns left
  for (const f of fields.filter(asked)) {
    const column = requested[f.name];
    mapping[f.name] = null;
    if (column === null) {
      // 不导入: for a required field that is one of `missing`
    } else if (!columns.includes(column)) errors[`mapping.${f.name}`] = MSG.importMappingNoColumn(f.label, column);
    else if (usedBy.has(column)) errors[`mapping.${f.name}`] = MSG.importMappingTwice(column, usedBy.get(column)!, f.label);
    else {
      usedBy.set(column, f.label);
      mapping[f.name] = column;
    }
  }
  for (const f of fields.filter((x) => !asked(x))) {
    let column: string | null = null;
    for (const n of [f.name, ...(f.aliases ?? [])].map(headerKey)) {
      column = columns.find((c) => headerKey(c) === n && !usedBy.has(c)) ?? null;
      if (column !== null) break;
    }
    if (column !== null) usedBy.set(column, f.label);
    mapping[f.name] = column;
  }
  const missing = fields.filter((f) => f.required && mapping[f.name] === null && !errors[`mapping.${f.name}`]).map((f) => f.name);
  return { mapping: Object.fromEntries(fields.map((f) => [f.name, mapping[f.name]])), missing, errors };
}

/** A header cell written back into the text: CSV quotes it when it must; TSV cells hold no tab. */
function headerCell(c: string, opts: TableOptions): string {
  if (!opts.quote) return c.replace(/[\t\r\n]/g, ' ');
  return /[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c;
}

/**
 * The text with its header rewritten so that the importer, which finds columns by name, reads each
 * field from the column `mapping` gives it: that column is renamed to the field's name, and a column
 * that would otherwise be taken for a field (its name or an alias) but is not mapped to it is renamed
 * `<name>（未导入）`. The data lines are not touched, so line numbers stay. Unchanged when the mapping
 * is what the names give anyway.
 */
export function remapTable(input: string, opts: TableOptions, fields: readonly MappingField[], mapping: Readonly<Record<string, string | null>>): string {
  const text = stripBom(input);
  const h = readHeader(text, opts);
  if (!h) return text;
  const fieldOf = new Map<string, string>();
  for (const f of fields) {
    const c = mapping[f.name];
    if (c != null) fieldOf.set(c, f.name);
  }
  const taken = new Set(fields.flatMap((f) => [f.name, ...(f.aliases ?? [])].map(headerKey)));
  const header = h.header.map((c, i) => {
    const first = h.header.indexOf(c) === i;
    const field = first ? fieldOf.get(c) : undefined;
    if (field) return field;
    return taken.has(headerKey(c)) ? `${c}（未导入）` : c;
  });
  if (header.every((c, i) => c === h.header[i])) return text;
  // the header's lines [start, end]: from the offset after the (start-1)th newline to the end-th one
  const lineStart = (line: number) => {
    let at = 0;
    for (let n = 1; n < line; n++) at = text.indexOf('\n', at) + 1;
    return at;
  };
  const from = lineStart(h.start);
  let to = text.indexOf('\n', lineStart(h.end));
  if (to < 0) to = text.length;
  if (text[to - 1] === '\r') to--;
  return text.slice(0, from) + header.map((c) => headerCell(c, opts)).join(opts.delimiter) + text.slice(to);
}

/** The keys of the first `limit` JSON objects of a JSON-lines text, in the order first seen. */
export function jsonlKeys(input: string, limit = 200): string[] {
  const keys = new Set<string>();
  let seen = 0;
  for (const raw of stripBom(input).split('\n', 100_000)) {
    if (seen >= limit) break;
    const s = raw.trim();
    if (!s) continue;
    try {
      const v: unknown = JSON.parse(s);
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
        seen++;
        for (const k of Object.keys(v)) keys.add(k);
      }
    } catch {
      /* a broken line: the importer reports it */
    }
  }
  return [...keys];
}

/**
 * JSON lines with each object's keys renamed as `mapping` says (field ← key; a field mapped to null is
 * left out, keys no field reads are dropped); lines that are blank or not objects are kept as they are,
 * so line numbers and the importer's reasons stay. Unchanged when every field reads its own key.
 */
export function remapJsonl(input: string, fields: readonly MappingField[], mapping: Readonly<Record<string, string | null>>): string {
  const text = stripBom(input);
  if (fields.every((f) => mapping[f.name] === f.name)) return text;
  return text
    .split('\n')
    .map((raw) => {
      const s = raw.trim();
      if (!s.startsWith('{')) return raw;
      let v: unknown;
      try {
        v = JSON.parse(s);
      } catch {
        return raw;
      }
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return raw;
      const from = v as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const f of fields) {
        const c = mapping[f.name];
        if (c != null && Object.prototype.hasOwnProperty.call(from, c)) out[f.name] = from[c];
      }
      return JSON.stringify(out);
    })
    .join('\n');
}
