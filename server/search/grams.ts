/**
 * The terms of the search index (decision 260): Chinese has no spaces, so a text is cut into
 * character bigrams. A text is normalised (NFKC, lower case) and split into runs of letters and digits
 * (any script); each run of n ≥ 2 characters gives its n−1 bigrams in order and then its last character
 * alone (so a one-character query, a prefix of these terms, also finds a run's last character); a run of
 * one character gives that character.
 *
 * A query term is cut the same way; each run of ≥ 2 characters becomes a phrase of its bigrams (the
 * bigrams at consecutive positions), which matches exactly the texts holding the run as a substring; a
 * run of one character becomes a prefix query. So any substring of two or more characters of an
 * indexed text finds it, with the index alone and no scan.
 */

/** Bump when the way a text is cut changes: the server rebuilds the index on its next start. */
export const GRAMS_VERSION = 1;

/** Characters of a field that are indexed (a title, keywords, authors: never more in practice). */
export const MAX_INDEXED_CHARS = 400;

const RUN = /[\p{L}\p{N}]+/gu;

/** The normalised runs of letters and digits of a text, each as an array of characters. */
export function runsOf(text: string): string[][] {
  return (text.normalize('NFKC').toLowerCase().match(RUN) ?? []).map((r) => [...r]);
}

/**
 * The index terms of a text in order, at most {@link MAX_INDEXED_CHARS} characters of it read.
 * `gramsOf('控制器 C8051')` → ['控制', '制器', '器', 'c8', '80', '05', '51', '1'].
 */
export function gramsOf(text: string): string[] {
  const out: string[] = [];
  for (const run of runsOf([...text].slice(0, MAX_INDEXED_CHARS).join(''))) {
    for (let i = 0; i + 1 < run.length; i++) out.push(run[i] + run[i + 1]);
    out.push(run[run.length - 1]);
  }
  return out;
}

/** One part of a query term: a phrase of consecutive bigrams, or a one-character prefix. */
export type QueryPart = { phrase: string[] } | { prefix: string };

/**
 * The parts of one query term, all of which must match (`'控制器'` → the phrase ['控制', '制器']).
 * A one-character run is a prefix when it ends the term (`'x'` → any bigram starting with x: the text
 * may go on), and otherwise the character ending a run, as the index writes it (`'T-C'` → the term
 * 't' and a prefix 'c'; `'C++编程'` → 'c' and ['编程']): a prefix there would match every word
 * holding a t (decision 364). Empty when the term holds no letter or digit (e.g. '%%'): such a term
 * matches nothing.
 */
export function queryParts(term: string): QueryPart[] {
  const runs = runsOf(term);
  return runs.map((run, i) => {
    if (run.length > 1) return { phrase: run.slice(1).map((c, j) => run[j] + c) };
    return i < runs.length - 1 ? { phrase: run } : { prefix: run[0] };
  });
}
