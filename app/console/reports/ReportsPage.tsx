/**
 * /console/reports/** (spec 1 §2; issue 13 §1; docs/decisions.md 300-302): the research reports of an
 * application's topic. The manager chooses the application (`?applicationId=`, the first one they
 * manage by default, as the WeChat manager does). Addresses:
 * - /console/reports: the list, 20 a page (spec 2 §9), with title search and filters (report type, year,
 *   published state), all kept in the URL; per row: view on the site (published ones), edit, publish or
 *   withdraw, delete (after confirmation);
 * - /console/reports/new and /console/reports/{id}/edit: the editor, a page with the report's fields
 *   (the shared resource form, resources/ResourceForm.tsx: title, type, authors, institution, date,
 *   abstract, rich-text body, PDF, download mark, cover, link). A new report is saved as a draft.
 * Calls: the topic data calls (GET/POST/PUT/DELETE /api/v1/topics/{id}/resources, POST …/bulk), which
 * let the application's managers (content right) and super managers in.
 */
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Breadcrumb, Button, Empty, Form, Input, InputNumber, Result, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { CONSOLE_PAGE_SIZE } from '@common/constants';
import type { Page } from '@common/page';
import { REPORT_TYPES, isReportType, reportHref } from '@common/reports';
import type { TopicResource } from '@common/topics';
import { ApiError, apiGet, apiPost, apiPut, errorMessage } from '../../api';
import { PageSpinner } from '../../pages/PageSpinner';
import { useSession } from '../session';
import type { ApplicationListItem, WithMessage } from '../types';
import { useConfirmedDelete } from '../useConfirmedDelete';
import { useFormSubmit } from '../useFormSubmit';
import { useApplicationConfig } from '../useApplicationConfig';
import { ResourceFields } from '../resources/ResourceForm';
import { applyPathErrors } from '../resources/serverErrors';
import { PageHead } from '../PageHead';
import '../console.css';

const LIST_KEY = 'console-reports';

/** The application list of the signed-in manager (the ones they may open). */
function useManagedApplications() {
  return useQuery({
    queryKey: ['applications', 'reports'],
    queryFn: ({ signal }) => apiGet<Page<ApplicationListItem>>('/api/v1/applications', { page: 1, size: 200 }, signal),
  });
}

/** The reports section; the address after /console/reports/ chooses the list or the editor. */
export function ReportsPage() {
  const rest = useParams()['*'] ?? '';
  const [params, setParams] = useSearchParams();
  const apps = useManagedApplications();
  const list = apps.data?.content ?? [];
  const chosen = Number(params.get('applicationId')) || null;
  const app = list.find((a) => a.applicationId === chosen) ?? list[0];
  useEffect(() => {
    document.title = `${MSG.reportsTitle} · ${MSG.consoleTitle}`;
  }, []);
  const edit = /^(\d+)\/edit$/.exec(rest);
  const mode: 'list' | 'new' | 'edit' | 'unknown' = rest === '' ? 'list' : rest === 'new' ? 'new' : edit ? 'edit' : 'unknown';

  if (apps.isPending) return <PageSpinner />;
  if (apps.isError) return <Result status="warning" title={errorMessage(apps.error)} />;
  if (!app) return <Result status="info" title={MSG.reportNoApplication} />;
  const picker = (
    <Space>
      <span className="atr-muted">{MSG.reportPickApplication}</span>
      <Select
        style={{ width: 260 }}
        value={app.applicationId}
        aria-label={MSG.reportPickApplication}
        options={list.map((a) => ({ value: a.applicationId, label: a.name }))}
        onChange={(v: number) => setParams({ applicationId: String(v) })}
        disabled={mode !== 'list'}
      />
    </Space>
  );
  if (mode === 'unknown')
    return <Result status="404" title={MSG.reportNotFound} extra={<Link to={`/console/reports?applicationId=${app.applicationId}`}>{MSG.reportBack}</Link>} />;
  if (!app.topic)
    return (
      <div className="atr-console__page">
        <PageHead title={MSG.reportsTitle}>{picker}</PageHead>
        <div className="atr-panel-card atr-settings-card">
          <Result
            status="info"
            title={MSG.reportNoTopic}
            subTitle={MSG.applicationNoTopicHint}
            extra={
              <Link to={`/console/application/${app.applicationId}`}>
                <Button type="primary">{MSG.applicationSettings}</Button>
              </Link>
            }
          />
        </div>
      </div>
    );
  if (mode === 'list') return <ReportList app={app} topicId={app.topic.id} picker={picker} />;
  return <ReportEditor key={rest} app={app} topicId={app.topic.id} reportId={edit ? Number(edit[1]) : null} />;
}

/** The list's filters as kept in the URL. */
interface Filters {
  page: number;
  query?: string;
  reportType?: string;
  year?: number;
  published?: 'yes' | 'no';
}

function ReportList({ app, topicId, picker }: { app: ApplicationListItem; topicId: number; picker: React.ReactNode }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const confirmDelete = useConfirmedDelete();
  const asked = params.get('reportType');
  const filters: Filters = {
    page: Math.max(1, Number(params.get('page')) || 1),
    query: params.get('query') || undefined,
    reportType: isReportType(asked) ? asked : undefined,
    year: Number(params.get('year')) || undefined,
    published: (['yes', 'no'] as const).find((v) => v === params.get('published')),
  };
  const list = useQuery({
    queryKey: [LIST_KEY, topicId, filters],
    queryFn: ({ signal }) =>
      apiGet<Page<TopicResource>>(`/api/v1/topics/${topicId}/resources`, { type: 'report', size: CONSOLE_PAGE_SIZE, ...filters }, signal),
    placeholderData: keepPreviousData,
  });
  /** Changes URL filters (undefined removes one); any change but the page goes back to page 1. */
  const update = (next: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams(params);
    p.set('applicationId', String(app.applicationId));
    if (!('page' in next)) p.delete('page');
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p, { replace: true });
  };
  const setPublished = async (r: TopicResource, publish: boolean) => {
    try {
      await apiPost<WithMessage>(`/api/v1/topics/${topicId}/resources/bulk`, { action: publish ? 'publish' : 'withdraw', ids: [r.id] });
      message.success(publish ? MSG.reportPublished : MSG.reportWithdrawn);
    } catch (err) {
      message.error(errorMessage(err));
    }
    void queryClient.invalidateQueries({ queryKey: [LIST_KEY, topicId] });
  };
  const editHref = (id: number) => `/console/reports/${id}/edit?applicationId=${app.applicationId}`;
  const text = (v: unknown) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string').join('、') : typeof v === 'string' ? v : '');

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
    {
      title: MSG.reportType,
      key: 'reportType',
      width: 110,
      render: (_, r) => (text(r.fields.reportType) ? <Tag color="blue">{text(r.fields.reportType)}</Tag> : <span className="atr-muted">—</span>),
    },
    { title: MSG.reportAuthors, key: 'author', width: 160, ellipsis: true, render: (_, r) => text(r.fields.author) || <span className="atr-muted">—</span> },
    { title: MSG.reportDate, key: 'date', width: 120, render: (_, r) => r.date ?? <span className="atr-muted">—</span> },
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
      render: (_, r) => (
        <Space size={2} wrap>
          <Link to={editHref(r.id)}>
            <Button type="link" size="small" icon={<EditOutlined />}>
              {MSG.edit}
            </Button>
          </Link>
          <Button type="link" size="small" onClick={() => void setPublished(r, !r.published)}>
            {r.published ? MSG.reportWithdraw : MSG.publish}
          </Button>
          {r.published && (
            <Button type="link" size="small" icon={<EyeOutlined />} href={`//${app.host}${reportHref(r.id)}`} target="_blank" rel="noopener noreferrer">
              {MSG.reportView}
            </Button>
          )}
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() =>
              confirmDelete({
                title: MSG.reportDeleteTitle,
                content: MSG.reportDeleteConfirm,
                path: `/api/v1/topics/${topicId}/resources/${r.id}`,
                successMsg: MSG.resourceDeleted,
                queryKey: [LIST_KEY, topicId],
              })
            }
          >
            {MSG.delete}
          </Button>
        </Space>
      ),
    },
  ];

  const filtered = !!(filters.query || filters.reportType || filters.year || filters.published);
  return (
    <div className="atr-console__page">
      <PageHead
        title={
          <>
            <FileTextOutlined /> {MSG.reportsTitle}
            {app.topic?.title ? <Tag color="blue">{app.topic.title}</Tag> : null}
          </>
        }
        hint={MSG.reportsHint}
      >
        <Space wrap>
          {picker}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`/console/reports/new?applicationId=${app.applicationId}`)}>
            {MSG.reportNew}
          </Button>
        </Space>
      </PageHead>
      <div className="atr-panel-card">
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            defaultValue={filters.query}
            placeholder={MSG.searchResources}
            style={{ width: 220 }}
            aria-label={MSG.searchResources}
            onSearch={(v) => update({ query: v.trim() || undefined })}
          />
          <Select
            aria-label={MSG.reportFilterType}
            style={{ width: 140 }}
            value={filters.reportType ?? ''}
            onChange={(v) => update({ reportType: v || undefined })}
            options={[{ value: '', label: `${MSG.reportAllTypes}类型` }, ...REPORT_TYPES.map((t) => ({ value: t, label: t }))]}
          />
          <InputNumber<number>
            aria-label={MSG.reportFilterYear}
            placeholder={MSG.reportFilterYear}
            min={1000}
            max={9999}
            controls={false}
            style={{ width: 100 }}
            defaultValue={filters.year}
            key={`y-${filters.year ?? ''}`}
            onPressEnter={(e) => update({ year: Number((e.target as HTMLInputElement).value) || undefined })}
            onBlur={(e) => {
              const y = Number(e.target.value) || undefined;
              if (y !== filters.year) update({ year: y });
            }}
          />
          <Select
            aria-label={MSG.publishState}
            style={{ width: 120 }}
            value={filters.published ?? ''}
            onChange={(v) => update({ published: v || undefined })}
            options={[
              { value: '', label: MSG.allStates },
              { value: 'yes', label: MSG.published },
              { value: 'no', label: MSG.reportDraft },
            ]}
          />
        </Space>
        <Table<TopicResource>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.content ?? []}
          loading={list.isFetching}
          locale={{ emptyText: <Empty description={list.isError ? errorMessage(list.error) : filtered ? MSG.reportNoMatch : MSG.reportNone} /> }}
          pagination={{
            current: filters.page,
            pageSize: CONSOLE_PAGE_SIZE,
            total: list.data?.totalElements ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `${MSG.totalPrefix} ${total.toLocaleString('zh-CN')} ${MSG.totalSuffix}`,
            onChange: (p) => update({ page: p === 1 ? undefined : p }),
          }}
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

/** The editor page of one report (new when `reportId` is null). */
function ReportEditor({ app, topicId, reportId }: { app: ApplicationListItem; topicId: number; reportId: number | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useSession();
  const config = useApplicationConfig(app.applicationId);
  const [form] = Form.useForm<FormValues>();
  const back = `/console/reports?applicationId=${app.applicationId}`;
  const existing = useQuery({
    queryKey: [LIST_KEY, topicId, 'one', reportId],
    queryFn: ({ signal }) => apiGet<Page<TopicResource>>(`/api/v1/topics/${topicId}/resources`, { type: 'report', id: reportId!, size: 1 }, signal),
    enabled: reportId != null,
  });
  const report = existing.data?.content[0];
  const { saving, submit } = useFormSubmit(form, {
    send: async (values): Promise<WithMessage> => {
      const body = { title: values.title, date: values.date ?? null, fields: values.fields ?? {} };
      const base = `/api/v1/topics/${topicId}/resources`;
      if (report) await apiPut<WithMessage>(`${base}/${report.id}`, body);
      else await apiPost<WithMessage>(base, { type: 'report', published: false, ...body });
      return {}; // the reports' own messages (a new report is a draft) rather than the resource manager's
    },
    successMsg: report ? MSG.reportSaved : MSG.reportCreated,
    onRefused: (err) => applyPathErrors(form, err, (p) => p[0] === 'title' || p[0] === 'date' || (p[0] === 'fields' && p.length > 1)),
    onDone: () => {
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY, topicId] });
      void navigate(back);
    },
  });

  if (reportId != null && existing.isPending) return <PageSpinner />;
  if (reportId != null && (existing.isError || !report))
    return (
      <Result
        status={existing.error instanceof ApiError && existing.error.status !== 404 ? 'warning' : '404'}
        title={existing.isError ? errorMessage(existing.error) : MSG.reportNotFound}
        extra={<Link to={back}>{MSG.reportBack}</Link>}
      />
    );
  if (reportId == null && config.isPending) return <PageSpinner />;
  const initial: FormValues = report
    ? { title: report.title, date: report.date, fields: structuredClone(report.fields) }
    : { title: '', date: null, fields: { restrictDownload: config.data?.restrictDownloadDefault === 1 } };
  const title = report ? MSG.reportEdit : MSG.reportNew;
  return (
    <div className="atr-console__page">
      <Breadcrumb items={[{ title: <Link to={back}>{MSG.reportsTitle}</Link> }, { title }]} />
      <PageHead title={`${title} · ${app.name}`}>
        {report && <Tag color={report.published ? 'green' : undefined}>{report.published ? MSG.published : MSG.reportDraft}</Tag>}
      </PageHead>
      <div className="atr-panel-card" style={{ maxWidth: 960 }}>
        <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={() => void submit()}>
          <ResourceFields type="report" uid={user?.id} />
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
