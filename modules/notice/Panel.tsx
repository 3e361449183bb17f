/**
 * The visitor's notice panel (spec 1 §3 'Notice module', 'Notice'; spec 2 §9 'Item counts'): the
 * application's published notices of this module, pinned first, as a list (one column at spans 0-2, two
 * wider) with the notice type, 置顶 on pinned ones, the title linking to /resources/notices/{id}, and the
 * publish date when showPublishTime is on. In edit mode the title bar carries 数据列表 and the empty
 * state offers 去发布？, both raising the data-list event (modules/kit/dataList.tsx).
 */
import type { PanelProps } from '../types.app.js';
import { SITE_MSG } from '../../common/siteMessages.js';
import { isSingleColumn } from '../rules.js';
import { noticeDefinition, type NoticeModule } from './definition.js';
import { formatDate, idOf, pageItems, text, titleOf, type PanelItem } from '../kit/format';
import { resourceHref } from '../kit/links';
import { PlainList } from '../kit/ItemList';
import { ListSkeleton, PanelShell, PanelStatus, moreLinkOf } from '../kit/PanelShell';
import { DataListButton, DataListHint } from '../kit/dataList';

/** The day a notice was published, yyyy-MM-dd: publishDateTime in local time, else publishDate. */
function noticeDate(it: PanelItem): string {
  return formatDate(it.publishDateTime) || formatDate(it.publishDate) || formatDate(it.date);
}

/** The notice panel; props are PanelProps (modules/types.app.ts). */
export default function NoticePanel({ module, data, loading, error, editable, site }: PanelProps<NoticeModule>) {
  const items = pageItems(data.notice);
  const two = !isSingleColumn(module.span);
  const showDate = module.showPublishTime !== false;
  const [lead, action] = SITE_MSG.noticeEmpty.split('，');
  return (
    <PanelShell
      module={module}
      site={site}
      more={moreLinkOf(noticeDefinition, module, site)}
      className="atr-p--notice"
      extra={editable ? <DataListButton module={module} /> : null}
    >
      <PanelStatus
        loading={loading}
        error={error}
        empty={items.length === 0}
        editable={editable}
        hint={<DataListHint module={module} text={`${lead}，`} action={action} />}
        skeleton={<ListSkeleton rows={6} />}
      >
        <PlainList
          module={module}
          site={site}
          twoColumns={two}
          entries={items.map((it, i) => {
            const id = idOf(it, 'noticeId') || idOf(it);
            const type = text(it.type);
            const pinned = it.top === 1 || it.top === true || it.top === '1';
            return {
              key: id || `i${i}`,
              href: id ? resourceHref('notice', id) : null,
              title: titleOf(it),
              date: showDate ? noticeDate(it) : '',
              tags:
                pinned || type ? (
                  <>
                    {pinned && <span className="atr-p-tag atr-p-tag--pin">置顶</span>}
                    {type && <span className="atr-p-tag">{type}</span>}
                  </>
                ) : undefined,
            };
          })}
        />
      </PanelStatus>
    </PanelShell>
  );
}
