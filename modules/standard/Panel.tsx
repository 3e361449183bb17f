/**
 * The visitor's standard panel (spec 1 §3 'Listing items' Standard: article_date; spec 2 §9): the
 * topic's newest standards as a list, one column at spans 0-2 and two wider (8 or 16), each with its
 * number (standard_no) as a tag, a 废止 tag when withdrawn, the title linking to
 * /microapp/explore/resources/standard/{id} and the date (article_date, else the resource date).
 */
import type { PanelProps } from '../types.app.js';
import { isSingleColumn } from '../rules.js';
import { standardCount, standardDefinition, type StandardModule } from './definition.js';
import { formatDate, idOf, pageItems, text, titleOf } from '../kit/format';
import { resourceHref } from '../kit/links';
import { PlainList } from '../kit/ItemList';
import { ListSkeleton, PanelShell, PanelStatus, TopicHint, moreLinkOf } from '../kit/PanelShell';

/** The standard panel; props are PanelProps (modules/types.app.ts). */
export default function StandardPanel({ module, data, loading, error, editable, site }: PanelProps<StandardModule>) {
  const items = pageItems(data.standard).slice(0, standardCount(module.span));
  const two = !isSingleColumn(module.span);
  return (
    <PanelShell module={module} site={site} more={moreLinkOf(standardDefinition, module, site)} className="atr-p--standard">
      <PanelStatus
        loading={loading}
        error={error}
        empty={items.length === 0}
        editable={editable}
        hint={<TopicHint site={site} type="standard" />}
        skeleton={<ListSkeleton rows={6} />}
      >
        <PlainList
          module={module}
          site={site}
          twoColumns={two}
          entries={items.map((it, i) => {
            const id = idOf(it);
            const no = text(it.standard_no);
            const status = text(it.status);
            const withdrawn = /废止|作废/.test(status);
            return {
              key: id || `i${i}`,
              href: id ? resourceHref(text(it.type) || 'standard', id) : null,
              title: titleOf(it),
              date: formatDate(it.article_date) || formatDate(it.date),
              tags:
                no || withdrawn ? (
                  <>
                    {no && (
                      <span className="atr-p-tag atr-p-ellipsis" style={{ maxWidth: '11em' }} title={no}>
                        {no}
                      </span>
                    )}
                    {withdrawn && <span className="atr-p-tag atr-p-tag--pin">{status}</span>}
                  </>
                ) : undefined,
            };
          })}
        />
      </PanelStatus>
    </PanelShell>
  );
}
