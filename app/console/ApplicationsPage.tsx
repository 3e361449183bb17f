/**
 * /console/applications (spec 1 §2): the applications the user manages, 20 a page (spec 2 §9), with
 * 编辑首页 (the editor), 设置 (the settings page), 访问 (the site in a new tab) and 删除 (confirmed);
 * 新建应用 opens a dialog. Creating and deleting are for super managers (the server refuses others).
 * 申请发布 (drafts) and 审核通过 (submitted, super managers) move the status (decision #138).
 * 导出 downloads the application as one JSON file (POST /toolsApi/applicationExport/export; decision 225).
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import {
  CheckCircleOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  ExportOutlined,
  PlusOutlined,
  SendOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { MSG, fillMsg } from '@common/messages';
import { APPLICATION_STATUS_LABELS } from '@common/roles';
import { CONSOLE_PAGE_SIZE, DIALOG_WIDTH } from '@common/constants';

import { ApiError, downloadBlob, errorMessage } from '../api';
import { APPLICATION_FIELD_MAP, ApplicationFields, type ApplicationValues } from './ApplicationFields';
import { applyFieldErrors } from '../shared/formErrors';
import { useSession } from '../shared/session';
import { useFormSubmit } from '../shared/useFormSubmit';
import { siteUrl } from '../shared/util';
import type { ApplicationListItem } from '../shared/types';
import { useConfirmedDelete } from '../shared/useConfirmedDelete';
import './console.css';
import { PageHead } from './PageHead';
import { listPagination } from './sections/ListFilters';
import { NotFoundNotice } from './ConsoleFallback';
import { api } from '../shared/apiClient';

/** The Chinese tag of an application status: 未发布 / 待审核 / 已发布 (decision #138). */
export function statusTag(status: string) {
  if (status === 'released' || status === 'passed') return <Tag color="success">{MSG.statusReleased}</Tag>;
  if (status === 'submitted') return <Tag color="processing">{APPLICATION_STATUS_LABELS.submitted}</Tag>;
  return <Tag>{status === 'draft' ? MSG.statusDraft : status}</Tag>;
}

/** The applications list page. */
export function ApplicationsPage() {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const { data: user } = useSession();
  const isSuper = user?.role === 'super';
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();

  const list = useQuery({
    queryKey: ['applications', page, query],
    queryFn: ({ signal }) => api.get('/api/v1/applications', { query: { page, size: CONSOLE_PAGE_SIZE, query: query || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

  const confirmDelete = useConfirmedDelete();
  const remove = (app: ApplicationListItem) =>
    confirmDelete({
      title: MSG.applicationDeleteTitle,
      content: MSG.applicationDeleteConfirm,
      successMsg: MSG.applicationDeleted,
      send: () => api.delete('/api/v1/applications/{id}', { params: { id: app.applicationId } }),
      queryKey: ['applications'],
    });

  /** 申请发布 (PUT release) or 审核通过 (PUT pass), confirmed first; the server's refusal is shown. */
  const lifecycle = (app: ApplicationListItem, step: 'release' | 'pass') => {
    modal.confirm({
      title: step === 'release' ? MSG.releaseAction : MSG.passAction,
      content: step === 'release' ? MSG.releaseConfirm : MSG.passConfirm,
      okText: MSG.confirm,
      cancelText: MSG.cancel,
      onOk: async () => {
        try {
          const params = { id: app.applicationId };
          const r =
            step === 'release' ? await api.put('/api/v1/applications/{id}/release', { params }) : await api.put('/api/v1/applications/{id}/pass', { params });
          message.success(r.message ?? MSG.confirm);
          await queryClient.invalidateQueries({ queryKey: ['applications'] });
        } catch (err) {
          message.error(errorMessage(err));
        }
      },
    });
  };

  const [exporting, setExporting] = useState<number | null>(null);
  /** 导出: downloads the application's JSON file; the server's refusal is shown. */
  const exportApp = async (app: ApplicationListItem) => {
    setExporting(app.applicationId);
    try {
      const { name } = await downloadBlob('/toolsApi/applicationExport/export', { applicationId: app.applicationId }, `atrium-${app.host}.json`);
      message.success(fillMsg(MSG.exportDone, { name }));
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setExporting(null);
    }
  };

  const columns: TableColumnsType<ApplicationListItem> = [
    {
      title: MSG.applicationName,
      dataIndex: 'name',
      key: 'name',
      render: (name: string, app) => (
        <Link to={`/console/application/${app.applicationId}`} className="atr-app-name">
          {name}
        </Link>
      ),
    },
    { title: MSG.host, dataIndex: 'host', key: 'host', render: (host: string) => <Typography.Text code>{host}</Typography.Text> },
    {
      title: MSG.topic,
      key: 'topic',
      render: (_: unknown, app) => app.topic?.title ?? <span className="atr-muted">{MSG.noTopic}</span>,
    },
    { title: MSG.status, dataIndex: 'status', key: 'status', width: 100, render: (s: string) => statusTag(s) },
    {
      title: MSG.actions,
      key: 'actions',
      width: 500,
      render: (_: unknown, app) => (
        <Space size={4} wrap>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            aria-label={MSG.editHome}
            onClick={() => navigate(`/console/application/${app.applicationId}/editor`)}
          >
            {MSG.editHome}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<SettingOutlined />}
            aria-label={MSG.settings}
            onClick={() => navigate(`/console/application/${app.applicationId}`)}
          >
            {MSG.settings}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<DatabaseOutlined />}
            aria-label={MSG.resources}
            onClick={() => navigate(`/console/application/${app.applicationId}/resources`)}
          >
            {MSG.resources}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            aria-label={MSG.exportAction}
            loading={exporting === app.applicationId}
            onClick={() => void exportApp(app)}
          >
            {MSG.exportAction}
          </Button>
          <Button type="link" size="small" icon={<ExportOutlined />} aria-label={MSG.visit} href={siteUrl(app.host)} target="_blank" rel="noopener noreferrer">
            {MSG.visit}
          </Button>
          {app.status === 'draft' && (
            <Button type="link" size="small" icon={<SendOutlined />} aria-label={MSG.releaseAction} onClick={() => lifecycle(app, 'release')}>
              {MSG.releaseAction}
            </Button>
          )}
          {isSuper && app.status === 'submitted' && (
            <Button type="link" size="small" icon={<CheckCircleOutlined />} aria-label={MSG.passAction} onClick={() => lifecycle(app, 'pass')}>
              {MSG.passAction}
            </Button>
          )}
          {isSuper && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={MSG.delete} onClick={() => remove(app)}>
              {MSG.delete}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="atr-console__page">
      <PageHead title={MSG.applications}>
        <Space>
          <Input.Search
            allowClear
            placeholder={MSG.searchApplications}
            style={{ width: 240 }}
            onSearch={(v) => {
              setQuery(v.trim());
              setPage(1);
            }}
          />
          {isSuper && (
            <Button type="primary" icon={<PlusOutlined />} aria-label={MSG.newApplication} onClick={() => setCreating(true)}>
              {MSG.newApplication}
            </Button>
          )}
        </Space>
      </PageHead>
      <NotFoundNotice state={location.state as unknown} />
      <div className="atr-panel-card">
        <Table<ApplicationListItem>
          rowKey="applicationId"
          columns={columns}
          dataSource={list.data?.content ?? []}
          loading={list.isFetching}
          locale={{ emptyText: list.isError ? <Empty description={errorMessage(list.error)} /> : <Empty description={MSG.noApplications} /> }}
          pagination={listPagination(page, list.data?.totalElements ?? 0, setPage)}
        />
      </div>
      <CreateApplicationModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          setPage(1);
          void queryClient.invalidateQueries({ queryKey: ['applications'] });
        }}
      />
    </div>
  );
}

/** The 新建应用 dialog: name, host, topic; the server's 409/400 land on the fields. */
function CreateApplicationModal({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(): void }) {
  const [form] = Form.useForm<ApplicationValues>();
  const { saving, submit } = useFormSubmit(form, {
    send: (values) => api.post('/api/v1/applications', { body: { name: values.name.trim(), host: values.host, topicId: values.topicId ?? null } }),
    successMsg: MSG.applicationCreated,
    // 409: the host is taken; 400: the fields the server names
    onRefused: (err) => {
      if (err instanceof ApiError && err.status === 409) form.setFields([{ name: 'host', errors: [err.message] }]);
      else applyFieldErrors(form, err, APPLICATION_FIELD_MAP);
    },
    onDone: () => {
      form.resetFields();
      onCreated();
    },
  });

  return (
    <Modal
      title={MSG.newApplication}
      open={open}
      width={DIALOG_WIDTH}
      okText={MSG.create}
      cancelText={MSG.cancel}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      forceRender
    >
      <Form<ApplicationValues> form={form} layout="vertical" requiredMark validateTrigger="onBlur" onFinish={() => void submit()}>
        <ApplicationFields />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
