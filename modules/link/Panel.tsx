/**
 * The visitor's topic navigation panel (spec 1 §3 'link', §4; spec 2 §9 'Item counts', 'Card height'):
 * the chosen portals of `specificDataObject` as cover cards (covers 118.5 px high, the title under the
 * cover unless hideText), each opening its url in a new tab. Vertical: a column of `dataSize` cards (default
 * 2). Horizontal: a row of 4 (default 4 cards); more than 4 become pages of 4 in a carousel that
 * advances by itself when horizontalAutoScroll is on. No reads: the items are in the config.
 */
import { UiCarousel } from '../kit/ui';
import { CAROUSEL_INTERVAL_MS } from '../../common/constants.js';
import type { ModuleConfig } from '../../common/homeConfig.js';
import type { PanelProps, SiteContext } from '../types.app.js';
import { LINK_COVER_HEIGHT, linkDefinition, type LinkModule } from './definition.js';
import { idOf, text, titleOf, type PanelItem } from '../kit/format';
import { Thumb } from '../kit/media';
import { PanelLink } from '../kit/PanelLink';
import { PanelShell, PanelStatus, moreLinkOf } from '../kit/PanelShell';

/** Cards per horizontal page (spec 2 §9 'carousel pages of 4 links'). */
const PAGE_SIZE = 4;

/** One portal card: the cover (placeholder with the name's initial when missing) and the title under it. */
function LinkCard({ it, hideText, module, site }: { it: PanelItem; hideText: boolean; module: ModuleConfig; site: SiteContext }) {
  const title = titleOf(it);
  const url = text(it.url);
  const body = (
    <>
      <span className="atr-p-linkcard__box" style={{ height: LINK_COVER_HEIGHT }}>
        <Thumb src={it.cover} label={text(it.name) || title} className="atr-p-linkcard__cover" />
      </span>
      {!hideText && <span className="atr-p-linkcard__title atr-p-ellipsis">{title}</span>}
    </>
  );
  return url ? (
    <PanelLink to={url} module={module} site={site} newTab className="atr-p-linkcard" title={title}>
      {body}
    </PanelLink>
  ) : (
    <div className="atr-p-linkcard" title={title}>
      {body}
    </div>
  );
}

/** The link panel; props are PanelProps (modules/types.app.ts). */
export default function LinkPanel({ module, loading, error, editable, site }: PanelProps<LinkModule>) {
  const all = (Array.isArray(module.specificDataObject) ? (module.specificDataObject as unknown[]) : []).filter(
    (x): x is PanelItem => !!x && typeof x === 'object',
  );
  const horizontal = module.direction === 'horizontal';
  const count = Math.min(module.dataSize || (horizontal ? PAGE_SIZE : 2), all.length);
  const items = all.slice(0, count);
  const hideText = !!module.hideText;
  const card = (it: PanelItem, i: number) => <LinkCard key={idOf(it) || i} it={it} hideText={hideText} module={module} site={site} />;

  let content;
  if (!horizontal) {
    content = <div className="atr-p-links atr-p-links--vertical">{items.map(card)}</div>;
  } else if (items.length <= PAGE_SIZE) {
    content = <div className="atr-p-links atr-p-links--row">{items.map(card)}</div>;
  } else {
    const pages: PanelItem[][] = [];
    for (let i = 0; i < items.length; i += PAGE_SIZE) pages.push(items.slice(i, i + PAGE_SIZE));
    content = (
      <div className="atr-p-links atr-p-links--pages">
        <UiCarousel className="atr-car--on-white" autoplay={!!module.horizontalAutoScroll} interval={CAROUSEL_INTERVAL_MS} dots>
          {pages.map((page, p) => (
            <div key={p}>
              <div className="atr-p-links atr-p-links--row">{page.map((it, i) => card(it, p * PAGE_SIZE + i))}</div>
            </div>
          ))}
        </UiCarousel>
      </div>
    );
  }

  return (
    <PanelShell module={module} site={site} more={moreLinkOf(linkDefinition, module, site)} className={`atr-p--link${horizontal ? ' atr-p--link-h' : ''}`}>
      <PanelStatus loading={loading} error={error} empty={items.length === 0} editable={editable} hint="请编辑模块，选择要展示的专题">
        {content}
      </PanelStatus>
    </PanelShell>
  );
}
