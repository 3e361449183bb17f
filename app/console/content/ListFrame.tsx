/**
 * The frame every content list shares (spec 1 §4 'Searching in a list'; spec 2 §8 empty states, §9
 * pagination): {@link ContentList}, the table with its filter bar, publish button, the
 * columns 发布状态 / 发布时间 / 操作, delete confirmation, empty and not-found states, pagination and the
 * editor dialog, into which NoticeList and LinkList put their own columns, filters and editor; and its
 * parts (filter state, the publish-state and title filters, the empty states, the pagination settings).
 */
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Select, Space, Table, Tag, Tooltip, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, PushpinFilled } from '@ant-design/icons';
import { ACTIVE_ANY, CONSOLE_PAGE_SIZE, PAGE_SIZE_CHOICES } from '@common/constants';
import { MSG } from '@common/messages';
import type { Page } from '@common/page';
import { errorMessage } from '../../api';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete';
import type { NoticeType } from '@common/constants';
import type { ContentFilter, ContentModule } from './api';
import { formatDateTime } from './time';

export interface ListFilters {
  active: number;
  /** a notice type (spec 1 §3 'Notice'); links have none */
  type?: NoticeType;
  query: string;
  page: number;
  size: number;
}

export const initialFilters = (): ListFilters => ({ active: ACTIVE_ANY, type: undefined, query: '', page: 1, size: CONSOLE_PAGE_SIZE });

/** Filter state: changing a filter goes to page 1; `reset` clears every filter (spec 1 §4). */
export function useListFilters() {
  const [filters, setFilters] = useState<ListFilters>(initialFilters);
  const [draft, setDraft] = useState('');
  return {
    filters,
    /** the text in the search box (searched only on enter / the search button) */
    draft,
    setDraft,
    set: (patch: Partial<ListFilters>) => setFilters((f) => ({ ...f, ...patch, page: patch.page ?? 1 })),
    search: (q: string) => {
      const query = q.trim();
      if (query === '') {
        setDraft('');
        setFilters(initialFilters());
        return;
      }
      setFilters((f) => ({ ...f, query, page: 1 }));
    },
    reset: () => {
      setDraft('');
      setFilters(initialFilters());
    },
    /** true when something narrows the list */
    filtered: (f: ListFilters) => f.query !== '' || f.type !== undefined || f.active !== ACTIVE_ANY,
  };
}

/**
 * The pagination of spec 2 §9: sizes 10/20/30/40/50/100, seven page buttons at most (antd's
 * showLessItems), quick jumper, total 共 N 条.
 */
export function pagination(f: ListFilters, total: number, onChange: (page: number, size: number) => void): TablePaginationConfig {
  return {
    current: f.page,
    pageSize: f.size,
    total,
    showSizeChanger: true,
    showQuickJumper: true,
    showLessItems: true,
    pageSizeOptions: PAGE_SIZE_CHOICES.map(String),
    showTotal: (t) => `${MSG.totalPrefix} ${t} ${MSG.totalSuffix}`,
    onChange,
    hideOnSinglePage: false,
  };
}

/**
 * The list's empty states (spec 2 §8): with filters, the not-found text whose second half goes back to
 * the list; without, the nothing-yet text whose second half opens the editor.
 */
export function ListEmpty({
  filtered,
  emptyText,
  noMatchText,
  onCreate,
  onBack,
}: {
  filtered: boolean;
  emptyText: string;
  noMatchText: string;
  onCreate(): void;
  onBack(): void;
}) {
  const [lead, action] = splitAction(filtered ? noMatchText : emptyText);
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <span className="atr-content-empty">
          {lead}，
          <Button type="link" size="small" onClick={filtered ? onBack : onCreate}>
            {action}
          </Button>
        </span>
      }
    />
  );
}

/** Splits '还没有通知公告，去发布？' into its statement and its action at the first '，'. */
export function splitAction(text: string): [string, string] {
  const i = text.indexOf('，');
  return i < 0 ? [text, ''] : [text.slice(0, i), text.slice(i + 1)];
}

/** A label and its control in the filter bar. */
export function FilterItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="atr-content-filter">
      <span>{label}</span>
      {children}
    </label>
  );
}

const ACTIVE_OPTIONS = [
  { value: ACTIVE_ANY, label: MSG.activeAll },
  { value: 1, label: MSG.activePublished },
  { value: 0, label: MSG.activeUnpublished },
];

/** The publish-state filter (已发布 / 未发布 / 全部) of a list's filter bar. */
export function ActiveFilter({ list }: { list: ReturnType<typeof useListFilters> }) {
  return (
    <FilterItem label={MSG.fieldActive}>
      <Select
        aria-label={MSG.fieldActive}
        value={list.filters.active}
        style={{ width: 110 }}
        onChange={(v) => list.set({ active: v })}
        options={ACTIVE_OPTIONS}
      />
    </FilterItem>
  );
}

/** The title search of a list's filter bar: searched on enter; emptying the box clears every filter (spec 1 §4). */
export function TitleSearch({ list, searching }: { list: ReturnType<typeof useListFilters>; searching: boolean }) {
  const f = list.filters;
  return (
    <Input.Search
      aria-label={MSG.searchByTitle}
      placeholder={MSG.searchByTitle}
      allowClear
      style={{ width: 240 }}
      value={list.draft}
      onChange={(e) => {
        list.setDraft(e.target.value);
        if (e.target.value === '' && f.query) list.reset();
      }}
      onSearch={(v) => list.search(v)}
      loading={searching && !!f.query}
    />
  );
}

/** What every listed notice or link has: the publish state and time the frame's own columns show. */
export interface ContentRow {
  active: number;
  activeText: string;
  publishDateTime: string;
}

/** The words of one kind of list (MSG texts): its publish button, empty states and delete confirmation. */
/**
 * A kind's list texts from its messages: `publish` (发布通知 / 发布链接) and the keys `{prefix}Empty`,
 * `{prefix}NoMatch`, `{prefix}DeleteTitle`, `{prefix}DeleteConfirm`, `{prefix}Deleted` of MSG.
 */
export const contentTexts = (publish: string, prefix: 'link' | 'notice'): ContentListTexts => ({
  publish,
  empty: MSG[`${prefix}Empty`],
  noMatch: MSG[`${prefix}NoMatch`],
  deleteTitle: MSG[`${prefix}DeleteTitle`],
  deleteConfirm: MSG[`${prefix}DeleteConfirm`],
  deleted: MSG[`${prefix}Deleted`],
});

export interface ContentListTexts {
  /** 发布通知 / 发布链接 */
  publish: string;
  /** 还没有…，去发布？ */
  empty: string;
  /** 未找到相关…，返回…列表 */
  noMatch: string;
  deleteTitle: string;
  deleteConfirm: string;
  /** …删除成功！, when the server's answer carries no message */
  deleted: string;
}

/** Props of {@link ContentList}; `T` is the row (Notice, Link). */
/** The props of a kind's list page (NoticeList, LinkList): the application, the module, its content modules. */
export interface ContentKindListProps {
  applicationId: number;
  /** list and create the items of this module only; undefined = all of the application */
  moduleId?: string | null;
  /** the application's modules of the kind, for the editor's module choice and the title's module tag */
  modules?: ContentModule[];
  uid?: number;
}

/**
 * What a content kind (notices, links) gives the list: its query key, its calls, its row key and its
 * texts. Declared once a kind (NoticeList.tsx, LinkList.tsx).
 */
export interface ContentKind<T extends ContentRow> {
  /** the react-query key of the kind (NOTICES_KEY, LINKS_KEY); a save or delete refreshes every list of the application under it */
  queryKey: string;
  /** loads one page with the filters (GET /api/v1/notices, /api/v1/links) */
  load(f: ContentFilter, signal: AbortSignal): Promise<Page<T>>;
  /** deletes a row; the answer's message is shown */
  remove(row: T): Promise<{ message: string }>;
  rowKey: keyof T & string;
  texts: ContentListTexts;
}

export interface ContentListProps<T extends ContentRow> {
  applicationId: number;
  /** list the items of this module only; undefined = all of the application */
  moduleId?: string | null;
  /** the kind: query key, calls, row key, texts */
  kind: ContentKind<T>;
  /** the kind's own columns, before 发布状态, 发布时间 and 操作 */
  columns: TableColumnsType<T>;
  /** filters of the kind, before the publish-state filter */
  filters?(list: ReturnType<typeof useListFilters>): ReactNode;
  /** the editor dialog: `row` null creates; `onSaved` refreshes the list */
  editor(props: { open: boolean; row: T | null; onClose(): void; onSaved(): void }): ReactNode;
}

/**
 * A content list (see the file comment): filters (the kind's, 发布状态, title search) and the publish
 * button above the table; the kind's columns then 发布状态 (green tag when published), 发布时间 and 操作
 * (编辑 opens the editor, 删除 asks `texts.deleteConfirm` first and goes back a page when it removed the
 * page's last row); pagination 10-100 when there is a row; the empty states of spec 2 §8.
 */
export function ContentList<T extends ContentRow>({ applicationId, moduleId, kind, columns, filters, editor }: ContentListProps<T>) {
  const { queryKey, load, remove, rowKey, texts } = kind;
  const queryClient = useQueryClient();
  const list = useListFilters();
  const f = list.filters;
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const query = useQuery({
    queryKey: [queryKey, applicationId, moduleId ?? null, f],
    queryFn: ({ signal }) =>
      load({ applicationId, moduleId: moduleId ?? undefined, active: f.active, type: f.type, query: f.query || undefined, page: f.page, size: f.size }, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [queryKey, applicationId] });
  const rows = query.data?.content ?? [];

  const confirmDelete = useConfirmedDelete();
  const confirmRemove = (row: T) =>
    confirmDelete({
      title: texts.deleteTitle,
      content: texts.deleteConfirm,
      send: async () => {
        const r = await remove(row);
        // the page's last row went: show the page before it
        if (rows.length === 1 && f.page > 1) list.set({ page: f.page - 1 });
        return r;
      },
      successMsg: texts.deleted,
      queryKey: [queryKey, applicationId],
    });

  return (
    <div className="atr-content-list">
      <div className="atr-content-bar">
        <Space wrap size={[16, 8]}>
          {filters?.(list)}
          <ActiveFilter list={list} />
          <TitleSearch list={list} searching={query.isFetching} />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
          {texts.publish}
        </Button>
      </div>
      <Table<T>
        rowKey={rowKey}
        size="middle"
        dataSource={rows}
        loading={query.isFetching}
        locale={{
          emptyText: query.isPending ? (
            ' '
          ) : query.isError ? (
            errorMessage(query.error)
          ) : (
            <ListEmpty
              filtered={list.filtered(f)}
              emptyText={texts.empty}
              noMatchText={texts.noMatch}
              onCreate={() => setEditing({ row: null })}
              onBack={list.reset}
            />
          ),
        }}
        pagination={
          query.data && query.data.totalElements > 0
            ? pagination(f, query.data.totalElements, (page, size) => list.set({ page: size !== f.size ? 1 : page, size }))
            : false
        }
        columns={[
          ...columns,
          { title: MSG.fieldActive, dataIndex: 'activeText', width: 90, render: (t: string, r) => <Tag color={r.active === 1 ? 'green' : 'default'}>{t}</Tag> },
          { title: MSG.fieldPublishTime, dataIndex: 'publishDateTime', width: 170, render: (v: string) => formatDateTime(v) },
          {
            title: MSG.actions,
            key: 'actions',
            width: 150,
            render: (_v, r) => (
              <Space size={0}>
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ row: r })}>
                  {MSG.edit}
                </Button>
                <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => confirmRemove(r)}>
                  {MSG.delete}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editor({ open: editing !== null, row: editing?.row ?? null, onClose: () => setEditing(null), onSaved: () => void refresh() })}
    </div>
  );
}

/**
 * The title cell of a content list: the pin (with `pinTip` as its tooltip) when `pinned`, the title as
 * plain text (React escapes it), then `children` (the kind's tags).
 */
export function TitleCell({ title, pinned, pinTip, children }: { title: string; pinned: boolean; pinTip: string; children?: ReactNode }) {
  return (
    <span className="atr-content-title">
      {pinned && (
        <Tooltip title={pinTip}>
          <PushpinFilled className="atr-content-pin" aria-label={MSG.fieldTop} />
        </Tooltip>
      )}
      <span>{title}</span>
      {children}
    </span>
  );
}
