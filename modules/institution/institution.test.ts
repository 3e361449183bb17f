/**
 * The institution panel's counts (spec 1 §3 'Institution'): the first paint shows the cards with the
 * catalogue's tallies, the fetched fruit_count / scholar_count answer replaces them by name.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import InstitutionPanel, { InstitutionCards, institutionNameOf } from './Panel';
import { countableNames, countsFromAnswer } from './counts';
import { moduleOf, pageOf, renderPanel, visitorSite } from '../test/panels';

const items = [
  { id: 1, type: 'institution', title: 'Peking University', logo: null, location: '北京', scholars: 5, fruits: 0 },
  { id: 2, type: 'institution', title: '北京大学', institution: '北京大学', province: '北京市', level: '本科', scholars: 0, fruits: 0 },
  { id: 3, type: 'institution', title: 'Nowhere Institute', logo: null },
];

/** The numbers shown after 学者 and 成果, card by card. */
const stats = (html: string) => [...html.matchAll(/(学者|成果)\s*(?:<!-- -->)?\s*<b>([^<]*)<\/b>/g)].map((m) => `${m[1]}${m[2]}`);

describe('institution panel counts', () => {
  it('paints the cards first with the catalogue tallies (— when there is none)', () => {
    const html = renderPanel(InstitutionPanel, 'institution', { data: { institution: pageOf(items) } });
    for (const s of ['Peking University', '北京大学', 'Nowhere Institute', 'href="/microapp/explore/resources/institution/1"']) expect(html).toContain(s);
    expect(stats(html)).toEqual(['学者5', '成果0', '学者0', '成果0', '学者—', '成果—']);
  });

  it('shows the fetched counts by institution name once they arrive', () => {
    const counts = countsFromAnswer({
      scholar_count: [
        { institution: 'Peking University', count: 18 },
        { institution: '北京大学', count: 3 },
        { institution: 'Nowhere Institute', count: 0 },
      ],
      fruit_count: [
        { institution: 'Peking University', count: 2 },
        { institution: '北京大学', count: 0 },
        { institution: 'Nowhere Institute', count: 0 },
      ],
    });
    const html = renderToString(createElement(InstitutionCards, { items, module: moduleOf('institution'), site: visitorSite, counts }));
    expect(stats(html)).toEqual(['学者18', '成果2', '学者3', '成果0', '学者0', '成果0']);
  });

  it('asks by fields.institution, else the title; drops names the request would refuse', () => {
    expect(items.map(institutionNameOf)).toEqual(['Peking University', '北京大学', 'Nowhere Institute']);
    expect(countableNames([' 北京大学 ', '北京大学', '', 'a|b', 'x'.repeat(201), 'Fudan University'])).toEqual(['北京大学', 'Fudan University']);
    expect(countableNames(Array.from({ length: 60 }, (_, i) => `机构${i}`))).toHaveLength(50);
  });
});
