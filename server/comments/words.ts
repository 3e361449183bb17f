/**
 * The sensitive-word check of comments (敏感词, docs/decisions.md 559, 666, 694): an application's list compiled
 * once into an Aho-Corasick automaton (modern-ahocorasick) and kept in the process until the list is
 * saved again, so that a 1,000-character comment is scanned in one pass whatever the list's size. A
 * comment reads one row (the list's version in `sensitive_word_versions`, raised by every save, so that
 * every process sees a save), never the list itself. Matching ignores case.
 *
 * The library matches whole grapheme clusters, and cuts every text into them with Intl.Segmenter: three
 * quarters of a scan of 1,000 Chinese characters (bench/moderation.ts). A text of characters that never
 * join a neighbour in a cluster ({@link SIMPLE}: CJK, Latin, punctuation; no marks, joiners, variation
 * selectors, surrogates, CR or Hangul jamo) has one cluster per UTF-16 unit, so it is scanned here over
 * the library's own compiled automaton (its versioned `serialize()` tables, in typed arrays, one lookup
 * per unit): the same states, hence the same words in the same order. Any other text, or a format of the
 * tables this code does not know, is scanned by the library itself.
 */
import AhoCorasick from 'modern-ahocorasick';
import type { Db } from '../db/index.js';
import { SENSITIVE_WORD_LENGTH } from '../../common/comments.js';

/** A compiled list: the library's matcher, and its tables for the scan of simple texts (null when unknown). */
export interface WordMatcher {
  ac: AhoCorasick;
  tables: UnitTables | null;
}

/** The automaton over UTF-16 units: per state its sorted edges, failure and output links, its words. */
interface UnitTables {
  /** symbol of a UTF-16 unit (-1: no word has it) */
  unitSymbol: Int32Array;
  /** the state entered from the root by a symbol */
  roots: Uint32Array;
  edges: Uint32Array;
  labels: Uint32Array;
  targets: Uint32Array;
  failures: Uint32Array;
  outputs: Int32Array;
  terminals: Uint32Array;
  patterns: Uint32Array;
  words: string[];
}

/**
 * Characters that are one grapheme cluster each whatever stands beside them: \n, \t, printable ASCII,
 * Latin-1 to spacing modifiers, Greek, Cyrillic letters, general punctuation, letter-like symbols to
 * dingbats, CJK punctuation (less its tone marks), kana (less the combining voicing marks), CJK
 * ideographs and full-width forms (less the half-width voicing marks). A text of these alone is scanned
 * by unit.
 */
const SIMPLE =
  /^[\n\t\x20-\x7e\u00a0-\u02ff\u0370-\u0482\u2010-\u2027\u2030-\u205e\u2100-\u27bf\u3000-\u3029\u3030-\u3098\u309b-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff9d]*$/;

/** Compiled lists by application, with the version of the list they were compiled from. */
const compiled = new Map<number, { version: number; matcher: WordMatcher | null }>();

/** How many lists this process compiled (read by the tests: one per application and save, not per comment). */
export const matcherBuilds = { count: 0 };

/** The words of an application's list, sorted. */
export async function wordsOf(db: Db, applicationId: number): Promise<string[]> {
  const rows = await db.selectFrom('sensitive_words').select('word').where('application_id', '=', applicationId).orderBy('word').execute();
  return rows.map((r) => r.word);
}

/** The words of `text` found in `words` (lower-cased, each once, in the order of their first hit's end, longer first). */
export function findWords(matcher: WordMatcher | null, text: string): string[] {
  if (!matcher) return [];
  const lower = text.toLowerCase();
  if (matcher.tables && SIMPLE.test(lower)) return scanUnits(matcher.tables, lower);
  const hits = new Set<string>();
  for (const m of matcher.ac.iterate(lower)) hits.add(m.pattern);
  return [...hits];
}

/**
 * The library's scan with strategy `all` (matches by end, then longer first), over a text whose every
 * UTF-16 unit is a cluster: each unit moves the automaton as the library's advance does (edges by binary
 * search, failure links, the root's table), and each state reports its words and those of its output
 * links, longest first.
 */
function scanUnits(t: UnitTables, text: string): string[] {
  const seen = new Uint8Array(t.words.length);
  const out: string[] = [];
  let state = 0;
  for (let i = 0; i < text.length; i++) {
    const symbol = t.unitSymbol[text.charCodeAt(i)];
    if (symbol < 0) {
      state = 0;
      continue;
    }
    let next = -1;
    while (state !== 0) {
      let low = t.edges[state];
      let high = t.edges[state + 1] - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const label = t.labels[middle];
        if (label === symbol) {
          next = t.targets[middle];
          break;
        }
        if (label < symbol) low = middle + 1;
        else high = middle - 1;
      }
      if (next >= 0) break;
      state = t.failures[state];
    }
    state = next >= 0 ? next : t.roots[symbol];
    for (let o = state; o !== -1; o = t.outputs[o]) {
      for (let k = t.terminals[o]; k < t.terminals[o + 1]; k++) {
        const p = t.patterns[k];
        if (!seen[p]) {
          seen[p] = 1;
          out.push(t.words[p]);
        }
      }
    }
  }
  return out;
}

/** The library's serialized tables (format modern-ahocorasick, version 1), as the scan by unit reads them; null for another format. */
function unitTables(ac: AhoCorasick): UnitTables | null {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(ac.serialize()) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (raw.format !== 'modern-ahocorasick' || raw.version !== 1 || raw.segmentation !== 'Intl.Segmenter:grapheme') return null;
  const symbols = raw.symbols as string[];
  const patterns = raw.patterns as Array<{ pattern: string }>;
  const failures = Uint32Array.from(raw.failures as number[]);
  const edges = Uint32Array.from(raw.edges as number[]);
  const labels = Uint32Array.from(raw.labels as number[]);
  const targets = Uint32Array.from(raw.targets as number[]);
  // the library rebuilds its root table on loading: the state that each symbol leads to from the root
  const roots = new Uint32Array(symbols.length);
  for (let e = edges[0]; e < edges[1]; e++) roots[labels[e]] = targets[e];
  const unitSymbol = new Int32Array(65536).fill(-1);
  // a symbol of more than one unit (a cluster) never occurs in a simple text
  symbols.forEach((s, i) => {
    if (s.length === 1) unitSymbol[s.charCodeAt(0)] = i;
  });
  return {
    unitSymbol,
    roots,
    edges,
    labels,
    targets,
    failures,
    outputs: Int32Array.from(raw.outputs as number[]),
    terminals: Uint32Array.from(raw.terminals as number[]),
    patterns: Uint32Array.from(raw.patternIndices as number[]),
    words: patterns.map((p) => p.pattern),
  };
}

/** Builds the matcher of a list (null for an empty one). */
export function compileWords(words: readonly string[]): WordMatcher | null {
  matcherBuilds.count++;
  const list = [...new Set(words.map((w) => w.toLowerCase()).filter(Boolean))];
  if (!list.length) return null;
  const ac = new AhoCorasick(list);
  return { ac, tables: unitTables(ac) };
}

/** The version of the application's list (0 before its first save); raised by {@link bumpWordsVersion}. */
async function wordsVersion(db: Db, applicationId: number): Promise<number> {
  const row = await db.selectFrom('sensitive_word_versions').select('version').where('application_id', '=', applicationId).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Raises the version of the application's list: call it in the transaction that saves the list. */
export async function bumpWordsVersion(db: Db, applicationId: number): Promise<void> {
  await db
    .insertInto('sensitive_word_versions')
    .values({ application_id: applicationId, version: 1 })
    .onConflict((oc) => oc.column('application_id').doUpdateSet((eb) => ({ version: eb('sensitive_word_versions.version', '+', 1) })))
    .execute();
}

/**
 * The sensitive words of the application found in `text`. The compiled list is reused while its version
 * is the stored one; after a save (in this process or another) the list is read and compiled once again.
 */
export async function sensitiveHits(db: Db, applicationId: number, text: string): Promise<string[]> {
  const version = await wordsVersion(db, applicationId);
  let entry = compiled.get(applicationId);
  if (!entry || entry.version !== version) {
    // read after the version: a save between the two reads leaves a newer list under the older version,
    // compiled once more on the next comment (never an older list kept)
    entry = { version, matcher: compileWords(await wordsOf(db, applicationId)) };
    compiled.set(applicationId, entry);
  }
  return findWords(entry.matcher, text);
}

/**
 * A list as typed or imported (one word a line): trimmed, empty lines and repeats dropped, lower-cased
 * repeats kept once. Words longer than SENSITIVE_WORD_LENGTH are the caller's 400.
 */
export function parseWordList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const w = line.trim();
    if (!w || seen.has(w.toLowerCase())) continue;
    seen.add(w.toLowerCase());
    out.push(w.slice(0, SENSITIVE_WORD_LENGTH + 1));
  }
  return out;
}
