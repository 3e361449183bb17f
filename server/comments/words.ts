/**
 * The sensitive-word check of comments (敏感词, docs/decisions.md 559, 666): an application's list compiled
 * once into an Aho-Corasick automaton (modern-ahocorasick) and kept in the process until the list is
 * saved again, so that a 1,000-character comment is scanned in one pass whatever the list's size. A
 * comment reads one row (the list's version in `sensitive_word_versions`, raised by every save, so that
 * every process sees a save), never the list itself. Matching ignores case.
 */
import AhoCorasick from 'modern-ahocorasick';
import type { Db } from '../db/index.js';
import { SENSITIVE_WORD_LENGTH } from '../../common/comments.js';

/** Compiled lists by application, with the version of the list they were compiled from. */
const compiled = new Map<number, { version: number; matcher: AhoCorasick | null }>();

/** How many lists this process compiled (read by the tests: one per application and save, not per comment). */
export const matcherBuilds = { count: 0 };

/** The words of an application's list, sorted. */
export async function wordsOf(db: Db, applicationId: number): Promise<string[]> {
  const rows = await db.selectFrom('sensitive_words').select('word').where('application_id', '=', applicationId).orderBy('word').execute();
  return rows.map((r) => r.word);
}

/** The words of `text` found in `words` (lower-cased, each once, in list order of first hit). */
export function findWords(matcher: AhoCorasick | null, text: string): string[] {
  if (!matcher) return [];
  const hits = new Set<string>();
  for (const m of matcher.iterate(text.toLowerCase())) hits.add(m.pattern);
  return [...hits];
}

/** Builds the matcher of a list (null for an empty one). */
export function compileWords(words: readonly string[]): AhoCorasick | null {
  matcherBuilds.count++;
  const list = [...new Set(words.map((w) => w.toLowerCase()).filter(Boolean))];
  return list.length ? new AhoCorasick(list) : null;
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
