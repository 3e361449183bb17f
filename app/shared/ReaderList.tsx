/**
 * A reader's own list on a visitor page (我的反馈, 我的咨询, 我的提交, 文献传递): a card with its heading,
 * and a skeleton while it loads, {@link ListFailure} when the read failed, `empty` when it holds nothing, or
 * the list with each item as `render` draws it (the element carries its own key), after `lead` when given.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Skeleton } from 'antd';
import { ListFailure } from './ListFailure';

export function ReaderList<D extends { content: unknown[] }>(props: {
  /** the heading's id, which names the section */
  id: string;
  title: string;
  list: UseQueryResult<D>;
  empty: string;
  render(item: D['content'][number]): ReactNode;
  /** shown above the items once they are read (a quota, a note) */
  lead?: (data: D) => ReactNode;
  className?: string;
  headingClassName: string;
  listClassName: string;
}) {
  const { list } = props;
  return (
    <section className={['atr-vcard', props.className].filter(Boolean).join(' ')} aria-labelledby={props.id}>
      <h2 className={props.headingClassName} id={props.id}>
        {props.title}
      </h2>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.isError ? (
        <ListFailure error={list.error} retry={() => void list.refetch()} />
      ) : (
        <>
          {props.lead?.(list.data)}
          {list.data.content.length === 0 ? (
            <Empty description={props.empty} />
          ) : (
            <ul className={props.listClassName}>{list.data.content.map(props.render)}</ul>
          )}
        </>
      )}
    </section>
  );
}
