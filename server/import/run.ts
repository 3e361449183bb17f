/**
 * The import runner (docs/architecture.md §Resources and topics; README 'Importing real catalogues'): reads every file,
 * parses it with the parser of its kind, removes repeated keys, then writes everything in ONE
 * transaction, so that a file that cannot be read writes nothing at all; or, for the console's import
 * task on SQLite, staged: in short transactions, invisible until published (staged.ts, decision 410).
 * Used by the `atrium import` command (command.ts), the task runner, the tests and the benchmarks.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ResourceType } from '../../common/constants.js';
import { IMPORT_KINDS, type ImportKind, type ImportPreview } from '../../common/contracts/tasks.js';
import { sql } from 'kysely';
import { isPostgres } from '../db/dialect.js';
import type { Db } from '../db/index.js';
import { ensureTopic, refreshTopicTypeCounts, upsertResources, type ResourceInput, type UpsertResult } from '../resources/store.js';
import { writeStaged, type StagedOptions } from './staged.js';
import { ImportError, ImportFileError, stripBom, type ColumnMapping, type ImportItem, type MappingField, type ParseResult } from './types.js';
import { jsonlKeys, readHeader, readTable, remapJsonl, remapTable, resolveMapping, type ResolvedMapping, type TableOptions } from './table.js';
import { MSG } from '../../common/messages.js';
import { readImportFile, readImportHead } from './read.js';
import { parseArticles } from './articles.js';
import { parseCategoryNames, parseConferences } from './conferences.js';
import { parseInstitutions } from './institutions.js';
import { assignScholarKeys, linkScholarInstitutions, mergeScholar, parseCountryInfo, parseFellows, parseScholars, type ScholarOptions } from './scholars.js';
import { linkStoredScholars } from './scholars.js';
import { mergeJournal, parseJournals } from './journals.js';
import { parseJsonl } from './jsonl.js';
import { bibtexParser, citationDuplicate, risParser } from './citations.js';
import { resourceTypeOf } from '../../common/resourceTypes.js';

/** The topic imported resources are linked to when no `--topic` is given. */
export const DEFAULT_TOPIC = '综合资源';

export { IMPORT_KINDS, type ImportKind };

/** Chinese names of the kinds, for messages. */
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  articles: '论文',
  conferences: '学术会议',
  institutions: '机构',
  scholars: '学者',
  journals: '期刊',
  jsonl: 'JSON 行',
  bibtex: 'BibTeX 参考文献',
  ris: 'RIS 参考文献',
};

export { ImportError };
export { readImportFile };

/** A skipped row in the summary: the file's base name, the line, the reason. */
export interface SkippedEntry {
  file: string;
  line: number;
  reason: string;
}

export interface ImportSummary {
  kind: ImportKind;
  files: string[];
  topic: string;
  topicId: number;
  /** data rows read (headers and blank lines excluded) */
  read: number;
  /** resources created */
  inserted: number;
  /** resources that existed (same type and key) and were updated */
  updated: number;
  /** rows not imported, in file order */
  skipped: SkippedEntry[];
  /** resources of another type written along (scholars: their institutions) */
  related: { label: string; inserted: number; updated: number } | null;
  seconds: number;
}

export interface ImportProgress {
  /** reading and parsing the files; writing the rows; publishing them (a staged import, decision 410) */
  phase: 'parse' | 'write' | 'publish';
  done: number;
  total: number;
}

export interface ImportOptions {
  /** topic to link every resource to (created if missing); default DEFAULT_TOPIC */
  topic?: string;
  /**
   * the console's column mapping (field → column; see resolveImportMapping): each file is read with
   * it; a file it does not fit (a column missing, a required field without one) fails the import
   */
  mapping?: ColumnMapping;
  /**
   * how messages and the summary's skipped rows name each file, in the order of `files` (the console:
   * the uploaded file's original name; decision 414); default the base name, or the path as given where
   * two files share a base name
   */
  names?: string[];
  /**
   * write in short transactions, invisible until published (server/import/staged.ts; decision 410), as
   * the console's import task does on SQLite; default one transaction. A cancel is `checkpoint`
   * throwing, or `onProgress` throwing before the phase 'publish'.
   */
  staged?: Omit<StagedOptions, 'onProgress'>;
  /** called as the import goes; what it throws (a cancel) stops the import, which then writes nothing */
  onProgress?: (p: ImportProgress) => void;
}

type Parser = (text: string, fileName: string) => ParseResult;

interface KindSpec {
  /** a parser bound to the optional files found beside `file` */
  parserFor(file: string): Promise<Parser>;
  /** runs over the items of all files before repeated keys are removed */
  prepare?(items: ImportItem[]): void;
  /** the reason shown for an item repeating an earlier key (may merge it into the kept one) */
  duplicate?(kept: ImportItem, dup: ImportItem, where: string): string;
  /** inside the transaction, before the items are written */
  beforeWrite?(
    db: Db,
    items: ImportItem[],
    topicId: number,
    write?: (list: ResourceInput[]) => Promise<UpsertResult>,
  ): Promise<{ label: string; inserted: number; updated: number }>;
  /** inside the transaction, after the items are written (scholars and institutions: link them) */
  afterWrite?(db: Db, items: ImportItem[]): Promise<void>;
}

/**
 * Scholars link to institutions whichever was imported first (scholars.ts linkStoredScholars): after
 * items of a type that is a member of another or has members (the registry's memberOf, members).
 */
const linkScholars = async (db: Db, items: ImportItem[]) => {
  if (items.some((it) => resourceTypeOf(it.type)?.memberOf || resourceTypeOf(it.type)?.members)) await linkStoredScholars(db);
};

async function readOptional(file: string): Promise<string | null> {
  try {
    return stripBom(await fs.readFile(file, 'utf8'));
  } catch {
    return null;
  }
}

function memo<T>(load: (dir: string) => Promise<T>): (dir: string) => Promise<T> {
  const cache = new Map<string, Promise<T>>();
  return (dir) => {
    let p = cache.get(dir);
    if (!p) cache.set(dir, (p = load(dir)));
    return p;
  };
}

const KINDS: Record<ImportKind, KindSpec> = {
  articles: {
    parserFor: async () => parseArticles,
    duplicate: (kept, _dup, where) => `标题与${where}相同（同一篇论文），已跳过`,
  },
  conferences: {
    parserFor: (() => {
      const names = memo(async (dir) => {
        const yaml = (await readOptional(path.join(dir, 'conference', 'types.yml'))) ?? (await readOptional(path.join(dir, 'types.yml')));
        return yaml ? parseCategoryNames(yaml) : {};
      });
      return async (file: string) => {
        const categoryNames = await names(path.dirname(file));
        return (text: string, name: string) => parseConferences(text, name, { categoryNames });
      };
    })(),
  },
  institutions: {
    parserFor: async () => parseInstitutions,
    duplicate: (kept, _dup, where) => `学校标识码 ${kept.sourceKey} 与${where}重复，已跳过`,
    afterWrite: linkScholars,
  },
  scholars: {
    parserFor: (() => {
      const sidecars = memo(async (dir): Promise<ScholarOptions> => {
        const out: ScholarOptions = {};
        const countries = await readOptional(path.join(dir, 'country-info.csv'));
        const fellows = await readOptional(path.join(dir, 'acm-fellows.csv'));
        try {
          if (countries) out.countries = parseCountryInfo(countries);
        } catch {
          /* optional file: ignored when unusable */
        }
        try {
          if (fellows) out.fellows = parseFellows(fellows);
        } catch {
          /* optional file: ignored when unusable */
        }
        return out;
      });
      return async (file: string) => {
        const options = await sidecars(path.dirname(file));
        return (text: string, name: string) => parseScholars(text, name, options);
      };
    })(),
    prepare: assignScholarKeys,
    duplicate: mergeScholar,
    beforeWrite: async (db, items, topicId, write) => ({ label: '机构', ...(await linkScholarInstitutions(db, items, topicId, write)) }),
    afterWrite: linkScholars,
  },
  journals: {
    parserFor: async () => parseJournals,
    duplicate: mergeJournal,
  },
  jsonl: {
    parserFor: async () => parseJsonl,
    afterWrite: linkScholars,
  },
  // reference files, read with citation-js (decision 274)
  bibtex: {
    parserFor: bibtexParser,
    duplicate: citationDuplicate,
  },
  ris: {
    parserFor: risParser,
    duplicate: citationDuplicate,
  },
};

/**
 * How the columns of a kind can be chosen in the console:
 * `table`, the CSV/TSV kinds (each field read from a header column: the file's header is rewritten
 * before the importer reads it, so the importers and the command line are unchanged); `jsonl`, the
 * object keys; `fixed`, BibTeX and RIS, whose tags are the format's own (shown, not chosen); `none`,
 * the journal lists, whose header tells which of four formats a file is.
 */
export type MappingSpec =
  | { shape: 'table'; table: TableOptions; fields: MappingField[] }
  | { shape: 'jsonl'; fields: MappingField[] }
  | { shape: 'fixed'; fields: Array<{ name: string; column: string }> }
  | { shape: 'none' };

/** The fields of `kind`: the required ones, then the optional ones, labelled from MSG.importMappingLabels. */
function mappingFields(kind: ImportKind, required: string[], optional: string[], aliases: Record<string, string[]> = {}): MappingField[] {
  const label = (n: string) => MSG.importMappingLabels[kind]?.[n] ?? n;
  return [
    ...required.map((name) => ({ name, label: label(name), required: true, aliases: aliases[name] })),
    ...optional.map((name) => ({ name, label: label(name), required: false, aliases: aliases[name] })),
  ];
}

/** The tags BibTeX and RIS entries are read from (by citation-js; decision 274), field → tags. */
const CITATION_TAGS = {
  bibtex: {
    title: 'title',
    author: 'author',
    date: 'year, month / date',
    journal: 'journal / booktitle',
    volume: 'volume',
    issue: 'number',
    pages: 'pages',
    abstract: 'abstract',
    keywords: 'keywords',
    doi: 'doi',
    url: 'url',
    publisher: 'publisher',
  },
  ris: {
    title: 'TI / T1',
    author: 'AU / A1',
    date: 'PY / DA / Y1',
    journal: 'JO / JF / T2',
    volume: 'VL',
    issue: 'IS',
    pages: 'SP / EP',
    abstract: 'AB',
    keywords: 'KW',
    doi: 'DO',
    url: 'UR',
    publisher: 'PB',
  },
} as const;

const CSV: TableOptions = { delimiter: ',', quote: true };
/** Every kind's mapping; the table fields are the columns each importer reads (see its parser). */
export const MAPPINGS: Record<ImportKind, MappingSpec> = {
  articles: {
    shape: 'table',
    table: { delimiter: '\t', quote: false },
    fields: mappingFields('articles', ['title'], ['abstract', 'keywords', 'category', 'discipline', 'publish_year'], { publish_year: ['year'] }),
  },
  conferences: {
    shape: 'table',
    table: CSV,
    fields: mappingFields(
      'conferences',
      ['id', 'title', 'year', 'date', 'place'],
      ['description', 'sub', 'rank_ccf', 'rank_core', 'rank_thcpl', 'dblp', 'link', 'deadline', 'abstract_deadline', 'timezone', 'file'],
    ),
  },
  institutions: {
    shape: 'table',
    table: CSV,
    fields: mappingFields('institutions', ['学校名称', '学校标识码'], ['主管部门', '所在地', '办学层次', '备注', '省份']),
  },
  scholars: { shape: 'table', table: CSV, fields: mappingFields('scholars', ['name', 'affiliation'], ['homepage', 'scholarid']) },
  journals: { shape: 'none' },
  jsonl: { shape: 'jsonl', fields: mappingFields('jsonl', ['type', 'title'], ['date', 'key', 'fields', 'category', 'search']) },
  bibtex: { shape: 'fixed', fields: Object.entries(CITATION_TAGS.bibtex).map(([name, column]) => ({ name, column })) },
  ris: { shape: 'fixed', fields: Object.entries(CITATION_TAGS.ris).map(([name, column]) => ({ name, column })) },
};

/** A column mapping the file does not fit: the Chinese summary and, per `mapping.<field>`, what is wrong. */
export class MappingError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
    this.name = 'MappingError';
  }
}

/** The columns of a text an adjustable kind can read fields from: the header's cells, or the JSON objects' keys. */
function columnsOf(spec: MappingSpec, text: string): string[] {
  if (spec.shape === 'jsonl') return jsonlKeys(text);
  if (spec.shape !== 'table') return [];
  const h = readHeader(text, spec.table);
  if (!h) throw new ImportError(MSG.importFileNoHeader);
  return h.header;
}

/**
 * Resolves the mapping asked for `kind` against a file's text (see resolveMapping in table.ts): every
 * field's column and the file's columns. Throws MappingError for a kind whose columns cannot be chosen,
 * an unknown field or column, a column chosen twice; with `strict`, also for a required field without a
 * column (a preview shows that instead, so the manager can choose one). ImportError when the text has
 * no header.
 */
export function resolveImportMapping(kind: ImportKind, text: string, requested: ColumnMapping = {}, strict = true): ResolvedMapping & { columns: string[] } {
  const spec = MAPPINGS[kind];
  if (spec.shape !== 'table' && spec.shape !== 'jsonl') {
    if (Object.keys(requested).length) throw new MappingError(MSG.importMappingNotAdjustable, { mapping: MSG.importMappingNotAdjustable });
    return { mapping: {}, missing: [], errors: {}, columns: [] };
  }
  const columns = columnsOf(spec, text);
  const r = resolveMapping(spec.fields, columns, requested);
  const labelOf = (name: string) => spec.fields.find((f) => f.name === name)?.label ?? name;
  const errors = { ...r.errors };
  if (strict) for (const name of r.missing) errors[`mapping.${name}`] = MSG.importMappingRequired(labelOf(name));
  const keys = Object.keys(errors);
  if (keys.length) {
    const message = keys.every((k) => r.missing.includes(k.slice('mapping.'.length))) ? MSG.importMappingMissing(r.missing.map(labelOf)) : errors[keys[0]];
    throw new MappingError(message, errors);
  }
  return { ...r, columns };
}

/** The text as the importer of `kind` should read it under a resolved mapping (the header or keys renamed). */
export function applyMapping(kind: ImportKind, text: string, mapping: Readonly<Record<string, string | null>>): string {
  const spec = MAPPINGS[kind];
  if (spec.shape === 'table') return remapTable(text, spec.table, spec.fields, mapping);
  if (spec.shape === 'jsonl') return remapJsonl(text, spec.fields, mapping);
  return text;
}

/**
 * The parser of an import kind for a file (the monitors' file drops read with it, server/monitors);
 * throws ImportError for a kind that is not one of IMPORT_KINDS.
 */
export async function parserOfKind(kind: string, file: string): Promise<Parser> {
  if (!isImportKind(kind)) throw new ImportError(MSG.importKindUnsupported(kind, IMPORT_KINDS));
  return KINDS[kind].parserFor(file);
}

/** True when `kind` is one of IMPORT_KINDS. */
export function isImportKind(kind: string): kind is ImportKind {
  return (IMPORT_KINDS as readonly string[]).includes(kind);
}

const WRITE_CHUNK = 2000;

/**
 * Imports files of one kind into the database and returns the summary (see ImportSummary).
 * Every file is read and parsed first; if any cannot be read or has no recognisable header, throws
 * ImportError naming each such file (as `options.names` names it) and writes nothing. Then, in one
 * transaction (or staged with `options.staged`: staged.ts, decision 410): the topic
 * (`options.topic`, default DEFAULT_TOPIC, created if missing), resources written along (scholars'
 * institutions), and every item, inserted or updated by (type, sourceKey), linked to the topic and its
 * two-level category. A key repeated within the import keeps its first row; the others are reported
 * as skipped. Malformed rows are skipped and reported with their line numbers; the rest is imported.
 */
export async function importFiles(db: Db, kind: string, files: string[], options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  if (!isImportKind(kind)) throw new ImportError(MSG.importKindUnsupported(kind, IMPORT_KINDS));
  if (files.length === 0) throw new ImportError(MSG.importNoFiles);
  const spec = KINDS[kind];
  const topic = (options.topic ?? DEFAULT_TOPIC).trim();
  if (!topic) throw new ImportError(MSG.importTopicEmpty);
  const progress = options.onProgress ?? (() => {});

  // 1. read and parse everything; collect every file-level failure
  const failures: string[] = [];
  const parsed: { file: string; name: string; result: ParseResult }[] = [];
  const names = files.map((f, i) => options.names?.[i] ?? path.basename(f));
  const nameOf = (i: number) => options.names?.[i] ?? (names.filter((n) => n === names[i]).length > 1 ? files[i] : names[i]);
  for (let i = 0; i < files.length; i++) {
    progress({ phase: 'parse', done: i, total: files.length });
    try {
      let text = await readImportFile(files[i], options.names?.[i]);
      if (options.mapping) text = applyMapping(kind, text, resolveImportMapping(kind, text, options.mapping).mapping);
      const parse = await spec.parserFor(files[i]);
      parsed.push({ file: files[i], name: nameOf(i), result: parse(text, files[i]) });
    } catch (err) {
      if (err instanceof ImportError) failures.push(err.message);
      else if (err instanceof MappingError) failures.push(`${names[i]}：${Object.values(err.fields).join('；')}`);
      else if (err instanceof ImportFileError) failures.push(`${options.names?.[i] ?? files[i]}：${err.message}`);
      else throw err;
    }
  }
  progress({ phase: 'parse', done: files.length, total: files.length });
  if (failures.length) throw new ImportError(MSG.importFailedNothingWritten(failures));

  // 2. one item per key: the first row wins
  const fileOfItem = new Map<ImportItem, string>();
  const all: ImportItem[] = [];
  const skipped: SkippedEntry[] = [];
  let read = 0;
  for (const p of parsed) {
    read += p.result.read;
    for (const it of p.result.items) {
      fileOfItem.set(it, p.name);
      all.push(it);
    }
    for (const s of p.result.skipped) skipped.push({ file: p.name, ...s });
  }
  spec.prepare?.(all);
  const kept = new Map<string, ImportItem>();
  const items: ImportItem[] = [];
  const single = parsed.length === 1;
  for (const it of all) {
    const key = `${it.type}\u0000${it.sourceKey}`;
    const first = kept.get(key);
    if (!first) {
      kept.set(key, it);
      items.push(it);
      continue;
    }
    const where = single ? `第 ${first.line} 行` : ` ${fileOfItem.get(first)} 第 ${first.line} 行`;
    const reason = spec.duplicate ? spec.duplicate(first, it, where) : `与${where}的标识（${it.sourceKey.slice(0, 60)}）重复，已跳过`;
    skipped.push({ file: fileOfItem.get(it)!, line: it.line, reason });
  }
  const order = new Map(parsed.map((p, i) => [p.name, i]));
  skipped.sort((a, b) => order.get(a.file)! - order.get(b.file)! || a.line - b.line);

  // 3. write everything in one transaction, or staged (decision 410)
  let inserted = 0;
  let updated = 0;
  let related: ImportSummary['related'] = null;
  let topicId = 0;
  if (options.staged) {
    const written = await writeStaged(
      db,
      topic,
      items.map(({ line: _line, ...it }) => it),
      {
        beforeWrite: spec.beforeWrite && ((write, id) => spec.beforeWrite!(db, items, id, write)),
        afterWrite: spec.afterWrite && ((tx) => spec.afterWrite!(tx, items)),
      },
      { ...options.staged, onProgress: progress },
    );
    ({ inserted, updated, related, topicId } = written);
  } else
    await db.transaction().execute(async (tx) => {
      topicId = await ensureTopic(tx, topic);
      if (spec.beforeWrite) related = await spec.beforeWrite(tx, items, topicId);
      progress({ phase: 'write', done: 0, total: items.length });
      for (let start = 0; start < items.length; start += WRITE_CHUNK) {
        const chunk = items.slice(start, start + WRITE_CHUNK).map(({ line: _line, ...it }) => ({ ...it, topicId }));
        const r = await upsertResources(tx, chunk, { refreshCounts: false });
        inserted += r.inserted;
        updated += r.updated;
        progress({ phase: 'write', done: Math.min(start + WRITE_CHUNK, items.length), total: items.length });
      }
      if (spec.afterWrite) await spec.afterWrite(tx, items);
      await refreshTopicTypeCounts(
        tx,
        items.map((it) => ({ type: it.type, topicId })),
      );
    });
  // PostgreSQL plans by its statistics: right after a large import they still describe the tables
  // before it, and a search would walk the topic's links instead of the bigram index; and a search reads
  // the links from an index alone only where the visibility map says so (decision 266)
  if (inserted >= 1000 && isPostgres(db)) await sql`vacuum (analyze) resources, resource_topics, resource_grams`.execute(db);
  return {
    kind,
    files,
    topic,
    topicId,
    read,
    inserted,
    updated,
    skipped,
    related,
    seconds: (performance.now() - started) / 1000,
  };
}

/** What a preview answers (its shape is the API's: common/contracts/tasks.ts). */
export type { ImportPreview };

/** The mapping part of a preview: the fields, the column each reads, the file's columns. */
function previewMapping(kind: ImportKind, r: ResolvedMapping & { columns: string[] }): ImportPreview['mapping'] {
  const spec = MAPPINGS[kind];
  if (spec.shape === 'fixed') {
    const labels = MSG.importMappingLabels[kind] ?? {};
    return {
      adjustable: false,
      columns: [],
      missing: [],
      fields: spec.fields.map((f) => ({ name: f.name, label: labels[f.name] ?? f.name, required: f.name === 'title', column: f.column })),
    };
  }
  if (spec.shape === 'none') return { adjustable: false, columns: [], missing: [], fields: [] };
  return {
    adjustable: true,
    columns: r.columns,
    missing: r.missing,
    fields: spec.fields.map((f) => ({ name: f.name, label: f.label, required: f.required, column: r.mapping[f.name] ?? null })),
  };
}

/** The first bytes a preview reads, and the most it reads to find `limit` records (decision 413). */
export const PREVIEW_BYTES = { first: 64 * 1024, most: 8 * 1024 * 1024 } as const;

/**
 * The text of whole records among the first lines of a file that was not read to its end: BibTeX up to
 * the last line opening an entry (`@type{`), RIS up to the last end of record (`ER  -`); a table or
 * JSON lines as read (whole lines; the last record, which a quoted cell may carry past the cut, is left
 * out after parsing).
 */
function wholeRecords(kind: ImportKind, text: string): string {
  if (kind === 'bibtex') {
    const last = text.lastIndexOf('\n@');
    return last > 0 ? text.slice(0, last + 1) : text;
  }
  if (kind === 'ris') {
    const m = [...text.matchAll(/^ER {2}-.*$/gm)].at(-1);
    return m ? text.slice(0, m.index + m[0].length + 1) : text;
  }
  return text;
}

/**
 * Parses the first records of a file as `kind` without writing anything (the console's import preview; decision 413): reads the file's first PREVIEW_BYTES.first bytes (doubled while fewer than
 * `limit` records were found, up to PREVIEW_BYTES.most), never the whole of a large file, so that a
 * 50 MB file previews in milliseconds and holds neither the event loop nor memory. Answers the rows
 * read and the resources found among them (`read`, `found`: of the part read, all of a small file), the
 * first `limit` resources (title, type, date, category path, which listing fields they carry), the
 * first 20 skipped rows, and the column mapping (each field's column, auto-detected or as `requested`,
 * and the file's columns). The rows are read with the mapping, so they show what would be stored. When
 * a required field has no column, nothing is parsed: `found` is 0 and `mapping.missing` names the
 * field. `name` names the file in messages (decision 414). Throws ImportError for an unknown kind or a
 * file that cannot be read as that kind, MappingError for a mapping that names an unknown field or column.
 */
export async function previewImport(kind: string, file: string, limit = 10, requested: ColumnMapping = {}, name = path.basename(file)): Promise<ImportPreview> {
  if (!isImportKind(kind)) throw new ImportError(MSG.importKindUnsupported(kind, IMPORT_KINDS));
  const spec = MAPPINGS[kind];
  for (let bytes: number = PREVIEW_BYTES.first; ; bytes *= 2) {
    let result: ParseResult;
    let resolved: ResolvedMapping & { columns: string[] };
    const head = await readImportHead(file, bytes, name);
    const text = head.complete ? head.text : wholeRecords(kind, head.text);
    try {
      resolved = resolveImportMapping(kind, text, requested, false);
      if (resolved.missing.length) {
        const rows = spec.shape === 'table' ? readTable(text, spec.table) : null;
        const read = rows ? rows.rows.length + rows.broken.length : text.split('\n').filter((l) => l.trim()).length;
        return { read, found: 0, items: [], skipped: [], mapping: previewMapping(kind, resolved) };
      }
      result = (await KINDS[kind].parserFor(file))(applyMapping(kind, text, resolved.mapping), name);
    } catch (err) {
      if (err instanceof ImportError || err instanceof MappingError) throw err;
      if (err instanceof ImportFileError) throw new ImportError(err.message);
      throw err;
    }
    if (!head.complete) {
      // the last record read may go on past the cut: it is left out
      const last = Math.max(0, ...result.items.map((it) => it.line), ...result.skipped.map((k) => k.line));
      const items = result.items.filter((it) => it.line < last);
      const skipped = result.skipped.filter((k) => k.line < last);
      if (items.length < limit && bytes < PREVIEW_BYTES.most) continue;
      result = { items, skipped, read: items.length + skipped.length };
    }
    return {
      read: result.read,
      found: result.items.length,
      items: result.items.slice(0, limit).map((it) => ({
        line: it.line,
        type: it.type,
        title: it.title,
        date: it.date ?? null,
        category: it.categoryOne ? `${it.categoryOne}${it.categoryTwo ? ` / ${it.categoryTwo}` : ''}` : null,
        fields: Object.entries(it.fields)
          .filter(([, v]) => v !== null && v !== '' && !(Array.isArray(v) && !v.length))
          .map(([k]) => k),
      })),
      skipped: result.skipped.slice(0, 20).map((k) => ({ line: k.line, reason: k.reason })),
      mapping: previewMapping(kind, resolved),
    };
  }
}

/** Resource types each kind writes (jsonl: any; bibtex, ris: article, book, report, patent, standard or news by entry). */
export const KIND_TYPES: Record<Exclude<ImportKind, 'jsonl' | 'bibtex' | 'ris'>, ResourceType> = {
  articles: 'article',
  conferences: 'conference',
  institutions: 'institution',
  scholars: 'scholar',
  journals: 'journal',
};

/**
 * The summary in Chinese, for the terminal: counts, then the skipped rows (at most `maxLines`, then how
 * many more).
 */
export function formatSummary(s: ImportSummary, maxLines = 20): string {
  const out: string[] = [];
  out.push(`导入完成（${IMPORT_KIND_LABELS[s.kind]}，专题“${s.topic}”，用时 ${s.seconds.toFixed(1)} 秒）：`);
  out.push(`  读取 ${s.read} 行，新增 ${s.inserted} 条，更新 ${s.updated} 条，跳过 ${s.skipped.length} 行。`);
  if (s.related && (s.related.inserted || s.related.updated)) {
    out.push(`  另写入${s.related.label}：新增 ${s.related.inserted} 个，更新 ${s.related.updated} 个。`);
  }
  if (s.skipped.length) {
    out.push('跳过的行：');
    const multi = s.files.length > 1;
    for (const k of s.skipped.slice(0, maxLines)) out.push(`  ${multi ? `${k.file} ` : ''}第 ${k.line} 行：${k.reason}`);
    if (s.skipped.length > maxLines) out.push(`  ……还有 ${s.skipped.length - maxLines} 行未列出。`);
  }
  return out.join('\n');
}
