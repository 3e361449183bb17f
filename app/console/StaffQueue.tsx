/**
 * The frame of the console's staff queues (feedback, reference questions, document delivery,
 * communities; issue 29): the application, filters, page and open item kept in the URL, the
 * application select beside the page's own filters, and the table with 20 a page.
 */
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Empty, Space, Table, type TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { MSG } from '@common/messages';
import { errorMessage } from '../api';
import { ApplicationSelect, useConsoleApplications } from './ApplicationSelect';
import { PageHead } from './PageHead';
import { listPagination } from './sections/ListFilters';
import './console.css';

/** A change of URL parameters: a value sets one, undefined or '' removes it. */
export type QueueUpdate = (next: Record<string, string | number | undefined>) => void;

/**
 * A queue page's URL state: `applicationId` (else the first application the caller manages), `page`
 * (1 to 100,000) and `id` (the open item, or null), and `update`, which goes back to page 1 when a filter
 * changes and adds a history entry only when an item is opened or closed. Sets the document title.
 */
export function useStaffQueue(title: string) {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    document.title = `${title} · ${MSG.consoleTitle}`;
  }, [title]);
  const apps = useConsoleApplications();
  const asked = Number(params.get('applicationId')) || 0;
  const applicationId = asked || apps.data?.content[0]?.applicationId || 0;
  const page = Math.max(1, Math.min(100_000, Number(params.get('page')) || 1));
  const openId = Number(params.get('id')) || null;
  const update: QueueUpdate = (next) => {
    const p = new URLSearchParams(params);
    if (!('page' in next) && !('id' in next)) p.delete('page');
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p, { replace: !('id' in next) });
  };
  return { params, apps, applicationId, page, openId, update };
}

/** What {@link StaffQueueFrame} shows. */
export interface StaffQueueFrameProps<T extends { id: number }> {
  queue: ReturnType<typeof useStaffQueue>;
  /** the page's title, with its icon */
  title: ReactNode;
  /** the page head's actions (right of the title) */
  actions?: ReactNode;
  /** the page head's hint (below the title) */
  hint?: ReactNode;
  /** the page's own filters, after the application select */
  filters?: ReactNode;
  list: UseQueryResult<{ content: T[]; totalElements: number }>;
  columns: TableColumnsType<T>;
  /** the table's scroll width, px */
  scrollX: number;
  /** the empty table's text */
  emptyText: string;
  pageSize: number;
  /** the class of a row (e.g. an overdue question) */
  rowClassName?: (row: T) => string;
  /** opens a row on double click (usually `update({ id })`) */
  onOpen?: (row: T) => void;
  /** below the card: the item's drawer, dialogs */
  children?: ReactNode;
}

/** The page: head, the card with the filters and the table, then `children`. */
export function StaffQueueFrame<T extends { id: number }>(p: StaffQueueFrameProps<T>) {
  const { queue, list } = p;
  return (
    <div className="atr-console__page">
      <PageHead title={p.title} hint={p.hint}>
        {p.actions}
      </PageHead>
      <div className="atr-panel-card">
        <Space wrap style={{ marginBottom: 12 }}>
          <ApplicationSelect
            apps={queue.apps}
            value={queue.applicationId}
            onChange={(v: number) => queue.update({ applicationId: v, ...(queue.openId ? { id: undefined } : {}) })}
          />
          {p.filters}
        </Space>
        <Table<T>
          rowKey="id"
          columns={p.columns}
          dataSource={list.data?.content ?? []}
          loading={list.isFetching}
          scroll={{ x: p.scrollX }}
          rowClassName={p.rowClassName}
          onRow={p.onOpen ? (row) => ({ onDoubleClick: () => p.onOpen?.(row) }) : undefined}
          locale={{ emptyText: <Empty description={list.isError ? errorMessage(list.error) : p.emptyText} /> }}
          pagination={listPagination(queue.page, list.data?.totalElements ?? 0, (n) => queue.update({ page: n === 1 ? undefined : n }), p.pageSize)}
        />
      </div>
      {p.children}
    </div>
  );
}
