/**
 * The sensitive-word check of comments (敏感词, docs/decisions.md 559): an application's list compiled
 * once into an Aho-Corasick automaton (modern-ahocorasick) and kept until the list changes, so that a
 * 1,000-character comment is scanned in one pass whatever the list's size. Matching ignores case.
 */
import AhoCorasick from 'modern-ahocorasick';
import type { Db } from '../db/index.js';
import { SENSITIVE_WORD_LENGTH } from '../../common/comments.js';

/** Compiled lists by application, with the list they were compiled from. */
const compiled = new Map<number, { key: string; matcher: AhoCorasick | null }>();

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
  const list = [...new Set(words.map((w) => w.toLowerCase()).filter(Boolean))];
  return list.length ? new AhoCorasick(list) : null;
}

/** The sensitive words of the application found in `text` (the compiled list is reused until it changes). */
export async function sensitiveHits(db: Db, applicationId: number, text: string): Promise<string[]> {
  const words = await wordsOf(db, applicationId);
  const key = words.join('\n');
  let entry = compiled.get(applicationId);
  if (!entry || entry.key !== key) {
    entry = { key, matcher: compileWords(words) };
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
