/**
 * /top-resources?id&title&moduleId&dataType…&displayType (spec 1 §2 'Top-resources more page'): the
 * 'more' page of a panel on the same host: the panel's title, one tab per data type (repeated
 * `dataType`), each a paged list newest first — resources through POST /api/v4/modules/top-{type} with
 * the panel's category (found by moduleId in the home config); a type whose items are a content list
 * (ModuleDefinition.dataList: notices, resource links) through GET /api/v1/modules/top-notice / top-link
 * of the module. Journals are shown as the journal panel shows them: cards with the cover,
 * title, latest issue, impact factor, ISSN and collection (modules/journal/JournalCards.tsx), as many to
 * a row as fit (one on a phone); scholars and institutions likewise as their panels' cards (avatar, name
 * and titles, institution, research field, output count; logo, place and kind, scholar and output counts
 * fetched by name: modules/scholar/ScholarCards.tsx, modules/institution/Panel.tsx; docs/decisions.md
 * 433); every other type as a list of titles with author, institution and date.
 */
import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Pagination, Skeleton, Tabs } from 'antd';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_CHOICES, type ResourceType } from '@common/constants';
import type { ModuleConfig } from '@common/homeConfig';
import { MSG } from '@common/messages';
import type { Page } from '@common/page';
import { TOP_KINDS, type DataListKind, type ListingPage, type TopKind } from '@modules/types';
import { definitionOf, typesListedOn } from '@modules/registry';
import { formatDate } from '@modules/kit/format';
import { JournalCards } from '@modules/journal/JournalCards';
import { ScholarCards } from '@modules/scholar/ScholarCards';
import { InstitutionGrid } from '@modules/institution/Panel';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import type { AppConfig } from '../../boot';
import type { SiteContext } from '@modules/types.app';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { fieldText } from '../visitor/fields';
import { itemHref, typeLabel } from './searchParts';
import { scalarText } from '@common/text';

/** The read of each content list, by module (spec 2 §7 'Content': GET /api/v1/modules/top-notice, top-link). */
/** The read of each content list (ModuleDefinition.dataList) for its more page: the list's own typed call. */
const CONTENT_LIST_READS: Record<
  DataListKind,
  (query: { applicationId: number; moduleId?: string; offset: number; count: number }, signal: AbortSignal) => Promise<Page<Item>>
> = {
  notice: (query, signal) => api.get('/api/v1/modules/top-notice', { query, signal }),
  link: (query, signal) => api.get('/api/v1/modules/top-link', { query, signal }),
};

/** The top kinds the generic read answers (anything else in the URL shows an empty list). */
const isTopKind = (t: string | undefined): t is TopKind => (TOP_KINDS as readonly (string | undefined)[]).includes(t);

type Item = Record<string, unknown> & { id: number; type?: string; title: string; date?: string | null };

/** Every module of the home config, nested ones (flex slots) included. */
export function allModules(config: Pick<AppConfig, 'homeConfig'>): ModuleConfig[] {
  const out: ModuleConfig[] = [];
  const visit = (list: unknown[]) => {
    for (const m of list as Array<ModuleConfig & { components?: Array<{ modules?: unknown[] }> }>) {
      out.push(m);
      for (const slot of m.components ?? []) visit(slot.modules ?? []);
    }
  };
  for (const entry of config.homeConfig ?? []) visit(entry.template ?? []);
  return out;
}

/**
 * The modules of the home config (flex slots included) whose type is listed on the visitor page `page`
 * (ModuleDefinition.listedOn: the navigator's link modules, the wechat page's accounts, the job pages'
 * sign-in rule), in page order.
 */
export function modulesListedOn(config: Pick<AppConfig, 'homeConfig'>, page: ListingPage): ModuleConfig[] {
  const types = new Set<string>(typesListedOn(page));
  return allModules(config).filter((m) => types.has(m.type));
}

/** What a card view gets: the page's items, the module whose links the cards are, the site, whether journals offer 订阅. */
interface CardViewProps {
  items: Item[];
  module: ModuleConfig;
  site: SiteContext;
  subscribable: boolean;
}

/**
 * The types whose more page shows their panel's cards instead of a list of titles (decisions 383, 433),
 * keyed by resource type: each type's panel cards.
 */
const CARD_VIEWS: Partial<Record<ResourceType, (p: CardViewProps) => ReactNode>> = {
  journal: ({ items, module, site, subscribable }) => (
    <JournalCards items={items} module={module} site={site} columns="auto" subscribable={subscribable} detailed />
  ),
  scholar: ({ items, module, site }) => <ScholarCards items={items} module={module} site={site} columns="auto" />,
  institution: ({ items, module, site }) => <InstitutionGrid items={items} module={module} site={site} columns="auto" />,
};
const cardsOf = (type: string | undefined) => (type && Object.hasOwn(CARD_VIEWS, type) ? CARD_VIEWS[type as ResourceType] : undefined);

/** Where an item of a content list leads (ModuleDefinition.dataList): a notice's page, a link's address. */
const CONTENT_LIST_HREF: Record<DataListKind, (it: Item) => string> = {
  notice: (it) => `/resources/notices/${it.id}`,
  link: (it) => scalarText(it.url) || '#',
};

/** The page; see the file comment. */
export default function TopResourcesPage() {
  const [params] = useSearchParams();
  const title = params.get('title') ?? MSG.moreTitle;
  return <VisitorFrame title={title}>{(config, site) => <TopResources config={config} site={site} />}</VisitorFrame>;
}

function TopResources({ config, site }: { config: AppConfig; site: SiteContext }) {
  const [params, setParams] = useSearchParams();
  const title = params.get('title') ?? MSG.moreTitle;
  const moduleId = params.get('moduleId') ?? params.get('id') ?? '';
  const module = useMemo(() => allModules(config).find((m) => m.id === moduleId), [config, moduleId]);
  const dataTypes = params.getAll('dataType').filter(Boolean);
  const types = dataTypes.length ? dataTypes : module ? [module.type] : [];
  const active = params.get('tab') && types.includes(params.get('tab')!) ? params.get('tab')! : types[0];
  // a tab of a module type whose items are a content list (ModuleDefinition.dataList) reads that list
  const contentList = active ? definitionOf(active)?.dataList : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = DEFAULT_PAGE_SIZE;
  const [one, two] = module?.category ?? [];
  const topicId = config.topicId ?? config.topic?.id ?? null;

  const list = useQuery<Page<Item>>({
    queryKey: ['top-resources', config.applicationId, moduleId, active, page, one, two],
    enabled: !!active,
    placeholderData: (prev) => prev,
    queryFn: ({ signal }) => {
      const offset = (page - 1) * size;
      if (contentList) return CONTENT_LIST_READS[contentList]({ applicationId: config.applicationId, moduleId, offset, count: size }, signal);
      if (!isTopKind(active)) return Promise.resolve({ content: [], totalElements: 0, empty: true, page, size } as Page<Item>);
      const body = {
        offset,
        count: size,
        ...(topicId != null ? { topicId } : {}),
        ...(one ? { categoryLevelOne: one } : {}),
        ...(two ? { categoryLevelTwo: two } : {}),
      };
      return api.post('/api/v4/modules/top-{kind}', { params: { kind: active }, body, signal });
    },
  });
  const set = (next: Record<string, string | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined) p.delete(k);
      else p.set(k, v);
    }
    setParams(p);
  };
  const hrefOf = (it: Item) => (contentList ? CONTENT_LIST_HREF[contentList](it) : itemHref({ type: it.type ?? active, id: it.id }));
  const data = list.data;
  // the module whose links the cards are; a more page opened without it gets a stand-in of the tab's type
  const cardModule = (type: string): ModuleConfig => module ?? { id: 'top-resources', type: type as ModuleConfig['type'], alias: title, span: 4 };
  const cards = contentList ? undefined : cardsOf(active);
  return (
    <section className="atr-vcard">
      <div className="atr-crumbs">
        <Link to="/">{MSG.backHome}</Link> / {title}
      </div>
      <h1 className="atr-detail__title" style={{ marginTop: 8 }}>
        {title}
      </h1>
      {types.length > 1 && (
        <Tabs activeKey={active} onChange={(k) => set({ tab: k, page: undefined })} items={types.map((t) => ({ key: t, label: typeLabel(t) }))} />
      )}
      {!active && <Empty description={MSG.noData} />}
      {active && list.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {list.isError && <Alert type="error" showIcon title={MSG.loadFailed} description={errorMessage(list.error)} />}
      {data &&
        (data.content.length === 0 ? (
          <Empty description={MSG.noData} />
        ) : (
          <>
            {cards && active ? (
              // the panel's cards (a more page opened without its module guards nothing)
              <div className="atr-p atr-p--bare">
                {cards({ items: data.content, module: cardModule(active), site, subscribable: !!module?.showRecommendation })}
              </div>
            ) : (
              <div className="atr-results">
                {data.content.map((it) => {
                  const href = hrefOf(it);
                  const external = /^https?:\/\//i.test(href);
                  const date = formatDate(it.date ?? it.publishDateTime ?? it.start_date);
                  return (
                    <article className="atr-result" key={it.id}>
                      {external ? (
                        <a className="atr-result__title" href={href} target="_blank" rel="noopener noreferrer">
                          {it.title}
                        </a>
                      ) : (
                        <Link className="atr-result__title" to={href}>
                          {it.title}
                        </Link>
                      )}
                      <div className="atr-result__meta">
                        {[fieldText(it.author), fieldText(it.institution), date].filter(Boolean).map((m, i) => (
                          <span key={i}>{m}</span>
                        ))}
                      </div>
                    </article>
                  );
                })}
              </div>
            )}
            <div className="atr-pager">
              <Pagination
                current={page}
                pageSize={size}
                total={data.totalElements}
                showQuickJumper
                showSizeChanger={false}
                pageSizeOptions={PAGE_SIZE_CHOICES.map(String)}
                showTotal={(t) => MSG.listTotal(t)}
                onChange={(p) => set({ page: p === 1 ? undefined : String(p) })}
              />
            </div>
          </>
        ))}
    </section>
  );
}
