/**
 * The resource-link list (spec 1 §2 'link/resource list (1000px)', §4, spec 2 §8, §9): filters by
 * publish state and title; pinned first by pin order; columns 封面, 标题, 链接地址, 置顶, 状态, 发布时间,
 * 操作 (编辑, 删除 with 你确认要删除这条资源链接吗？); pagination 10-100; the empty states
 * 还没有资源链接，去发布？ and 未找到相关资源链接，返回资源链接列表. 发布链接 opens the link editor.
 * The frame (table, filters, paging, empty states, delete, editor) is ListFrame's ContentList.
 */
import { MSG } from '@common/messages';
import { deleteLink, listLinks, LINKS_KEY, type Link } from './api';
import { ContentList, contentTexts, type ContentKind, type ContentKindListProps, TitleCell } from './ListFrame';
import { LinkEditorDialog } from './LinkEditorDialog';

/** The list page's props. */
export type LinkListProps = ContentKindListProps;

/** The links as a content kind of ListFrame's ContentList. */
const TEXTS = contentTexts(MSG.publishLink, 'link');
const KIND: ContentKind<Link> = { queryKey: LINKS_KEY, load: listLinks, remove: (l) => deleteLink(l.linkId), rowKey: 'linkId', texts: TEXTS };

/** See the file comment. */
export function LinkList(list: LinkListProps) {
  const { applicationId, moduleId } = list;
  return (
    <ContentList<Link>
      applicationId={applicationId}
      moduleId={moduleId}
      kind={KIND}
      columns={[
        {
          title: MSG.fieldCover,
          dataIndex: 'cover',
          width: 76,
          render: (c: string | null) =>
            c ? <img src={c} alt="" className="atr-content-thumb" /> : <span className="atr-content-thumb atr-content-thumb--none" />,
        },
        {
          title: MSG.fieldTitle,
          dataIndex: 'title',
          ellipsis: true,
          render: (t: string, l) => <TitleCell title={t} pinned={l.top === 1} pinTip={`${MSG.fieldTopOrder} ${l.topOrder}`} />,
        },
        {
          title: MSG.fieldUrl,
          dataIndex: 'url',
          ellipsis: true,
          render: (u: string) => (
            <a href={u} target="_blank" rel="noopener noreferrer">
              {u}
            </a>
          ),
        },
        { title: MSG.fieldTop, dataIndex: 'top', width: 80, render: (v: number, l) => (v === 1 ? `${MSG.yes}（${l.topOrder}）` : MSG.no) },
      ]}
      editor={({ row, ...dialog }) => <LinkEditorDialog {...list} {...dialog} link={row} />}
    />
  );
}
