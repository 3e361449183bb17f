/**
 * The visitor's bulletin panel (spec 1 §3 'Bulletin'; spec 2 §9): the newest bulletins of the chosen
 * types as 108 px cards (cover, title, group, update day), `dataSize` of them but never more than came
 * back, laid out by `bulletinLayout` (rows 32, 24 or 37 apart). A card links to the bulletin's page;
 * 更多 to the bulletin list. An empty panel keeps the empty height (331, 399 in a group template).
 */
import type { PanelProps } from '../types.app.js';
import { bulletinDefinition, bulletinHref, bulletinLayout, bulletinShown, BULLETIN_ITEM_HEIGHT, type BulletinModule } from './definition.js';
import { listHeight } from '../rules.js';
import { formatDate, idOf, pageItems, text, type PanelItem } from '../kit/format';
import { Thumb } from '../kit/media';
import { PanelLink } from '../kit/PanelLink';
import { CardSkeleton, PanelShell, PanelStatus, TopicHint, moreLinkOf } from '../kit/PanelShell';
import './panel.css';

/** The bulletin's `article` (title, uuid, cover, update_time), or the item itself. */
function articleOf(it: PanelItem): PanelItem {
  const a = it.article;
  return a && typeof a === 'object' && !Array.isArray(a) ? (a as PanelItem) : it;
}

/** The bulletin panel; props are PanelProps (modules/types.app.ts). */
export default function BulletinPanel({ module, data, loading, error, editable, site }: PanelProps<BulletinModule>) {
  const all = pageItems(data.bulletin);
  const items = all.slice(0, bulletinShown(module.dataSize, all.length));
  const { columns, gap } = bulletinLayout(module);
  const empty = items.length === 0;
  return (
    <PanelShell
      module={module}
      site={site}
      more={moreLinkOf(bulletinDefinition, module, site)}
      className="atr-p--bulletin"
      style={empty ? { minHeight: listHeight({ groupTemplate: site.groupTemplate }) } : undefined}
    >
      <PanelStatus
        loading={loading}
        error={error}
        empty={empty}
        editable={editable}
        hint={<TopicHint site={site} type="bulletin" />}
        skeleton={<CardSkeleton count={Math.min(module.dataSize || 1, 4)} columns={Math.min(columns, module.dataSize || 1)} />}
      >
        <ul className="atr-p-bul" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, rowGap: gap }}>
          {items.map((it, i) => {
            const a = articleOf(it);
            const id = idOf(a, 'uuid') || idOf(a) || idOf(it);
            const title = text(a.title) || '未命名';
            const group = text(it.group) || text(a.group);
            const kind = text(it.bulletinType) || text(a.bulletinType);
            const day = formatDate(a.update_time);
            const body = (
              <>
                <Thumb src={a.cover} label={title} className="atr-p-bul__cover" />
                <span className="atr-p-bul__main">
                  <span className="atr-p-bul__title" title={title}>
                    {title}
                  </span>
                  <span className="atr-p-bul__meta">
                    {kind && <span className="atr-p-tag">{kind}</span>}
                    {group && <span className="atr-p-ellipsis">{group}</span>}
                  </span>
                  {day && <span className="atr-p-date">{day}</span>}
                </span>
              </>
            );
            return (
              <li key={id || `i${i}`} style={{ height: BULLETIN_ITEM_HEIGHT }}>
                {id ? (
                  <PanelLink to={bulletinHref(id)} module={module} site={site} className="atr-p-bul__card" title={title}>
                    {body}
                  </PanelLink>
                ) : (
                  <div className="atr-p-bul__card">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      </PanelStatus>
    </PanelShell>
  );
}
