/**
 * Shapes shared by the importers (docs/architecture.md §Resources and topics: "an import command loads real catalogues").
 * Each kind of file has a pure parser `(text, fileName) => ParseResult`; the runner (run.ts) reads the
 * files, calls the parsers, removes repeated keys and writes everything in one transaction.
 */
import crypto from 'node:crypto';
import type { ResourceInput } from '../resources/store.js';

/** A resource parsed from a file, with the (1-based) line it starts on. */
export interface ImportItem extends ResourceInput {
  line: number;
}

/** A row that was not imported: its line (1-based, as an editor shows it) and why, in Chinese. */
export interface SkippedRow {
  line: number;
  reason: string;
}

/**
 * What a parser returns: the items in file order, the rows it skipped, and `read`, the number of data
 * rows it saw (blank lines and the header excluded; broken rows included), so that
 * `read = items.length + skipped.length`.
 */
export interface ParseResult {
  items: ImportItem[];
  skipped: SkippedRow[];
  read: number;
}

/**
 * Thrown by a parser when a whole file is unusable (no recognisable header, wrong kind of file).
 * The message is Chinese and names what was expected; nothing of the import is written.
 */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

/**
 * A file-level failure (cannot read, not UTF-8, no recognisable header, unknown kind): nothing was
 * written. Its message is shown to the user: it names a file by the name the user knows (the uploaded
 * file's original name in the console), never by its path on the server (docs/decisions.md 414).
 */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

/** Title normalised for identity: Unicode NFKC (full-width → half-width), lower case, one space. */
export function normaliseTitle(title: string): string {
  return title.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A stable short key from the normalised title (32 hex digits of SHA-256). */
export function titleKey(title: string): string {
  return crypto.createHash('sha256').update(normaliseTitle(title)).digest('hex').slice(0, 32);
}

/** Text of a cell, trimmed; empty strings become null. */
export function cell(v: string | undefined): string | null {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
}

/** Removes a leading UTF-8 byte order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Checks that `s` is a real calendar day written yyyy-MM-dd. */
export function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/**
 * A field of an import kind that one column of the file fills (the console's column
 * mapping): `name` is the column name the importer knows (the command line reads
 * columns by it), `aliases` other names it also takes, `required` whether a row cannot be read without it.
 */
export interface MappingField {
  name: string;
  /** what the console calls it (Chinese) */
  label: string;
  required: boolean;
  aliases?: readonly string[];
}

/**
 * A chosen column mapping: field name → the file's column (its header text, or a JSON-lines key) it is
 * read from, or null for 不导入 (optional fields only). A field left out is found by its name as before.
 */
export type ColumnMapping = Record<string, string | null>;
