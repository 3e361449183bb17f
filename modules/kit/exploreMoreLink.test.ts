/**
 * A panel's explore more link follows the header menu (spec 1 §2 'Links the panels produce': derived
 * from the menu entry pointing to the console explore page with scope 1): the journal panel, its
 * definition's more link through moreLinkOf, and the page it renders.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ModuleConfig } from '../../common/homeConfig';
import { exploreBaseFromMenu } from '../../common/exploreLink';
import { definitionOf } from '../registry';
import { moreLinkByPriority } from '../rules';
import type { PanelProps, SiteContext } from '../types.app';
import JournalPanel from '../journal/Panel';
import { moreLinkOf } from './PanelShell';

const journal = { ...definitionOf('journal')!.defaults({ groupTemplate: false }), id: 'm-j', redirectToExplore: true } as ModuleConfig;
const menu = [
  { title: '首页', url: '/' },
  { title: '资源', url: '', children: [{ title: '发现', url: '/console/explore?scope=1' }] },
];
const site: SiteContext = { applicationId: 1, topicId: 1, user: null, groupTemplate: false, exploreBase: exploreBaseFromMenu(menu) };

describe('explore more link from the header menu', () => {
  it("moreLinkOf appends the type to the menu's explore page", () => {
    expect(moreLinkOf(definitionOf('journal')!, journal, site)).toBe('/microapp/explore?scope=1&type=journal');
  });

  it('without a menu entry (or an old context) it is /microapp/explore?type=', () => {
    expect(moreLinkOf(definitionOf('journal')!, journal, { ...site, exploreBase: null })).toBe('/microapp/explore?type=journal');
    expect(moreLinkByPriority(journal, { signedIn: false }, 'journal', '/g')).toBe('/microapp/explore?type=journal');
  });

  it('a specific link and the recommendation page still come first', () => {
    expect(
      moreLinkByPriority({ ...journal, specificLink: 'https://x.cn' }, { signedIn: false, exploreBase: '/microapp/explore?scope=1' }, 'journal', '/g'),
    ).toBe('https://x.cn');
    expect(moreLinkByPriority({ ...journal, showRecommendation: true }, { signedIn: true, exploreBase: '/microapp/explore?scope=1' }, 'journal', '/g')).toBe(
      '/microapp/recommendation?type=journal',
    );
  });

  it('the panel renders the derived link', () => {
    const html = renderToString(
      createElement(
        JournalPanel as (p: PanelProps) => ReturnType<typeof JournalPanel>,
        { module: journal, data: {}, loading: false, error: null, editable: false, site } as PanelProps,
      ),
    );
    expect(html).toContain('href="/microapp/explore?scope=1&amp;type=journal"');
  });
});
