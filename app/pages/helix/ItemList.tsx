/**
 * The list of 我的收藏 and 浏览历史 (decision 583): each item's type, title (a link to its page on the
 * site) and time, 20 a page, with an action per item (取消收藏) when given. Titles are text nodes.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Empty, Pagination, Tag } from 'antd';
import { HELIX_PAGE_SIZE, READER_ITEM_TYPE_LABELS, type ReaderItemType } from '@common/helix';
import { isSitePath } from '@common/safePath';
import { DAY_MINUTE, formatLocal } from '@common/dates';
import type { ReaderItem } from '@common/contracts/helix';

/** The list; `action` renders an item's button, `empty` the text when there is none. */
export function ItemList(props: {
  items: ReaderItem[];
  total: number;
  page: number;
  onPage(page: number): void;
  empty: string;
  testId: string;
  action?: (it: ReaderItem) => ReactNode;
}) {
  if (props.items.length === 0) return <Empty description={props.empty} />;
  return (
    <>
      <ul className="atr-helix__list">
        {props.items.map((it) => (
          <li key={it.id} className="atr-helix__item" data-testid={props.testId}>
            <div className="atr-helix__item-head">
              <Tag>{READER_ITEM_TYPE_LABELS[it.targetType as ReaderItemType] ?? it.targetType}</Tag>
              <strong className="atr-helix__title">{isSitePath(it.link) ? <Link to={it.link}>{it.title}</Link> : it.title}</strong>
              <span className="atr-helix__date">{formatLocal(new Date(it.at), DAY_MINUTE)}</span>
              {props.action?.(it)}
            </div>
          </li>
        ))}
      </ul>
      {props.total > HELIX_PAGE_SIZE && (
        <Pagination
          className="atr-helix__pager"
          current={props.page}
          pageSize={HELIX_PAGE_SIZE}
          total={props.total}
          onChange={props.onPage}
          showSizeChanger={false}
        />
      )}
    </>
  );
}
