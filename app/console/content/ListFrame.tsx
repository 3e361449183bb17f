/**
 * The parts every content list shares (spec 1 §4 'Searching in a list'; spec 2 §8 empty states, §9
 * pagination): the filter bar state and its publish-state and title filters, the empty and not-found
 * states, the pagination settings.
 */
import { useState, type ReactNode } from 'react';
import { Button, Empty, Input, Select } from 'antd';
import { ACTIVE_ANY, DEFAULT_PAGE_SIZE, PAGE_SIZE_CHOICES } from '@common/constants';
import { MSG } from '@common/messages';
import type { TablePaginationConfig } from 'antd';

export interface ListFilters {
  active: number;
  type?: string;
  query: string;
  page: number;
  size: number;
}

export const initialFilters = (): ListFilters => ({ active: ACTIVE_ANY, type: undefined, query: '', page: 1, size: DEFAULT_PAGE_SIZE });

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
