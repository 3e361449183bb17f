/**
 * The visitor's notice panel (spec 1 §3 'Notice module', 'Notice'; spec 2 §9 'Item counts'): the
 * application's published notices of this module, pinned first, as a list (one column at spans 0-2, two
 * wider) with the notice type, 置顶 on pinned ones, the title linking to /resources/notices/{id}, and the
 * publish date when showPublishTime is on. In edit mode the title bar carries 数据列表 and the empty
 * state offers 去发布？, both raising the data-list event (modules/kit/dataList.tsx).
 */
import { SITE_MSG } from '../../common/siteMessages.js';
import { noticeDefinition, type NoticeModule } from './definition.js';
import { formatDate, idOf, text, type PanelItem } from '../kit/format';
import { resourceHref } from '../kit/links';
import { listPanel } from '../kit/listPanel';
import { DataListButton, DataListHint } from '../kit/dataList';

/** The day a notice was published, yyyy-MM-dd: publishDateTime in local time, else publishDate. */
function noticeDate(it: PanelItem): string {
  return formatDate(it.publishDateTime) || formatDate(it.publishDate) || formatDate(it.date);
}

const [lead, action] = SITE_MSG.noticeEmpty.split('，');

/** The notice panel (a list panel of modules/kit/listPanel.tsx); props are PanelProps (modules/types.app.ts). */
const NoticePanel = listPanel<NoticeModule>({
  type: 'notice',
  definition: noticeDefinition,
  row: (it, i, module) => {
    const id = idOf(it, 'noticeId') || idOf(it);
    // a notice's `type` is its notice type (a label), not a resource type
    const type = text(it.type);
    const pinned = it.top === 1 || it.top === true || it.top === '1';
    return {
      key: id || `i${i}`,
      href: id ? resourceHref('notice', id) : null,
      date: module.showPublishTime !== false ? noticeDate(it) : '',
      tags:
        pinned || type ? (
          <>
            {pinned && <span className="atr-p-tag atr-p-tag--pin">置顶</span>}
            {type && <span className="atr-p-tag">{type}</span>}
          </>
        ) : undefined,
    };
  },
  hint: (module) => <DataListHint module={module} text={`${lead}，`} action={action} />,
  editExtra: (module) => <DataListButton module={module} />,
});
export default NoticePanel;
