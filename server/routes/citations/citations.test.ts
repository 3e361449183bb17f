/**
 * The citation export routes (decisions 270-273) on SQLite or PostgreSQL (ATRIUM_TEST_DB):
 * GET /api/v1/resources/{type}/{id}/citation and GET /api/v1/citations: formats, content types,
 * attachments with ASCII and UTF-8 names, the order of a list, and Chinese refusals (400, 404); stored
 * values that try to forge entries (decision 417) read back as the records exported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { createTestContext, insertApplication, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';
import { CITATION_EXPORT_MAX } from './schema.js';
import { CITATION_FILE } from '../../citations/render.js';
import { CITATION_CONTENT_TYPES } from '../../../common/contracts/citations.js';

let ctx: TestContext;
let ids: number[];
beforeAll(async () => {
  ctx = await createTestContext();
  const topicId = await ensureTopic(ctx.db, '引用测试');
  const r = await upsertResources(ctx.db, [
    {
      type: 'article',
      sourceKey: 'c1',
      title: '面向中文科技文献的知识图谱自动构建方法',
      date: '2026-10-15',
      topicId,
      fields: {
        author: ['陈若溪', '林知远', '何嘉木', '王一诺'],
        journal: '智能系统与知识计算',
        volume: 12,
        issue: 3,
        pages: '45-50',
        doi: '10.1234/kg.2026.3',
        publish_year: 2026,
        keywords: ['知识图谱', '实体识别'],
      },
    },
    {
      type: 'news',
      sourceKey: 'c2',
      title: '东湖理工大学开放知识图谱服务平台',
      date: '2026-11-18',
      topicId,
      fields: { source: '东湖理工大学', url: 'https://news.example.cn/1' },
    },
    { type: 'standard', sourceKey: 'c3', title: '信息与文献 参考文献著录规则', date: '2015-05-15', topicId, fields: { standard_no: 'GB/T 7714—2015' } },
  ]);
  ids = r.ids;
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string) => ctx.client().get(url);
const errorOf = (r: { body: unknown }) => (r.body as { error?: { message?: string } }).error?.message;

describe('GET /api/v1/resources/{type}/{id}/citation', () => {
  it('BibTeX: an attachment of type application/x-bibtex with ASCII and UTF-8 file names', async () => {
    const r = await get(`/api/v1/resources/article/${ids[0]}/citation?format=bibtex`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/x-bibtex; charset=utf-8');
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="atrium-article-${ids[0]}.bib"; filename*=UTF-8''${encodeURIComponent('面向中文科技文献的知识图谱自动构建方法.bib')}`,
    );
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.text).toContain(`@article{atrium${ids[0]},`);
    expect(r.text).toContain('title = {面向中文科技文献的知识图谱自动构建方法}');
    expect(r.text).toContain('author = {{陈若溪} and {林知远} and {何嘉木} and {王一诺}}');
  });

  it('RIS: application/x-research-info-systems, TY  - JOUR … ER  - ', async () => {
    const r = await get(`/api/v1/resources/article/${ids[0]}/citation?format=ris`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/x-research-info-systems; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="atrium-article-${ids[0]}\\.ris"; filename\\*=UTF-8''`));
    expect(r.text).toMatch(/^TY {2}- JOUR$/m);
    expect(r.text).toContain('TI  - 面向中文科技文献的知识图谱自动构建方法\n');
    expect(r.text).toMatch(/^ER {2}- *$/m);
  });

  it('GB/T 7714: text/plain, the numbered reference', async () => {
    const r = await get(`/api/v1/resources/article/${ids[0]}/citation?format=gbt7714`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(/filename="atrium-article-\d+\.txt"/);
    expect(r.text).toBe(
      '[1] 陈若溪, 林知远, 何嘉木, 等. 面向中文科技文献的知识图谱自动构建方法[J]. 智能系统与知识计算, 2026, 12(3): 45-50. DOI:10.1234/kg.2026.3.\n',
    );
  });

  it('every type has one: a standard [S] with its number', async () => {
    const r = await get(`/api/v1/resources/standard/${ids[2]}/citation?format=gbt7714`);
    expect(r.status).toBe(200);
    expect(r.text).toBe('[1] 信息与文献 参考文献著录规则: GB/T 7714—2015[S]. 2015.\n');
  });

  it('404 in Chinese for an unknown id, a wrong type or a malformed id', async () => {
    for (const url of [
      `/api/v1/resources/article/999999/citation?format=bibtex`,
      `/api/v1/resources/news/${ids[0]}/citation?format=bibtex`,
      `/api/v1/resources/article/abc/citation?format=bibtex`,
      `/api/v1/resources/article/99999999999/citation?format=ris`,
      `/api/v1/resources/A%20B/${ids[0]}/citation?format=ris`,
    ]) {
      const r = await get(url);
      expect(r.status, url).toBe(404);
      expect(errorOf(r)).toBe(MSG.resourceNotFound);
    }
  });

  it('400 in Chinese for an unknown or missing format', async () => {
    for (const q of ['?format=endnote', '?format=', '', '?format=BIBTEX']) {
      const r = await get(`/api/v1/resources/article/${ids[0]}/citation${q}`);
      expect(r.status, q).toBe(400);
      expect(errorOf(r)).toBe(MSG.citationFormatUnknown);
    }
  });
});

describe('GET /api/v1/citations', () => {
  it('exports several resources in the order given; unknown ids are left out', async () => {
    const r = await get(`/api/v1/citations?ids=${ids[1]},999999,${ids[0]}&format=gbt7714`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="atrium-citations-2.txt"; filename*=UTF-8''${encodeURIComponent('参考文献（2 条）.txt')}`,
    );
    const lines = r.text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\[1\] 东湖理工大学\. 东湖理工大学开放知识图谱服务平台\[EB\/OL\]\. \(2026-11-18\)\[\d{4}-\d{2}-\d{2}\]\. https:\/\/news\.example\.cn\/1\.$/,
    );
    expect(lines[1]).toMatch(/^\[2\] 陈若溪, 林知远, 何嘉木, 等\. .*\[J\]\./);
  });

  it('BibTeX and RIS of a list; repeated keys and repeats count once', async () => {
    const bib = await get(`/api/v1/citations?ids=${ids[0]}&ids=${ids[1]},${ids[0]}&format=bibtex`);
    expect(bib.status).toBe(200);
    expect(bib.headers['content-type']).toBe('application/x-bibtex; charset=utf-8');
    expect(bib.text.match(/^@\w+\{atrium\d+,$/gm)).toEqual([`@article{atrium${ids[0]},`, `@misc{atrium${ids[1]},`]);
    const ris = await get(`/api/v1/citations?ids=${ids.join(',')}&format=ris`);
    expect(ris.status).toBe(200);
    expect(ris.headers['content-type']).toBe('application/x-research-info-systems; charset=utf-8');
    expect(ris.text.match(/^TY {2}- \w+$/gm)).toEqual(['TY  - JOUR', 'TY  - ELEC', 'TY  - STAND']);
  });

  it('400 in Chinese for no ids, bad ids, more than 100, or a wrong format', async () => {
    const cases: Array<[string, string]> = [
      ['?format=bibtex', MSG.citationIdsRequired],
      ['?ids=&format=bibtex', MSG.citationIdsRequired],
      ['?ids=,,&format=bibtex', MSG.citationIdsRequired],
      ['?ids=1,abc&format=bibtex', MSG.citationIdsInvalid],
      ['?ids=0&format=ris', MSG.citationIdsInvalid],
      ['?ids=-1&format=ris', MSG.citationIdsInvalid],
      ['?ids=99999999999&format=ris', MSG.citationIdsInvalid],
      ['?ids=1.5&format=ris', MSG.citationIdsInvalid],
      [`?ids=${Array.from({ length: CITATION_EXPORT_MAX + 1 }, (_v, i) => i + 1).join(',')}&format=ris`, MSG.citationTooMany(CITATION_EXPORT_MAX)],
      [`?ids=${ids[0]}&format=word`, MSG.citationFormatUnknown],
      [`?ids=${ids[0]}`, MSG.citationFormatUnknown],
    ];
    for (const [q, message] of cases) {
      const r = await get(`/api/v1/citations${q}`);
      expect(r.status, q.slice(0, 60)).toBe(400);
      expect(errorOf(r), q.slice(0, 60)).toBe(message);
    }
  });

  it('disposition=inline: the same text shown by the browser (the no-script GB/T 7714 link; decision 282); another value 400', async () => {
    const list = await get(`/api/v1/citations?ids=${ids[0]},${ids[2]}&format=gbt7714&disposition=inline`);
    expect(list.status).toBe(200);
    expect(list.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(list.headers['content-disposition']).toBe(
      `inline; filename="atrium-citations-2.txt"; filename*=UTF-8''${encodeURIComponent('参考文献（2 条）.txt')}`,
    );
    expect(list.text.trimEnd().split('\n')).toHaveLength(2);
    const one = await get(`/api/v1/resources/article/${ids[0]}/citation?format=gbt7714&disposition=inline`);
    expect(one.headers['content-disposition']).toMatch(/^inline; filename="atrium-article-\d+\.txt"/);
    const said = await get(`/api/v1/citations?ids=${ids[0]}&format=bibtex&disposition=attachment`);
    expect(said.headers['content-disposition']).toMatch(/^attachment; /);
    for (const url of [
      `/api/v1/citations?ids=${ids[0]}&format=gbt7714&disposition=open`,
      `/api/v1/resources/article/${ids[0]}/citation?format=ris&disposition=INLINE`,
    ]) {
      const r = await get(url);
      expect(r.status, url).toBe(400);
      expect(errorOf(r)).toBe(MSG.citationDispositionUnknown);
    }
  });

  it('100 ids are allowed; 404 in Chinese when none exists', async () => {
    const hundred = [ids[0], ...Array.from({ length: CITATION_EXPORT_MAX - 1 }, (_v, i) => 900_000 + i)];
    const ok = await get(`/api/v1/citations?ids=${hundred.join(',')}&format=gbt7714`);
    expect(ok.status).toBe(200);
    expect(ok.text.trimEnd().split('\n')).toHaveLength(1);
    const none = await get('/api/v1/citations?ids=999998,999999&format=bibtex');
    expect(none.status).toBe(404);
    expect(errorOf(none)).toBe(MSG.resourceNotFound);
  });
});

describe('a stored value cannot forge entries (decision 417)', () => {
  /** every line break a reader may split on (Python's splitlines: CR, LF, VT, FF, U+001C-U+001E, NEL, U+2028, U+2029) */
  const ANY_BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;
  const forgedUrl = 'https://example.cn/}}@misc{forged1,title={FORGED-URL},x={';
  const titles = ['新闻一', '新闻二}}@misc{forged2,title={FORGED-TITLE},x={', '新闻三 <i>斜体未闭合', '新闻四 \\}', '新闻五'];
  const breaks = ['\u0085', '\u2028', '\u2029', '\u000b', '\u000c', '\r', '\n', '\r\n', '\u001e', '\u0085\u0085'];
  let five: number[];
  let ten: number[];
  let urls: string[];

  beforeAll(async () => {
    const topicId = await ensureTopic(ctx.db, '伪造条目测试');
    // a released site showing the topic, as the records a visitor exports are
    await insertApplication(ctx.db, { name: '伪造测试站', host: 'forge.example.cn', topicId, status: 'released' });
    urls = titles.map((_t, i) => (i === 0 ? forgedUrl : `https://example.cn/news/${i}`));
    five = (
      await upsertResources(
        ctx.db,
        titles.map((title, i) => ({
          type: 'news',
          sourceKey: `forge-${i}`,
          title,
          date: '2026-11-01',
          topicId,
          fields: { source: i === 4 ? '来源}}@misc{forged3,x={' : '东湖理工大学', url: urls[i], pages: i === 3 ? '1}}@misc{forged4,x={' : undefined },
        })),
      )
    ).ids;
    ten = (
      await upsertResources(
        ctx.db,
        breaks.map((br, i) => ({
          type: 'news',
          sourceKey: `break-${i}`,
          title: `换行${i}`,
          date: '2026-11-02',
          topicId,
          fields: {
            url: `https://example.cn/break/${i}`,
            summary: `摘要${br}TY  - JOUR${br}TI  - FORGED${br}ER  - ${br}尾`,
            author: [`作者${br}AU  - 伪造`],
          },
        })),
      )
    ).ids;
  });

  it('BibTeX: 5 records export as 5 entries that read back with their titles and URLs', async () => {
    const r = await get(`/api/v1/citations?ids=${five.join(',')}&format=bibtex`);
    expect(r.status).toBe(200);
    expect(r.text.match(/^@\w+\{/gm)).toHaveLength(5);
    const back = new Cite(r.text, { forceType: '@biblatex/text' }).data;
    expect(back.map((b) => b.id)).toEqual(five.map((id) => `atrium${id}`));
    expect(back.map((b) => b.title)).toEqual(titles);
    // citation-js reads a URL back as encodeURI of it: the braces come back percent-encoded, the same address
    expect(back.map((b) => b.URL)).toEqual(urls.map((u) => encodeURI(u)));
    expect(back[4].author).toEqual([{ family: '来源}}@misc{forged3,x={' }]);
    // one at a time too (the detail page's link)
    const one = await get(`/api/v1/resources/news/${five[0]}/citation?format=bibtex`);
    expect(new Cite(one.text, { forceType: '@biblatex/text' }).data.map((b) => b.URL)).toEqual([encodeURI(forgedUrl)]);
  });

  it('RIS: 10 records with line breaks of every kind in their values read back as 10, even split at every break', async () => {
    const r = await get(`/api/v1/citations?ids=${ten.join(',')}&format=ris`);
    expect(r.status).toBe(200);
    const lines = r.text.split(ANY_BREAK);
    expect(lines.filter((l) => l !== '' && !/^[A-Z][A-Z0-9] {2}- /.test(l))).toEqual([]);
    expect(lines.filter((l) => l.startsWith('TY  - '))).toHaveLength(10);
    expect(lines.filter((l) => l.startsWith('TI  - '))).toEqual(breaks.map((_b, i) => `TI  - 换行${i}`));
    for (const text of [r.text, lines.join('\n')]) {
      const back = new Cite(text, { forceType: '@ris/file' }).data;
      expect(back.map((b) => b.title)).toEqual(breaks.map((_b, i) => `换行${i}`));
      expect(back.map((b) => b.URL)).toEqual(breaks.map((_b, i) => `https://example.cn/break/${i}`));
    }
  });

  it('GB/T 7714: one reference a line, whatever the values hold', async () => {
    const r = await get(`/api/v1/citations?ids=${[...ten, ...five].join(',')}&format=gbt7714`);
    expect(r.status).toBe(200);
    const lines = r.text.trimEnd().split(ANY_BREAK);
    expect(lines).toHaveLength(15);
    expect(lines.map((l) => /^\[(\d+)\] /.exec(l)?.[1])).toEqual(Array.from({ length: 15 }, (_v, i) => String(i + 1)));
    expect(lines[10]).toContain(forgedUrl);
  });
});

describe('the declared answer', () => {
  it('names the content type of every format', () => {
    const sent = Object.values(CITATION_FILE).map((f) => f.contentType.split(';')[0]);
    expect([...CITATION_CONTENT_TYPES].sort()).toEqual([...new Set(sent)].sort());
  });
});
