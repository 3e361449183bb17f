/**
 * /console/application/:id/resources: the resources of the
 * application's topic for the types without a real data set (news, policy, standard, … wechat article).
 * A tab per type, a table (title search, 20 a page: spec 2 §9), a create/edit dialog (536 px: spec 1 §2)
 * with the type's fields from common/resourceFields.ts, delete with confirmation; Chinese messages for
 * every success and failure. An application without a topic gets a prompt to choose one. The types that
 * have a console section of their own (reports, job postings, tools, WeChat articles,
 * docs/decisions.md 326) are not edited twice: their tab leads to that section.
 */
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Breadcrumb, Button, Cascader, Empty, Form, Input, Modal, Result, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG, fillMsg } from '@common/messages';
import { CONSOLE_PAGE_SIZE, DIALOG_WIDTH, type ResourceType } from '@common/constants';
import type { CategoryNode } from '@common/topics';

import {
  CONSOLE_RESOURCE_TYPES,
  RESOURCE_TYPE_SPECS,
  getPath,
  setPath,
  isConsoleResourceType,
  type ConsoleResource,
  type ConsoleResourceType,
} from '@common/resourceFields';
import { errorMessage } from '../../api';

import { appConfigKey } from '../../shared/util';
import { ResourceFields } from './ResourceForm';
import { useFormSubmit } from '../../shared/useFormSubmit';
import { applyPathErrors } from './serverErrors';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete';
import '../console.css';
import { PageHead } from '../PageHead';
import { cellText } from '../sections/TopicResourceSection';
import { listPagination } from '../sections/ListFilters';
import { WECHAT_ARTICLES_PATH } from '../wechats/WechatArticlesPage';
import { queryFallback } from '../QueryFallback';
import { api } from '../../shared/apiClient';

interface FormValues {
  title: string;
  date?: string | null;
  fields: Record<string, unknown>;
  /** a new record's category of the topic: [first] or [first, second] (the topic's data page) */
  category?: string[];
}

/** The types edited in a section of their own, and its address. */
const SECTION_PAGES: Partial<Record<ConsoleResourceType, string>> = {
  report: '/console/reports',
  job: '/console/jobs',
  tool: '/console/tools',
  wechat_article: WECHAT_ARTICLES_PATH,
};

/** The resources page. */
export function ResourcesPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const type: ConsoleResourceType = isConsoleResourceType(search.get('type')) ? (search.get('type') as ConsoleResourceType) : 'news';
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<ConsoleResource | 'new' | null>(null);
  const queryClient = useQueryClient();

  const config = useQuery({
    queryKey: appConfigKey(id),
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/config', { params: { id }, signal }),
    enabled: valid,
  });
  const hasTopic = config.data?.topicId != null;
  const section = SECTION_PAGES[type];
  const list = useQuery({
    queryKey: ['resources', id, type, page, query],
    queryFn: ({ signal }) =>
      api.get('/api/v1/applications/{id}/resources', { params: { id }, query: { type, page, size: CONSOLE_PAGE_SIZE, query: query || undefined }, signal }),
    placeholderData: keepPreviousData,
    enabled: valid && hasTopic && !section,
  });

  const confirmDelete = useConfirmedDelete(); // a hook: called before the early returns below
  const back = <Button onClick={() => navigate('/console/applications')}>{MSG.backToApplications}</Button>;
  if (!valid) return <Result status="404" title={MSG.applicationNotFound} extra={back} />;
  if (!config.data) return queryFallback(config, back);
  const app = config.data;
  const spec = RESOURCE_TYPE_SPECS[type];

  const remove = (r: ConsoleResource) =>
    confirmDelete({
      title: MSG.resourceDeleteTitle,
      content: MSG.resourceDeleteConfirm,
      successMsg: MSG.resourceDeleted,
      send: () => api.delete('/api/v1/applications/{id}/resources/{resourceId}', { params: { id, resourceId: r.id } }),
      queryKey: ['resources', id],
    });

  // two telling columns: short text, choices, dates and numbers first, then links (not images)
  const rank = (k: string) => (k === 'url' ? 1 : 0);
  const shown = spec.fields
    .filter((f) => f.kind !== 'textarea' && f.kind !== 'list' && !/cover|logo|thumb/.test(f.name))
    .sort((a, b) => rank(a.kind) - rank(b.kind))
    .slice(0, 2);
  const columns: TableColumnsType<ConsoleResource> = [
    { title: spec.titleLabel, dataIndex: 'title', key: 'title', ellipsis: true, render: (t: string) => <span className="atr-app-name">{t}</span> },
    { title: spec.dateLabel, dataIndex: 'date', key: 'date', width: 120, render: (d: string | null) => d ?? <span className="atr-muted">—</span> },
    ...shown.map((f) => ({
      title: f.label,
      key: f.name,
      ellipsis: true,
      render: (_: unknown, r: ConsoleResource) => {
        const v = cellText(getPath(r.fields, f.name));
        if (!v) return <span className="atr-muted">—</span>;
        if (f.kind === 'select') return <Tag>{v}</Tag>;
        return f.kind === 'url' ? (
          <a href={v} target="_blank" rel="noopener noreferrer">
            {v}
          </a>
        ) : (
          v
        );
      },
    })),
    {
      title: MSG.actions,
      key: 'actions',
      width: 160,
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
            {MSG.edit}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(r)}>
            {MSG.delete}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="atr-console__page">
      <Breadcrumb
        items={[
          { title: <Link to="/console/applications">{MSG.applications}</Link> },
          { title: <Link to={`/console/application/${id}`}>{app.name}</Link> },
          { title: MSG.resources },
        ]}
      />
      <PageHead
        title={
          <>
            {MSG.resources}
            {app.topic?.title ? <Tag color="blue">{app.topic.title}</Tag> : null}
          </>
        }
        hint={MSG.resourcesHint}
      >
        {hasTopic && !section && (
          <Space>
            <Input.Search
              allowClear
              placeholder={MSG.searchResources}
              style={{ width: 240 }}
              aria-label={MSG.searchResources}
              onSearch={(v) => {
                setQuery(v.trim());
                setPage(1);
              }}
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {MSG.newResource}
            </Button>
          </Space>
        )}
      </PageHead>
      {!hasTopic ? (
        <div className="atr-panel-card atr-settings-card">
          <Result
            status="info"
            title={MSG.applicationNoTopic}
            subTitle={MSG.applicationNoTopicHint}
            extra={
              <Button type="primary" onClick={() => navigate(`/console/application/${id}`)}>
                {MSG.applicationSettings}
              </Button>
            }
          />
        </div>
      ) : (
        <div className="atr-panel-card">
          <Tabs
            activeKey={type}
            onChange={(k) => {
              setSearch({ type: k }, { replace: true });
              setPage(1);
            }}
            items={CONSOLE_RESOURCE_TYPES.map((t) => ({ key: t, label: RESOURCE_TYPE_SPECS[t].label }))}
          />
          {section ? (
            <Result
              status="info"
              title={fillMsg(MSG.sectionInSection, { noun: spec.label })}
              extra={
                <Link to={`${section}?applicationId=${id}`}>
                  <Button type="primary">{fillMsg(MSG.sectionOpen, { noun: spec.label })}</Button>
                </Link>
              }
            />
          ) : (
            <Table<ConsoleResource>
              rowKey="id"
              columns={columns}
              dataSource={list.data?.content ?? []}
              loading={list.isFetching}
              locale={{
                emptyText: list.isError ? <Empty description={errorMessage(list.error)} /> : <Empty description={query ? MSG.noMatch : MSG.noResources} />,
              }}
              pagination={listPagination(page, list.data?.totalElements ?? 0, setPage)}
            />
          )}
        </div>
      )}
      {editing !== null && (
        <ResourceModal
          owner={{ applicationId: id, type }}
          resource={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: ['resources', id] });
          }}
        />
      )}
    </div>
  );
}

/**
 * A stored record's fields as the form edits them: a copy, with a list field some import stored as one
 * text split into its items (keywords `a_b` as the panels read them; other lists at 、 or ;, not at a
 * comma, which may be part of a name: `Smith, J.`).
 */
function formFields(type: ResourceType, stored: Record<string, unknown>): Record<string, unknown> {
  const out = structuredClone(stored);
  for (const f of RESOURCE_TYPE_SPECS[type].fields) {
    const v = getPath(out, f.name);
    if (f.kind === 'list' && typeof v === 'string')
      setPath(
        out,
        f.name,
        v
          .split(f.name === 'keywords' ? /[_,;，；、]/ : /[;；、]/)
          .map((x) => x.trim())
          .filter(Boolean),
      );
  }
  return out;
}

/**
 * The create/edit dialog of one resource of any type (536 px): title, date and the type's fields of
 * common/resourceFields.ts. POST or PUT the `owner`'s resources (an application's, or a topic's:
 * /api/v1/topics/{topicId}/resources, which takes every type). With `categories` (the topic's tree)
 * a new record may be filed under one of its categories. The server's 400 lands on the fields it names.
 */
export function ResourceModal({
  owner,
  resource,
  categories,
  onClose,
  onSaved,
}: {
  /** whose resources: an application's (/api/v1/applications/{id}/resources) or a topic's (/api/v1/topics/{topicId}/resources) */
  owner: { applicationId: number; type: ConsoleResourceType; topicId?: never } | { topicId: number; type: ResourceType; applicationId?: never };
  resource: Pick<ConsoleResource, 'id' | 'title' | 'date' | 'fields'> | null;
  categories?: CategoryNode[];
  onClose(): void;
  onSaved(): void;
}) {
  const { type } = owner;
  const [form] = Form.useForm<FormValues>();
  const spec = RESOURCE_TYPE_SPECS[type];
  const initial: FormValues = resource
    ? { title: resource.title, date: resource.date, fields: formFields(type, resource.fields) }
    : { title: '', date: null, fields: {} };

  const { saving, submit } = useFormSubmit(form, {
    send: (values) => {
      const body = { title: values.title, date: values.date ?? null, fields: values.fields ?? {} };
      const [category, subcategory] = values.category ?? [];
      const filed = category ? { category, subcategory: subcategory ?? null } : {};
      if (owner.topicId !== undefined) {
        const topicId = owner.topicId;
        if (resource) return api.put('/api/v1/topics/{topicId}/resources/{resourceId}', { params: { topicId, resourceId: resource.id }, body });
        return api.post('/api/v1/topics/{topicId}/resources', { params: { topicId }, body: { type: owner.type, ...body, ...filed } });
      }
      const id = owner.applicationId;
      if (resource) return api.put('/api/v1/applications/{id}/resources/{resourceId}', { params: { id, resourceId: resource.id }, body });
      return api.post('/api/v1/applications/{id}/resources', { params: { id }, body: { type: owner.type, ...body, ...filed } });
    },
    successMsg: resource ? MSG.resourceSaved : MSG.resourceCreated,
    onRefused: (err) => applyPathErrors(form, err, (p) => p[0] === 'title' || p[0] === 'date' || p[0] === 'category' || (p[0] === 'fields' && p.length > 1)),
    onDone: () => onSaved(),
  });

  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={`${resource ? MSG.editResource : MSG.newResource} · ${spec.label}`}
      okText={MSG.save}
      cancelText={MSG.cancel}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      styles={{ body: { maxHeight: '65vh', overflowY: 'auto', paddingRight: 8 } }}
    >
      <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={() => void submit()}>
        <ResourceFields type={type}>
          {categories && !resource && (
            <Form.Item name="category" label={MSG.filterCategory} extra={MSG.resourceCategoryHint}>
              <Cascader<CategoryNode> options={categories} changeOnSelect allowClear placeholder={MSG.resourceCategoryNone} />
            </Form.Item>
          )}
        </ResourceFields>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
