/**
 * The visitor's wechat article panel (spec 1 §3 'Wechat article group', §4; spec 2 §9): the newest
 * articles of the chosen official account as cards (cover, title, group name, time), each linking to
 * /microapp/wechat/material/{id}. Vertical: a column of up to 8 cards (164 px each, 10 apart);
 * horizontal: a row of 4. Empty or without an account: 暂无数据, and in edit mode the prompt
 * 暂未绑定公众号或公众号数据未分组，点击此处配置 that opens the wechat manager.
 *
 * In the editor only (`onModuleChange` given), a vertical panel whose stored height does not fit the
 * articles that came back reports the corrected module (spec 1 §4; docs/decisions.md #33).
 */
import { SITE_MSG } from '../../common/siteMessages.js';
import type { PanelProps } from '../types.app.js';
import { wechatArticleDefinition, wechatCorrection, wechatShownCount, WECHAT_EMPTY_HEIGHT, type WechatArticleModule } from './definition.js';
import { formatDate, idOf, pageItems, text, type PanelItem } from '../kit/format';
import { Thumb } from '../kit/media';
import { PanelLink } from '../kit/PanelLink';
import { CardSkeleton, PanelShell, PanelStatus, moreLinkOf } from '../kit/PanelShell';
import { ConfigureHint } from '../kit/ConfigureHint';
import { WECHAT_MANAGER_HREF, wechatMaterialHref } from '../kit/links';
import { useModuleCorrection } from '../kit/useModuleCorrection';
import './panel.css';

/** The article of a record: `material` (thumb_media_url, title, url) with the record's own fields as fallback. */
function materialOf(it: PanelItem): PanelItem {
  const m = it.material;
  return m && typeof m === 'object' && !Array.isArray(m) ? (m as PanelItem) : {};
}

/** The wechat article panel; props are PanelProps (modules/types.app.ts). */
export default function WechatArticlePanel({ module, data, loading, error, editable, site, onModuleChange }: PanelProps<WechatArticleModule>) {
  const horizontal = module.direction === 'horizontal';
  const page = data.wechat;
  const all = pageItems(page);
  const items = all.slice(0, wechatShownCount(horizontal ? 'horizontal' : 'vertical'));
  const settled = !!module.wechatId && page !== undefined && !loading && !error;
  useModuleCorrection(settled ? wechatCorrection(module, items.length) : null, onModuleChange);

  const empty = items.length === 0;
  return (
    <PanelShell
      module={module}
      site={site}
      more={moreLinkOf(wechatArticleDefinition, module, site)}
      className={`atr-p--wechat${horizontal ? ' atr-p--wechat-h' : ''}`}
      style={empty && !horizontal ? { minHeight: WECHAT_EMPTY_HEIGHT } : undefined}
    >
      <PanelStatus
        loading={!!module.wechatId && loading}
        error={module.wechatId ? error : null}
        empty={empty}
        editable={editable}
        skeleton={<CardSkeleton count={horizontal ? 4 : 2} columns={horizontal ? 4 : 1} />}
        hint={<ConfigureHint href={WECHAT_MANAGER_HREF}>{SITE_MSG.wechatEmpty}</ConfigureHint>}
      >
        <ul className="atr-p-wx">
          {items.map((it, i) => {
            const m = materialOf(it);
            const id = idOf(it) || idOf(m);
            const title = text(m.title) || text(it.title) || '未命名';
            const group = text(it.groupName);
            const time = formatDate(it.articleTime);
            const body = (
              <>
                <Thumb src={m.thumb_media_url ?? it.thumb_media_url} label={title} className="atr-p-wx__cover" />
                <span className="atr-p-wx__main">
                  <span className="atr-p-wx__title" title={title}>
                    {title}
                  </span>
                  <span className="atr-p-wx__meta">
                    {group && <span className="atr-p-tag">{group}</span>}
                    {time && <span className="atr-p-date">{time}</span>}
                  </span>
                </span>
              </>
            );
            return (
              <li key={id || `i${i}`} className="atr-p-wx__item">
                {id ? (
                  <PanelLink to={wechatMaterialHref(id)} module={module} site={site} className="atr-p-wx__card" title={title}>
                    {body}
                  </PanelLink>
                ) : (
                  <div className="atr-p-wx__card">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      </PanelStatus>
    </PanelShell>
  );
}
