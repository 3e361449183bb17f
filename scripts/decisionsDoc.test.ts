/**
 * docs/decisions.md stays readable as CONTRIBUTING.md describes it: each decision's number is its own
 * (two sessions once both wrote a 700), every link to a decision finds it, and the table of contents
 * counts each area's entries as they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const text = fs.readFileSync(path.resolve(import.meta.dirname, '..', 'docs', 'decisions.md'), 'utf8');

describe('docs/decisions.md', () => {
  it('gives every decision a number of its own, and every link to a decision finds one', () => {
    const ids = [...text.matchAll(/<a id="(\d+)"><\/a>/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(400);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const known = new Set(ids);
    const links = [...text.matchAll(/\]\(#(\d+)\)/g)].map((m) => m[1]);
    expect(links.filter((id) => !known.has(id))).toEqual([]);
  });

  it('counts each area of the contents as its section holds', () => {
    const toc = [...text.matchAll(/^- \[(.+?)\]\(#[\w-]+\) \((\d+)\)/gm)];
    expect(toc.length).toBeGreaterThan(10);
    const sections = text.split(/^## /m);
    for (const [, name, count] of toc) {
      const section = sections.find((s) => s.startsWith(`${name}\n`));
      expect(section, name).toBeDefined();
      expect([name, section!.match(/^- <a id=/gm)?.length ?? 0]).toEqual([name, Number(count)]);
    }
  });
});
