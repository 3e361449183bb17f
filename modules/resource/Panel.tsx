/**
 * The visitor's resource links panel (spec 1 §2 'resource form', §3 'Link (resource link)'; spec 2 §9
 * 'Item counts', 'Auto-scroll resource 258.5', 'rich link cover 118.5px'): the application's published
 * links of this module, each opening its address in a new tab, shown as
 *
 * - plain: a list of titles in `resourceColumns` columns, filled column by column;
 * - image: cover cards (118.5 px high), the title as tooltip;
 * - rich: cover cards with the title under the cover.
 *
 * letterSort orders them by title in Chinese dictionary order (Intl.Collator zh-CN); fontWeightBold makes
 * titles bold; auto scroll (image and rich) pages through one row of cards every 5 s. In edit mode the
 * title bar carries 数据列表 and the empty state offers 去发布？, both raising the data-list event
 * (modules/kit/dataList.tsx) instead of navigating.
 */
import type { ReactNode } from 'react';
import { UiCarousel } from '../kit/ui';
import { LinkOutlined } from '../kit/icons';
import { CAROUSEL_INTERVAL_MS } from '../../common/constants.js';
import type { ModuleConfig } from '../../common/homeConfig.js';
import type { PanelProps, SiteContext } from '../types.app.js';
import { RESOURCE_COVER_HEIGHT, autoScrolls, resourceColumns, resourceCount, resourceDefinition, sortByLetter, type ResourceModule } from './definition.js';
import { idOf, pageItems, text, titleOf, type PanelItem } from '../kit/format';
import { Thumb } from '../kit/media';
import { PanelLink } from '../kit/PanelLink';
import { CardSkeleton, ListSkeleton, PanelShell, PanelStatus, moreLinkOf } from '../kit/PanelShell';
import { DataListButton, DataListHint } from '../kit/dataList';
import './resource.css';

type Display = 'plain' | 'image' | 'rich';

/** A link's anchor (new tab), or a span when the link has no address. */
function Anchor({ it, module, site, className, children }: { it: PanelItem; module: ModuleConfig; site: SiteContext; className: string; children: ReactNode }) {
  const url = text(it.url);
  const title = titleOf(it);
  return url ? (
    <PanelLink to={url} module={module} site={site} newTab className={className} title={title}>
      {children}
    </PanelLink>
  ) : (
    <span className={className} title={title}>
      {children}
    </span>
  );
}

/** One image or rich card: the cover (118.5 px; a placeholder with the initial when missing), the title under it when rich. */
function ResourceCard({ it, display, module, site }: { it: PanelItem; display: Display; module: ModuleConfig; site: SiteContext }) {
  const title = titleOf(it);
  return (
    <Anchor it={it} module={module} site={site} className="atr-p-linkcard atr-p-res__card">
      <span className="atr-p-linkcard__box" style={{ height: RESOURCE_COVER_HEIGHT }}>
        <Thumb src={it.cover} label={title} className="atr-p-linkcard__cover" />
      </span>
      {display === 'rich' && <span className="atr-p-linkcard__title atr-p-ellipsis">{title}</span>}
    </Anchor>
  );
}

/** The resource panel; props are PanelProps (modules/types.app.ts). */
export default function ResourcePanel({ module, data, loading, error, editable, site }: PanelProps<ResourceModule>) {
  const display: Display = module.dataDisplayType === 'image' || module.dataDisplayType === 'rich' ? module.dataDisplayType : 'plain';
  const layout = { ...module, dataDisplayType: display };
  const columns = resourceColumns(layout);
  const count = resourceCount(layout);
  const fetched = pageItems(data.resource);
  const items = (module.letterSort ? sortByLetter(fetched) : fetched).slice(0, count);
  const bold = module.fontWeightBold ? ' atr-p-res--bold' : '';
  const key = (it: PanelItem, i: number) => idOf(it, 'linkId') || idOf(it) || `i${i}`;

  let content;
  if (display === 'plain') {
    const rows = Math.max(1, Math.ceil(items.length / columns));
    content = (
      <ul
        className={`atr-p-list atr-p-res__list${bold}`}
        style={{
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gridTemplateRows: `repeat(${rows}, auto)`,
          gridAutoFlow: columns > 1 ? 'column' : 'row',
        }}
      >
        {items.map((it, i) => (
          <li className="atr-p-list__item" key={key(it, i)}>
            <Anchor it={it} module={module} site={site} className="atr-p-list__title">
              {titleOf(it)}
            </Anchor>
            {text(it.url) && <LinkOutlined className="atr-p-res__ext" aria-hidden />}
          </li>
        ))}
      </ul>
    );
  } else if (autoScrolls(layout) && items.length > columns) {
    const pages: PanelItem[][] = [];
    for (let i = 0; i < items.length; i += columns) pages.push(items.slice(i, i + columns));
    content = (
      <div className={`atr-p-links atr-p-links--pages${bold}`}>
        <UiCarousel className="atr-car--on-white" autoplay interval={CAROUSEL_INTERVAL_MS} dots>
          {pages.map((p, n) => (
            <div key={n}>
              <div className="atr-p-res__grid" style={{ ['--atr-p-cols' as string]: columns }}>
                {p.map((it, i) => (
                  <ResourceCard key={key(it, n * columns + i)} it={it} display={display} module={module} site={site} />
                ))}
              </div>
            </div>
          ))}
        </UiCarousel>
      </div>
    );
  } else {
    content = (
      <div className={`atr-p-res__grid${bold}`} style={{ ['--atr-p-cols' as string]: columns }}>
        {items.map((it, i) => (
          <ResourceCard key={key(it, i)} it={it} display={display} module={module} site={site} />
        ))}
      </div>
    );
  }

  const skeleton = display === 'plain' ? <ListSkeleton rows={6} /> : <CardSkeleton count={Math.min(count, columns * 2)} columns={columns} />;
  return (
    <PanelShell
      module={module}
      site={site}
      more={moreLinkOf(resourceDefinition, module, site)}
      extra={editable ? <DataListButton module={module} /> : null}
      className={`atr-p--resource atr-p--resource-${display}`}
    >
      <PanelStatus
        loading={loading}
        error={error}
        empty={items.length === 0}
        editable={editable}
        hint={<DataListHint module={module} text="还没有资源链接，" action="去发布？" />}
        skeleton={skeleton}
      >
        {content}
      </PanelStatus>
    </PanelShell>
  );
}
