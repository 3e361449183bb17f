/**
 * The filter bar pieces shared by the console's resource lists (the console sections and the topic
 * data page): filters kept in the URL's query, the title search, the year box, the published-state choice
 * and the list's paging (20 a page, spec 2 §9).
 */
import { useSearchParams } from 'react-router';
import { Input, InputNumber, Select, type TablePaginationConfig } from 'antd';
import { MSG } from '@common/messages';
import { CONSOLE_PAGE_SIZE } from '@common/constants';

/** A change of URL filters: a value sets one, undefined or '' removes it. */
export type FilterChange = Record<string, string | number | undefined>;

/**
 * The URL's query and `update(next)`, which applies a change (replacing the history entry); any change
 * but the page goes back to page 1. `always` entries are set on every change (e.g. the chosen application).
 */
export function useUrlFilters(always: Record<string, string> = {}) {
  const [params, setParams] = useSearchParams();
  const update = (next: FilterChange) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(always)) p.set(k, v);
    if (!('page' in next)) p.delete('page');
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p, { replace: true });
  };
  return { params, update };
}

/** The page asked for in the URL (1 when missing or bad). */
export const pageParam = (params: URLSearchParams): number => Math.max(1, Number(params.get('page')) || 1);

/** The published-state filter of the URL ('yes' / 'no'), undefined otherwise. */
export const publishedParam = (params: URLSearchParams): 'yes' | 'no' | undefined => (['yes', 'no'] as const).find((v) => v === params.get('published'));

/** A four-digit year box: applies on Enter or when left; an empty box removes the filter. */
export function YearFilter({ value, onChange }: { value: number | undefined; onChange(year: number | undefined): void }) {
  return (
    <InputNumber<number>
      aria-label={MSG.filterYear}
      placeholder={MSG.filterYear}
      min={1000}
      max={9999}
      controls={false}
      style={{ width: 100 }}
      defaultValue={value}
      key={`y-${value ?? ''}`}
      onPressEnter={(e) => onChange(Number((e.target as HTMLInputElement).value) || undefined)}
      onBlur={(e) => {
        const y = Number(e.target.value) || undefined;
        if (y !== value) onChange(y);
      }}
    />
  );
}

/** 全部状态 / 已发布 / `unpublished` (the not-published state's name in the list: 未发布, 已下架). */
export function PublishedFilter({
  value,
  unpublished,
  onChange,
}: {
  value: 'yes' | 'no' | undefined;
  unpublished: string;
  onChange(v: 'yes' | 'no' | undefined): void;
}) {
  return (
    <Select<'yes' | 'no' | ''>
      aria-label={MSG.publishState}
      style={{ width: 120 }}
      value={value ?? ''}
      onChange={(v) => onChange(v || undefined)}
      options={[
        { value: '', label: MSG.allStates },
        { value: 'yes', label: MSG.published },
        { value: 'no', label: unpublished },
      ]}
    />
  );
}

/**
 * The paging of a console table (spec 2 §9): `page` of `total` items, `pageSize` a page (20 unless given),
 * no size changer, 共 N 条 (N grouped by thousands); `onChange` gets the new page. The one paging of the
 * console's server-paged tables but the content lists (content/ListFrame.tsx, with sizes 10-100).
 */
export function listPagination(page: number, total: number, onChange: (page: number) => void, pageSize = CONSOLE_PAGE_SIZE): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total,
    showSizeChanger: false,
    showTotal: (n) => `${MSG.totalPrefix} ${n.toLocaleString('zh-CN')} ${MSG.totalSuffix}`,
    onChange,
  };
}

/** The title search box of a console list; `onSearch` gets the trimmed text, undefined when empty. */
export function TitleSearch({ value, onSearch }: { value: string | undefined; onSearch(query: string | undefined): void }) {
  return (
    <Input.Search
      allowClear
      defaultValue={value}
      placeholder={MSG.searchResources}
      style={{ width: 220 }}
      aria-label={MSG.searchResources}
      onSearch={(v) => onSearch(v.trim() || undefined)}
    />
  );
}
