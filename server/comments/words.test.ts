/**
 * The sensitive-word matcher (server/comments/words.ts, decision 694): the scan by UTF-16 unit of a
 * simple text finds exactly what the library's own scan finds, in the same order, and texts with
 * clusters of several units (marks, emoji, CR LF) keep the library's grapheme matching.
 */
import { describe, expect, it } from 'vitest';
import AhoCorasick from 'modern-ahocorasick';
import { compileWords, findWords } from './words.js';

/** What the library itself answers: each word once, in the order of its first match. */
function byLibrary(words: string[], text: string): string[] {
  const list = [...new Set(words.map((w) => w.toLowerCase()))];
  const hits = new Set<string>();
  for (const m of new AhoCorasick(list).iterate(text.toLowerCase())) hits.add(m.pattern);
  return [...hits];
}

/** A small deterministic generator. */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('findWords', () => {
  it('scans a simple text by unit with the library’s tables and answers as the library does', () => {
    const m = compileWords(['分析', '分析方法', '析方', 'ab', 'B', '方法', '系统分析', 'he', 'she', 'hers', '法'])!;
    expect(m.tables).not.toBeNull();
    for (const text of ['基于系统分析方法的研究', 'uSHers AB', '', '分', '法分析方法分析', '（分析）方法；she，hers。']) {
      expect(findWords(m, text)).toEqual(byLibrary(['分析', '分析方法', '析方', 'ab', 'B', '方法', '系统分析', 'he', 'she', 'hers', '法'], text));
    }
  });

  it('answers as the library on random texts and lists, simple or not', () => {
    const rand = rng(694);
    const alphabet = [
      '分',
      '析',
      '方',
      '法',
      '系',
      '统',
      'a',
      'b',
      'A',
      'é',
      'e',
      '\u0301',
      '😀',
      '\u200d',
      '\r',
      '\n',
      '，',
      ' ',
      'ㄱ',
      '\u1161',
      '\u3099',
      'か',
    ];
    const pick = (n: number) => Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
    for (let round = 0; round < 200; round++) {
      const words = Array.from({ length: 1 + Math.floor(rand() * 30) }, () => pick(1 + Math.floor(rand() * 4))).filter((w) => w.trim());
      if (!words.length) continue;
      const m = compileWords(words)!;
      for (let k = 0; k < 10; k++) {
        // half of the texts from the simple characters only, so that both scans are compared
        const text = k % 2 ? pick(Math.floor(rand() * 60)) : pick(Math.floor(rand() * 60)).replace(/é|\u0301|😀|\u200d|\r|\u1161|\u3099|ㄱ/gu, '分');
        expect(findWords(m, text)).toEqual(byLibrary(words, text));
      }
    }
  });

  it('keeps grapheme matching: a word does not match inside a cluster', () => {
    const m = compileWords(['e', '法'])!;
    expect(findWords(m, 'cafe\u0301')).toEqual([]);
    expect(findWords(m, 'cafe 法')).toEqual(['e', '法']);
    expect(compileWords([])).toBeNull();
    expect(findWords(null, '法')).toEqual([]);
  });
});
