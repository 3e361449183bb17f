/**
 * /console/topics/tc/topicShow/:topicId?type= (spec 1 §2): the data of a topic. A tab per
 * resource type with its count (published / all); per type a table, 20 a page (spec 2 §9), with title
 * search and filters (category of the topic's tree, year, published state), all kept in the URL; per
 * row: open on the site, edit, publish or withdraw, delete; over the rows ticked: publish, withdraw,
 * re-categorise, delete (after confirmation). 新增 and 编辑 for every type (an imported article's typo, an
 * article added by hand), with the resource manager's dialog and the type's fields of
 * common/resourceFields.ts; a new record may be filed under a category of the topic. A panel's empty state
 * in the editor (去发布 / 去配置数据) opens this page on the panel's type.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Breadcrumb, Button, Cascader, Empty, Form, Modal, Result, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { ApartmentOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CategoryTreeEditor } from './CategoryTreeEditor';
import { MSG } from '@common/messages';
import { DIALOG_WIDTH, RESOURCE_TYPES, RESOURCE_TYPE_LABELS, type ResourceType } from '@common/constants';
import { resourceDetailHref } from '@common/resourceTypes';
import { errorMessage } from '../../api';
import { ResourceModal } from '../resources/ResourcesPage';
import { api } from '../../shared/apiClient';
import { TOPICS_KEY, fetchTopicResources, type BulkBody, type CategoryNode, type TopicDataFilters, type TopicResource } from './api';
import '../console.css';
import { PageHead } from '../PageHead';
import { DeleteButton } from '../DeleteButton';
import { listPagination, pageParam, publishedParam, PublishedFilter, TitleSearch, useUrlFilters, YearFilter, type FilterChange } from '../sections/ListFilters';
import { queryFallback } from '../QueryFallback';

const labelOf = (t: string) => (RESOURCE_TYPE_LABELS as Record<string, string>)[t] ?? t;
const isType = (t: string | null): t is ResourceType => !!t && (RESOURCE_TYPES as readonly string[]).includes(t);

/** The data page; see the file comment. */
export function TopicDataPage() {
  const topicId = Number(useParams().topicId);
  const valid = Number.isInteger(topicId) && topicId > 0;
  const { params, update: setUrlFilters } = useUrlFilters();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<TopicResource | 'new' | null>(null);
  const [categorising, setCategorising] = useState(false);
  const [treeOpen, setTreeOpen] = useState(false);

  const stats = useQuery({
    queryKey: ['topic-stats', topicId],
    queryFn: ({ signal }) => api.get('/api/v1/topics/{topicId}/stats', { params: { topicId }, signal }),
    enabled: valid,
  });
  const tree = useQuery({
    queryKey: ['topic-categories', topicId],
    queryFn: ({ signal }) => api.get('/api/v1/topics/{topicId}/categories', { params: { topicId }, signal }),
    enabled: valid,
  });
  const asked = params.get('type');
  const first = stats.data?.types[0]?.type ?? null;
  const type: ResourceType = isType(asked) ? asked : isType(first) ? first : 'news';
  const filters: TopicDataFilters = {
    type,
    page: pageParam(params),
    query: params.get('query') || undefined,
    category: params.get('category') || undefined,
    subcategory: params.get('subcategory') || undefined,
    year: Number(params.get('year')) || undefined,
    published: publishedParam(params),
  };
  const list = useQuery({
    queryKey: ['topic-resources', topicId, filters],
    queryFn: ({ signal }) => fetchTopicResources(topicId, filters, signal),
    placeholderData: keepPreviousData,
    enabled: valid && stats.isSuccess,
  });

  /** Changes URL filters (undefined removes one; any change but the page goes back to page 1) and clears the selection. */
  const update = (next: FilterChange) => {
    setUrlFilters(next);
    setSelected([]);
  };
  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: ['topic-resources', topicId] });
    void queryClient.invalidateQueries({ queryKey: ['topic-stats', topicId] });
    void queryClient.invalidateQueries({ queryKey: TOPICS_KEY });
  };
  const bulk = async (body: BulkBody) => {
    try {
      const r = await api.post('/api/v1/topics/{topicId}/resources/bulk', { params: { topicId }, body });
      message.success(r.message ?? MSG.resourceSaved);
      refresh();
    } catch (err) {
      message.error(errorMessage(err));
    }
  };

  const back = (
    <Link to="/console/topics">
      <Button>{MSG.topicsTitle}</Button>
    </Link>
  );
  if (!valid) return <Result status="404" title={MSG.topicNotFound} extra={back} />;
  if (!stats.data) return queryFallback(stats, back);

  const counts = stats.data.types;
  const tabs = counts.some((c) => c.type === type) ? counts : [...counts, { type, total: 0, published: 0 }];
  const visitorHref = (r: TopicResource) => resourceDetailHref(r.type, r.id);

  const columns: TableColumnsType<TopicResource> = [
    {
      title: MSG.fieldTitle,
      key: 'title',
      ellipsis: true,
      render: (_, r) => (
        <a href={visitorHref(r)} target="_blank" rel="noopener noreferrer" className="atr-app-name">
          {r.title}
        </a>
      ),
    },
    {
      title: MSG.filterCategory,
      key: 'category',
      width: 220,
      ellipsis: true,
      render: (_, r) => (r.category ? `${r.category}${r.subcategory ? ` / ${r.subcategory}` : ''}` : <span className="atr-muted">—</span>),
    },
    { title: MSG.filterYear, key: 'date', width: 110, render: (_, r) => r.date ?? <span className="atr-muted">—</span> },
    {
      title: MSG.publishState,
      key: 'published',
      width: 100,
      render: (_, r) => (r.published ? <Tag color="green">{MSG.published}</Tag> : <Tag>{MSG.withdrawn}</Tag>),
    },
    {
      title: MSG.actions,
      key: 'actions',
      width: 230,
      render: (_, r) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
            {MSG.edit}
          </Button>
          <Button type="link" size="small" onClick={() => void bulk({ action: r.published ? 'withdraw' : 'publish', ids: [r.id] })}>
            {r.published ? MSG.withdraw : MSG.publish}
          </Button>
          <DeleteButton
            confirm={{
              title: MSG.resourceDeleteTitle,
              content: MSG.resourceDeleteConfirm,
              send: () => api.delete('/api/v1/topics/{topicId}/resources/{resourceId}', { params: { topicId, resourceId: r.id } }),
              successMsg: MSG.resourceDeleted,
              queryKey: ['topic-resources', topicId],
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="atr-console__page">
      <Breadcrumb items={[{ title: <Link to="/console/topics">{MSG.topicsTitle}</Link> }, { title: stats.data.title }]} />
      <PageHead title={MSG.topicDataTitle(stats.data.title)} hint={MSG.topicDataHint}>
        <Space>
          <Button icon={<ApartmentOutlined />} onClick={() => setTreeOpen(true)}>
            {MSG.categoryTreeTitle}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {MSG.newResource}
          </Button>
        </Space>
      </PageHead>
      <div className="atr-panel-card">
        <Tabs
          activeKey={type}
          onChange={(k) => update({ type: k, category: undefined, subcategory: undefined })}
          items={tabs.map((c) => ({
            key: c.type,
            label: `${labelOf(c.type)} ${c.published.toLocaleString('zh-CN')}${c.published !== c.total ? ` / ${c.total.toLocaleString('zh-CN')}` : ''}`,
          }))}
        />
        <Space wrap style={{ marginBottom: 12 }}>
          <TitleSearch key={`q-${type}`} value={filters.query} onSearch={(query) => update({ query })} />
          <Cascader<CategoryNode>
            aria-label={MSG.filterCategory}
            placeholder={MSG.filterCategory}
            style={{ width: 240 }}
            changeOnSelect
            allowClear
            options={tree.data ?? []}
            value={filters.category ? [filters.category, ...(filters.subcategory ? [filters.subcategory] : [])] : undefined}
            onChange={(v) => update({ category: v?.[0] || undefined, subcategory: v?.[1] || undefined })}
          />
          <YearFilter value={filters.year} onChange={(year) => update({ year })} />
          <PublishedFilter value={filters.published} unpublished={MSG.withdrawn} onChange={(published) => update({ published })} />
        </Space>
        {selected.length > 0 && (
          <div className="atr-bulkbar" role="toolbar" aria-label={MSG.bulkChosen(selected.length)}>
            <span>{MSG.bulkChosen(selected.length)}</span>
            <Button size="small" onClick={() => void bulk({ action: 'publish', ids: selected })}>
              {MSG.publish}
            </Button>
            <Button size="small" onClick={() => void bulk({ action: 'withdraw', ids: selected })}>
              {MSG.withdraw}
            </Button>
            <Button size="small" onClick={() => setCategorising(true)}>
              {MSG.categorise}
            </Button>
            <Button
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: MSG.resourceDeleteTitle,
                  content: MSG.bulkDeleteConfirm(selected.length),
                  okText: MSG.confirm,
                  cancelText: MSG.cancel,
                  okButtonProps: { danger: true },
                  onOk: () => bulk({ action: 'delete', ids: selected }),
                })
              }
            >
              {MSG.delete}
            </Button>
          </div>
        )}
        <Table<TopicResource>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.content ?? []}
          loading={list.isFetching}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          locale={{
            emptyText: (
              <Empty
                description={
                  list.isError
                    ? errorMessage(list.error)
                    : filters.query || filters.category || filters.year || filters.published
                      ? MSG.noMatch
                      : MSG.topicNoData
                }
              />
            ),
          }}
          pagination={listPagination(filters.page, list.data?.totalElements ?? 0, (p) => update({ page: p === 1 ? undefined : p }))}
        />
      </div>
      {editing !== null && (
        <ResourceModal
          owner={{ topicId, type }}
          resource={editing === 'new' ? null : editing}
          categories={tree.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {treeOpen && (
        <CategoryTreeEditor
          topicId={topicId}
          type={type}
          tree={tree.data ?? []}
          onClose={() => setTreeOpen(false)}
          onChanged={() => {
            void queryClient.invalidateQueries({ queryKey: ['topic-categories', topicId] });
            refresh();
          }}
        />
      )}
      {categorising && (
        <CategoriseModal
          tree={tree.data ?? []}
          count={selected.length}
          onClose={() => setCategorising(false)}
          onOk={async (category, subcategory) => {
            await bulk({ action: 'categorise', ids: selected, category, subcategory: subcategory || null });
            setCategorising(false);
            void queryClient.invalidateQueries({ queryKey: ['topic-categories', topicId] });
          }}
        />
      )}
    </div>
  );
}

/** The re-categorise dialog: a first-level category (an existing one or a new one) and an optional second level. */
function CategoriseModal({
  tree,
  count,
  onClose,
  onOk,
}: {
  tree: CategoryNode[];
  count: number;
  onClose(): void;
  onOk(category: string, subcategory?: string): Promise<void>;
}) {
  const [form] = Form.useForm<{ category: string; subcategory?: string }>();
  const [saving, setSaving] = useState(false);
  const one = Form.useWatch('category', form);
  const twos = tree.find((n) => n.value === one)?.children ?? [];
  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={`${MSG.categorise} · ${MSG.bulkChosen(count)}`}
      okText={MSG.save}
      cancelText={MSG.cancel}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        setSaving(true);
        try {
          await onOk(v.category.trim(), v.subcategory?.trim());
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="category"
          label={MSG.categoryOne}
          rules={[
            { required: true, whitespace: true, message: MSG.categoryRequired },
            { max: 60, message: '不能超过 60 个字' },
          ]}
        >
          <AutoComplete options={tree.map((n) => ({ value: n.value }))} filterOption={(input, o) => String(o?.value ?? '').includes(input)} />
        </Form.Item>
        <Form.Item name="subcategory" label={MSG.categoryTwo} rules={[{ max: 60, message: '不能超过 60 个字' }]}>
          <AutoComplete options={twos.map((n) => ({ value: n.value }))} filterOption={(input, o) => String(o?.value ?? '').includes(input)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
