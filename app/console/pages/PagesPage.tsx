/**
 * /console/pages (issue 31 §4; decisions 700-705): the composed pages of an application (the application
 * in the URL, `applicationId`): title, path id, state, and per page 编辑页面 (the home page's editor on the
 * page, /console/application/{id}/pages/{pageId}/editor), 发布 / 撤回, 查看 (the visitor's
 * /xrender/{pageId}) and 删除 after a confirmation. 新建页面 asks for a title and a path id; the server's
 * refusal (a taken or malformed path id) shows on its field. Writes need the right 编辑首页.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { MSG, fillMsg } from '@common/messages';
import { formatLocal, DAY_MINUTE } from '@common/dates';
import type { PageListItem } from '@common/contracts/pages';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { applyFieldErrors } from '../../shared/formErrors';
import { siteUrl } from '../../shared/util';
import { ApplicationSelect, useConsoleApplications } from '../ApplicationSelect';
import { PageHead } from '../PageHead';
import { queryFallback } from '../QueryFallback';
import '../console.css';

/** The query key of an application's page list in the console. */
export const consolePagesKey = (applicationId: number) => ['console-pages', applicationId] as const;

/** The page; see the file comment. */
export function PagesPage() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [form] = Form.useForm<{ title: string; pageId: string }>();
  useEffect(() => {
    document.title = `${MSG.pagesTitle} · ${MSG.consoleTitle}`;
  }, []);
  const apps = useConsoleApplications();
  const applicationId = Number(params.get('applicationId')) || apps.data?.content[0]?.applicationId || 0;
  const host = apps.data?.content.find((a) => a.applicationId === applicationId)?.host;
  const list = useQuery({
    enabled: applicationId > 0,
    queryKey: consolePagesKey(applicationId),
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/pages', { params: { id: applicationId }, signal }),
  });
  const reload = () => qc.invalidateQueries({ queryKey: consolePagesKey(applicationId) });

  const create = async () => {
    // a field the form refuses shows its message under the field: nothing to send
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      const r = await api.post('/api/v1/applications/{id}/pages', { params: { id: applicationId }, body: values });
      void message.success(r.message);
      setCreating(false);
      form.resetFields();
      await reload();
    } catch (err) {
      if (!applyFieldErrors(form, err, { pageId: 'pageId', title: 'title' })) void message.error(errorMessage(err));
    }
  };

  const act = async (page: PageListItem, call: () => Promise<{ message: string }>) => {
    setBusy(page.pageId);
    try {
      const r = await call();
      void message.success(r.message);
      await reload();
    } catch (err) {
      void message.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const params2 = (p: PageListItem) => ({ params: { id: applicationId, pageId: p.pageId } });
  const remove = (p: PageListItem) =>
    modal.confirm({
      title: MSG.pageDelete,
      content: fillMsg(MSG.pageDeleteConfirm, { title: p.title }),
      okText: MSG.confirm,
      cancelText: MSG.cancel,
      okButtonProps: { danger: true },
      onOk: () => act(p, () => api.delete('/api/v1/applications/{id}/pages/{pageId}', params2(p))),
    });

  return (
    <div className="atr-console-page">
      <PageHead title={MSG.pagesTitle} hint={MSG.pagesHint}>
        <Space>
          <ApplicationSelect
            apps={apps}
            value={applicationId}
            width={220}
            onChange={(v: number) => setParams({ applicationId: String(v) }, { replace: true })}
          />
          <Button type="primary" icon={<PlusOutlined />} disabled={!applicationId} onClick={() => setCreating(true)}>
            {MSG.pageNew}
          </Button>
        </Space>
      </PageHead>
      {list.isError ? (
        queryFallback(list)
      ) : (
        <Table<PageListItem>
          rowKey="pageId"
          loading={list.isPending && applicationId > 0}
          pagination={false}
          dataSource={list.data?.content ?? []}
          locale={{ emptyText: MSG.pagesEmpty }}
          columns={[
            { title: MSG.pageTitleLabel, dataIndex: 'title', key: 'title' },
            { title: MSG.pageIdLabel, dataIndex: 'pageId', key: 'pageId', render: (v: string) => <code>/xrender/{v}</code> },
            {
              title: MSG.pageStateLabel,
              key: 'state',
              width: 100,
              render: (_, p) => (p.state === 'published' ? <Tag color="green">{MSG.pagePublishedState}</Tag> : <Tag>{MSG.pageDraft}</Tag>),
            },
            { title: MSG.pageUpdatedAt, key: 'updatedAt', width: 170, render: (_, p) => formatLocal(new Date(p.updatedAt), DAY_MINUTE) },
            {
              title: MSG.actions,
              key: 'actions',
              width: 300,
              render: (_, p) => (
                <Space size={4} wrap>
                  <Link to={`/console/application/${applicationId}/pages/${p.pageId}/editor`}>{MSG.pageEdit}</Link>
                  {p.state === 'published' ? (
                    <Button
                      type="link"
                      size="small"
                      disabled={busy === p.pageId}
                      onClick={() => void act(p, () => api.post('/api/v1/applications/{id}/pages/{pageId}/withdraw', params2(p)))}
                    >
                      {MSG.pageWithdraw}
                    </Button>
                  ) : (
                    <Button
                      type="link"
                      size="small"
                      disabled={busy === p.pageId}
                      onClick={() => void act(p, () => api.post('/api/v1/applications/{id}/pages/{pageId}/publish', params2(p)))}
                    >
                      {MSG.pagePublish}
                    </Button>
                  )}
                  {host && (
                    <a href={`${siteUrl(host)}/xrender/${p.pageId}`} target="_blank" rel="noopener noreferrer">
                      {MSG.pageView}
                    </a>
                  )}
                  <Button type="link" size="small" danger disabled={busy === p.pageId} onClick={() => remove(p)}>
                    {MSG.pageDelete}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      <Modal
        title={MSG.pageNew}
        open={creating}
        okText={MSG.confirm}
        cancelText={MSG.cancel}
        onOk={() => void create()}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="title" label={MSG.pageTitleLabel} rules={[{ required: true, whitespace: true, message: MSG.pageTitleRequired }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item
            name="pageId"
            label={MSG.pageIdLabel}
            extra={MSG.pageIdHelp}
            rules={[{ required: true, pattern: /^[a-z0-9][a-z0-9-]{0,63}$/, message: MSG.pageIdInvalid }]}
          >
            <Input addonBefore="/xrender/" maxLength={64} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
