/** The facts of a detail page (app/pages/visitor/fields.ts) and the helpers of the explore pages. */
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createElement, Fragment } from 'react';
import { detailRows, externalUrl, fieldText, keywordsOf } from './fields';
import { highlight, itemHref } from '../explore/searchParts';
import { navigatorEntries } from '../explore/NavigatorPage';

describe('detail facts', () => {
  it('labels known fields in Chinese, in order, and leaves out empty, internal and unknown-zero fields', () => {
    const rows = detailRows({
      id: 1,
      type: 'scholar',
      title: '张三',
      institution: 'Tsinghua University',
      country: '中国',
      fruits_total: 0,
      homepage: 'https://a.cn',
      institutionId: 9,
      research_field: '',
      academic_title: 'ACM Fellow',
    });
    expect(rows).toEqual([
      ['机构', 'Tsinghua University'],
      ['学术称号', 'ACM Fellow'],
      ['国家/地区', '中国'],
    ]);
    expect(detailRows({ fruits_total: 12 })).toEqual([['成果数', '12']]);
  });

  it('reads lists, objects and keywords', () => {
    expect(fieldText(['甲', '乙', null])).toBe('甲、乙');
    expect(fieldText({ name: '中科院' })).toBe('中科院');
    expect(keywordsOf({ keywords: '控制_优化_稳定' })).toEqual(['控制', '优化', '稳定']);
    expect(keywordsOf({ keywords: ['a', ' b '] })).toEqual(['a', 'b']);
  });

  it('keeps only http(s) addresses as the source link', () => {
    expect(externalUrl({ url: 'javascript:alert(1)', homepage: 'https://x.edu/~a' })).toBe('https://x.edu/~a');
    expect(externalUrl({ url: '/local' })).toBeNull();
  });
});

describe('explore helpers', () => {
  it('marks every query term in a title without building HTML from text', () => {
    const html = renderToString(createElement(Fragment, null, ...highlight('<b>控制</b>器设计与控制', ['控制'])));
    expect(html).toBe('&lt;b&gt;<mark>控制</mark>&lt;/b&gt;器设计与<mark>控制</mark>');
  });

  it('links scholars to their profile and other resources to their detail page', () => {
    expect(itemHref({ type: 'scholar', id: 3 })).toBe('/microapp/profile/3');
    expect(itemHref({ type: 'article', id: 4 })).toBe('/microapp/explore/resources/article/4');
  });

  it('collects the portals of every link panel, nested ones included, once each', () => {
    const link = (id: string, urls: string[]) => ({
      id,
      type: 'link',
      alias: 'x',
      span: 0,
      specificDataObject: urls.map((url, i) => ({ id: i, title: `站${i}`, url })),
    });
    const entries = navigatorEntries({
      homeConfig: [
        {
          page: 'home',
          style: 'card',
          groups: {},
          template: [
            link('a', ['https://a.cn/', 'javascript:alert(1)']),
            { id: 'f', type: 'flex', alias: 'f', span: 5, components: [{ modules: [link('b', ['https://b.cn/', 'https://a.cn/'])] }] },
          ] as never,
        },
      ],
    });
    expect(entries.map((e) => e.url)).toEqual(['https://a.cn/', 'https://b.cn/']);
  });
});
