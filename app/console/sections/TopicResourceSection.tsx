/**
 * A console section over one resource type of an application's topic (docs/decisions.md
 * 300-302 reports, 324-326 jobs, tools, WeChat articles): the address after the section's base chooses
 * - `{base}`: the list, 20 a page (spec 2 §9), with title search and the section's filters (year,
 *   published state, a server-side choice such as the report type), all kept in the URL; per row: edit,
 *   publish or withdraw, view on the site (published ones, when the section has a visitor page), delete
 *   (after confirmation);
 * - `{base}/new` and `{base}/{id}/edit`: the editor page with the type's fields (resources/ResourceForm.tsx,
 *   from common/resourceFields.ts). A new item is saved as a draft.
 * Calls: GET/POST/PUT/DELETE /api/v1/topics/{id}/resources and POST …/bulk (publish, withdraw), which let
 * the application's managers holding 内容管理 and super managers in. The application comes from
 * SectionApplication (`?applicationId=`).
 */
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Breadcrumb, Button, Empty, Form, Result, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { CONSOLE_PAGE_SIZE } from '@common/constants';

import { RESOURCE_TYPE_SPECS, type ConsoleResourceType } from '@common/resourceFields';
import type { TopicResource } from '@common/topics';
import { ApiError, errorMessage } from '../../api';
import type { AppConfig } from '../../boot';
import { PageSpinner } from '../../pages/PageSpinner';
import { useSession } from '../../shared/session';
import type { ApplicationListItem, WithMessage } from '../../shared/types';
import { DeleteButton } from '../DeleteButton';
import { useFormSubmit } from '../../shared/useFormSubmit';
import { useApplicationConfig } from '../useApplicationConfig';
import { ResourceFields, type FieldChoices } from '../resources/ResourceForm';
import { applyPathErrors } from '../resources/serverErrors';
import { PageHead } from '../PageHead';
import { SectionApplication } from './SectionApplication';
import { listPagination, pageParam, publishedParam, PublishedFilter, TitleSearch, useUrlFilters, YearFilter } from './ListFilters';
import '../console.css';
import { api } from '../../shared/apiClient';

/** The texts of a section: its title and hint, and what its buttons, messages and empty states say. */
export interface SectionLabels {
  title: string;
  hint: string;
  /** what one item is called in the refusal and no-topic prompts (报告, 招聘信息, …) */
  noun: string;
  create: string;
  edit: string;
  created: string;
  saved: string;
  published: string;
  withdrawn: string;
  deleteTitle: string;
  deleteConfirm: (title: string) => string;
  notFound: string;
  back: string;
  none: string;
  noMatch: string;
}

/** A filter kept in the URL and sent as the list call's query parameter of the same name. */
export interface SectionChoiceFilter {
  param: string;
  label: string;
  /** the label of 'no choice' */
  all: string;
  /**
   * the options; or `{ choice }`: those the section loads for that field (loadChoices, e.g. the WeChat
   * accounts of the application), where a value asked in the URL is sent as it is (the server checks it)
   */
  options: readonly { value: string; label: string }[] | { choice: string };
  /** the box's width, px (default 140) */
  width?: number;
  /**
   * the item field the filter selects on: a new item made while the filter is set starts with its
   * value (e.g. 新建 on one account's articles starts an article of that account)
   */
  field?: string;
}

/**
 * The set choice filters that name a field (`value` reads one), as URL parameters to append
 * (`&account=…`, or ''): a new item's editor starts from them, and goes back to the list they filter.
 */
function carriedFilters(spec: SectionSpec, value: (param: string) => string | number | null | undefined): string {
  const q = new URLSearchParams();
  for (const f of spec.choiceFilters ?? []) {
    const v = value(f.param);
    if (f.field && v !== undefined && v !== null && v !== '') q.set(f.param, String(v));
  }
  const s = q.toString();
  return s ? `&${s}` : '';
}

/** The fields a new item starts with from the URL's choice filters (those that name a field). */
function fieldsFromFilters(spec: SectionSpec, params: URLSearchParams): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const f of spec.choiceFilters ?? []) {
    const v = params.get(f.param);
    if (f.field && v) fields[f.field] = v;
  }
  return fields;
}

/** A choice filter's options: its own, or those loaded for its field (plus `asked` when it is not among them). */
function filterOptions(f: SectionChoiceFilter, choices: FieldChoices, asked: string | undefined): readonly { value: string; label: string }[] {
  if (!('choice' in f.options)) return f.options;
  const loaded = choices[f.options.choice] ?? [];
  return asked && !loaded.some((o) => o.value === asked) ? [...loaded, { value: asked, label: asked }] : loaded;
}

/** Everything that differs between sections of topic resources. */
export interface SectionSpec {
  type: ConsoleResourceType;
  /** the section's address, e.g. '/console/jobs' */
  base: string;
  icon: ReactNode;
  labels: SectionLabels;
  /** the columns between the title and the state (`choices`: those of loadChoices, {} until they come) */
  columns: (choices: FieldChoices) => TableColumnsType<TopicResource>;
  /** filters by year of the item's date */
  year?: boolean;
  choiceFilters?: readonly SectionChoiceFilter[];
  /** the visitor's page of a published item, a path on the application's site */
  viewHref?: (r: TopicResource) => string | null;
  /** the fields a new item starts with (e.g. the application's download default) */
  initialFields?: (config: AppConfig | undefined) => Record<string, unknown>;
  /** the options of the fields edited as a choice (e.g. the WeChat accounts bound to the application) */
  loadChoices?: (app: ApplicationListItem, signal: AbortSignal) => Promise<FieldChoices>;
}

/** The section's field choices for the application ({} for a section without any, or while asking). */
function useChoices(spec: SectionSpec, app: ApplicationListItem): FieldChoices {
  const q = useQuery({
    queryKey: ['console-section-choices', spec.type, app.applicationId],
    queryFn: ({ signal }) => spec.loadChoices!(app, signal),
    enabled: !!spec.loadChoices,
  });
  return q.data ?? {};
}

/** A field value as table text: strings, numbers and lists of them (joined with 、). */
export function cellText(v: unknown): string {
  if (Array.isArray(v)) return v.filter((x) => typeof x === 'string' || typeof x === 'number').join('、');
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  return '';
}

/** A table cell: the text, or a muted dash when there is none. */
export const cellOrDash = (v: unknown): ReactNode => cellText(v) || <span className="atr-muted">—</span>;

/** A table cell: the text as a tag (`color`, default grey), or a muted dash when there is none. */
export const cellTag = (v: unknown, color?: string): ReactNode => (cellText(v) ? <Tag color={color}>{cellText(v)}</Tag> : <span className="atr-muted">—</span>);

/** The label of a field of the type (common/resourceFields.ts), for a column's title. */
export const fieldLabel = (type: ConsoleResourceType, name: string): string => RESOURCE_TYPE_SPECS[type].fields.find((f) => f.name === name)?.label ?? name;

/** The section's pages inside the console layout; see the file comment. */
export function TopicResourceSection({ spec }: { spec: SectionSpec }) {
  const rest = useParams()['*'] ?? '';
  const { labels } = spec;
  return (
    <SectionApplication title={labels.title} noun={labels.noun}>
      {({ app, topicId, picker }) => {
        const edit = /^(\d+)\/edit$/.exec(rest);
        const back = `${spec.base}?applicationId=${app.applicationId}`;
        if (rest === '') return <SectionList spec={spec} app={app} topicId={topicId} picker={picker} />;
        if (rest === 'new' || edit) return <SectionEditor key={rest} spec={spec} app={app} topicId={topicId} itemId={edit ? Number(edit[1]) : null} />;
        return <Result status="404" title={labels.notFound} extra={<Link to={back}>{labels.back}</Link>} />;
      }}
    </SectionApplication>
  );
}

/** The list's filters as kept in the URL. */
interface Filters {
  page: number;
  query?: string;
  year?: number;
  published?: 'yes' | 'no';
  [param: string]: string | number | undefined;
}

function SectionList({ spec, app, topicId, picker }: { spec: SectionSpec; app: ApplicationListItem; topicId: number; picker: ReactNode }) {
  const { labels } = spec;
  const { params, update } = useUrlFilters({ applicationId: String(app.applicationId) });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const choices = useChoices(spec, app);
  const listKey = ['console-section', spec.type, topicId];
  const filters: Filters = {
    page: pageParam(params),
    query: params.get('query') || undefined,
    year: spec.year ? Number(params.get('year')) || undefined : undefined,
    published: publishedParam(params),
  };
  for (const f of spec.choiceFilters ?? []) {
    const asked = params.get(f.param) || undefined;
    filters[f.param] = 'choice' in f.options || f.options.some((o) => o.value === asked) ? asked : undefined;
  }
  const list = useQuery({
    queryKey: [...listKey, filters],
    queryFn: ({ signal }) =>
      api.get('/api/v1/topics/{topicId}/resources', { params: { topicId }, query: { type: spec.type, size: CONSOLE_PAGE_SIZE, ...filters }, signal }),
    placeholderData: keepPreviousData,
  });
  const setPublished = async (r: TopicResource, publish: boolean) => {
    try {
      await api.post('/api/v1/topics/{topicId}/resources/bulk', { params: { topicId }, body: { action: publish ? 'publish' : 'withdraw', ids: [r.id] } });
      message.success(publish ? labels.published : labels.withdrawn);
    } catch (err) {
      message.error(errorMessage(err));
    }
    void queryClient.invalidateQueries({ queryKey: listKey });
  };
  const editHref = (id: number) => `${spec.base}/${id}/edit?applicationId=${app.applicationId}`;

  const columns: TableColumnsType<TopicResource> = [
    {
      title: MSG.fieldTitle,
      key: 'title',
      ellipsis: true,
      render: (_, r) => (
        <Link to={editHref(r.id)} className="atr-app-name">
          {r.title}
        </Link>
      ),
    },
    ...spec.columns(choices),
    {
      title: MSG.reportState,
      key: 'published',
      width: 90,
      render: (_, r) => (r.published ? <Tag color="green">{MSG.published}</Tag> : <Tag>{MSG.reportDraft}</Tag>),
    },
    {
      title: MSG.actions,
      key: 'actions',
      width: 300,
      render: (_, r) => {
        const view = r.published ? spec.viewHref?.(r) : null;
        return (
          <Space size={2} wrap>
            <Link to={editHref(r.id)}>
              <Button type="link" size="small" icon={<EditOutlined />}>
                {MSG.edit}
              </Button>
            </Link>
            <Button type="link" size="small" onClick={() => void setPublished(r, !r.published)}>
              {r.published ? MSG.reportWithdraw : MSG.publish}
            </Button>
            {view && (
              <Button type="link" size="small" icon={<EyeOutlined />} href={`//${app.host}${view}`} target="_blank" rel="noopener noreferrer">
                {MSG.reportView}
              </Button>
            )}
            <DeleteButton
              confirm={{
                title: labels.deleteTitle,
                content: labels.deleteConfirm(r.title),
                send: () => api.delete('/api/v1/topics/{topicId}/resources/{resourceId}', { params: { topicId, resourceId: r.id } }),
                successMsg: MSG.resourceDeleted,
                queryKey: listKey,
              }}
            />
          </Space>
        );
      },
    },
  ];

  const filtered = Object.entries(filters).some(([k, v]) => k !== 'page' && v !== undefined);
  return (
    <div className="atr-console__page">
      <PageHead
        title={
          <>
            {spec.icon} {labels.title}
            {app.topic?.title ? <Tag color="blue">{app.topic.title}</Tag> : null}
          </>
        }
        hint={labels.hint}
      >
        <Space wrap>
          {picker}
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(`${spec.base}/new?applicationId=${app.applicationId}${carriedFilters(spec, (p) => filters[p])}`)}
          >
            {labels.create}
          </Button>
        </Space>
      </PageHead>
      <div className="atr-panel-card">
        <Space wrap style={{ marginBottom: 12 }}>
          <TitleSearch value={filters.query} onSearch={(query) => update({ query })} />
          {(spec.choiceFilters ?? []).map((f) => (
            <Select
              key={f.param}
              aria-label={f.label}
              style={{ width: f.width ?? 140 }}
              popupMatchSelectWidth={false}
              value={filters[f.param] ?? ''}
              onChange={(v) => update({ [f.param]: v || undefined })}
              options={[{ value: '', label: f.all }, ...filterOptions(f, choices, filters[f.param]?.toString())]}
            />
          ))}
          {spec.year && <YearFilter value={filters.year} onChange={(year) => update({ year })} />}
          <PublishedFilter value={filters.published} unpublished={MSG.reportDraft} onChange={(published) => update({ published })} />
        </Space>
        <Table<TopicResource>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.content ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={list.isError ? errorMessage(list.error) : filtered ? labels.noMatch : labels.none} /> }}
          pagination={listPagination(filters.page, list.data?.totalElements ?? 0, (p) => update({ page: p === 1 ? undefined : p }))}
        />
      </div>
    </div>
  );
}

interface FormValues {
  title: string;
  date?: string | null;
  fields: Record<string, unknown>;
}

/** The editor page of one item (new when `itemId` is null). */
function SectionEditor({ spec, app, topicId, itemId }: { spec: SectionSpec; app: ApplicationListItem; topicId: number; itemId: number | null }) {
  const { labels } = spec;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useSession();
  const config = useApplicationConfig(app.applicationId);
  const choices = useChoices(spec, app);
  const [form] = Form.useForm<FormValues>();
  const [searchParams] = useSearchParams();
  const back = `${spec.base}?applicationId=${app.applicationId}${itemId == null ? carriedFilters(spec, (p) => searchParams.get(p)) : ''}`;
  const listKey = ['console-section', spec.type, topicId];
  const existing = useQuery({
    queryKey: [...listKey, 'one', itemId],
    queryFn: ({ signal }) => api.get('/api/v1/topics/{topicId}/resources', { params: { topicId }, query: { type: spec.type, id: itemId!, size: 1 }, signal }),
    enabled: itemId != null,
  });
  const item = existing.data?.content[0];
  const { saving, submit } = useFormSubmit(form, {
    send: async (values): Promise<WithMessage> => {
      const body = { title: values.title, date: values.date ?? null, fields: values.fields ?? {} };
      if (item) await api.put('/api/v1/topics/{topicId}/resources/{resourceId}', { params: { topicId, resourceId: item.id }, body });
      else await api.post('/api/v1/topics/{topicId}/resources', { params: { topicId }, body: { type: spec.type, published: false, ...body } });
      return {}; // the section's own messages (a new item is a draft) rather than the resource manager's
    },
    successMsg: item ? labels.saved : labels.created,
    onRefused: (err) => applyPathErrors(form, err, (p) => p[0] === 'title' || p[0] === 'date' || (p[0] === 'fields' && p.length > 1)),
    onDone: () => {
      void queryClient.invalidateQueries({ queryKey: listKey });
      void navigate(back);
    },
  });

  if (itemId != null && existing.isPending) return <PageSpinner />;
  if (itemId != null && (existing.isError || !item))
    return (
      <Result
        status={existing.error instanceof ApiError && existing.error.status !== 404 ? 'warning' : '404'}
        title={existing.isError ? errorMessage(existing.error) : labels.notFound}
        extra={<Link to={back}>{labels.back}</Link>}
      />
    );
  if (itemId == null && config.isPending) return <PageSpinner />;
  const initial: FormValues = item
    ? { title: item.title, date: item.date, fields: structuredClone(item.fields) }
    : { title: '', date: null, fields: { ...spec.initialFields?.(config.data), ...fieldsFromFilters(spec, searchParams) } };
  const title = item ? labels.edit : labels.create;
  return (
    <div className="atr-console__page">
      <Breadcrumb items={[{ title: <Link to={back}>{labels.title}</Link> }, { title }]} />
      <PageHead title={`${title} · ${app.name}`}>
        {item && <Tag color={item.published ? 'green' : undefined}>{item.published ? MSG.published : MSG.reportDraft}</Tag>}
      </PageHead>
      <div className="atr-panel-card" style={{ maxWidth: 960 }}>
        <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={() => void submit()}>
          <ResourceFields type={spec.type} uid={user?.id} choices={choices} />
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {MSG.save}
            </Button>
            <Link to={back}>
              <Button>{MSG.cancel}</Button>
            </Link>
          </Space>
        </Form>
      </div>
    </div>
  );
}
