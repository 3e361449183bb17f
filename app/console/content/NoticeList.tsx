/**
 * The notice list (spec 1 §2 'notice list (1000px)', §4 'Searching in a list', spec 2 §8, §9): filters by
 * type, publish state (已发布 / 未发布 / 全部) and title; pinned first; columns 标题, 类型, 置顶, 状态,
 * 发布时间, 操作 (编辑, 删除 with 你确认要删除这条通知公告吗？); pagination 10-100; the empty states
 * 还没有通知公告，去发布？ and 未找到相关通知公告，返回通知公告列表. 发布通知 opens the notice editor.
 * The frame (table, filters, paging, empty states, delete, editor) is ListFrame's ContentList.
 */
import { Select, Tag, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { NOTICE_TYPES, type NoticeType } from '@common/constants';
import { deleteNotice, listNotices, NOTICES_KEY, type Notice } from './api';
import { ContentList, contentTexts, type ContentKind, type ContentKindListProps, FilterItem, TitleCell } from './ListFrame';
import { NoticeEditorDialog } from './NoticeEditorDialog';

/** The list page's props. */
export type NoticeListProps = ContentKindListProps;

/** The notices as a content kind of ListFrame's ContentList. */
const TEXTS = contentTexts(MSG.publishNotice, 'notice');
const KIND: ContentKind<Notice> = { queryKey: NOTICES_KEY, load: listNotices, remove: (n) => deleteNotice(n.noticeId), rowKey: 'noticeId', texts: TEXTS };

/** See the file comment. */
export function NoticeList(list: NoticeListProps) {
  const { applicationId, moduleId, modules } = list;
  const moduleName = (id: string | null) => modules?.find((m) => m.id === id)?.alias;
  return (
    <ContentList<Notice>
      applicationId={applicationId}
      moduleId={moduleId}
      kind={KIND}
      filters={(list) => (
        <FilterItem label={MSG.fieldType}>
          <Select
            aria-label={MSG.fieldType}
            value={list.filters.type ?? ''}
            style={{ width: 130 }}
            onChange={(v: NoticeType | '') => list.set({ type: v || undefined })}
            options={[{ value: '', label: MSG.allTypes }, ...NOTICE_TYPES.map((t) => ({ value: t, label: t }))]}
          />
        </FilterItem>
      )}
      columns={[
        {
          title: MSG.fieldTitle,
          dataIndex: 'title',
          ellipsis: true,
          render: (t: string, n) => (
            <TitleCell title={t} pinned={n.top === 1} pinTip={MSG.fieldTop}>
              {moduleId === undefined && n.moduleId && moduleName(n.moduleId) && <Tag className="atr-content-module">{moduleName(n.moduleId)}</Tag>}
              {n.restrictDownload === 1 && (
                <Tooltip title={MSG.restrictDownloadLabel}>
                  <Tag color="gold" icon={<LockOutlined />}>
                    {MSG.restrictDownloadTag}
                  </Tag>
                </Tooltip>
              )}
            </TitleCell>
          ),
        },
        { title: MSG.fieldType, dataIndex: 'type', width: 100 },
        { title: MSG.fieldTop, dataIndex: 'top', width: 70, render: (v: number) => (v === 1 ? MSG.yes : MSG.no) },
      ]}
      editor={({ row, ...dialog }) => <NoticeEditorDialog {...list} {...dialog} noticeId={row?.noticeId ?? null} />}
    />
  );
}
