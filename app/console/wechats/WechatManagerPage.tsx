/**
 * /console/wechats, also answered at /console/wechats/wechatManager (spec 1 §2, spec 2 §2: reached from the
 * wechat_article form and its empty state; issue 13 §1, docs/decisions.md 325): the official accounts of an
 * application the user manages with 内容管理 (sections/SectionApplication.tsx: ?applicationId= preselects
 * it; a manager without the right is refused). Bind an account (公众号 ID and name; POST /api/v1/applications/{id}/wechat), unbind one
 * (confirmed; DELETE … { wechatId }), and add articles to an account (title, group, time, cover url,
 * article url; stored as wechat_article resources of the application's topic) or delete them. Every
 * refusal shows the server's Chinese message. The articles of the topic are listed and edited on
 * /console/wechats/articles (WechatArticlesPage.tsx), linked from the head.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Empty, Form, Input, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, FileTextOutlined, PlusOutlined, WechatOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { MSG } from '@common/messages';
import { DIALOG_WIDTH } from '@common/constants';
import type { Page } from '@common/page';
import type { WechatAccountWithArticles } from '@common/contracts/wechats';
import type { WechatRecord } from '@common/contracts/modules';
import { apiGet, apiPost, errorMessage, request } from '../../api';
import { applyFieldErrors } from '../formErrors';
import type { WithMessage } from '../types';
import { PageHead } from '../PageHead';
import { SectionApplication } from '../sections/SectionApplication';
import { WECHAT_ARTICLES_PATH } from './WechatArticlesPage';
import '../console.css';

/** An item of GET /api/v1/applications/{id}/wechats. */
type Account = WechatAccountWithArticles;
/** An item of GET /api/v1/applications/{id}/wechats/{wechatId}/articles (a record of the panel read). */
type ArticleRecord = WechatRecord;

const ARTICLE_PAGE_SIZE = 10;

/** The page; see the file comment. */
export default function WechatManagerPage() {
  return (
    <SectionApplication title={MSG.wechatManagerTitle} noun={MSG.wechatAccountsTab} needsTopic={false}>
      {({ app, picker }) => (
        <div className="atr-console__page">
          <PageHead
            title={
              <>
                <WechatOutlined style={{ color: '#07c160' }} /> {MSG.wechatManagerTitle}
              </>
            }
          >
            <Space wrap>
              {picker}
              <Link to={`${WECHAT_ARTICLES_PATH}?applicationId=${app.applicationId}`}>
                <Button icon={<FileTextOutlined />}>{MSG.wechatArticlesTitle}</Button>
              </Link>
            </Space>
          </PageHead>
          <Accounts key={app.applicationId} appId={app.applicationId} topicTitle={app.topic?.title ?? null} />
        </div>
      )}
    </SectionApplication>
  );
}

/** The accounts of one application: bind, unbind, and each account's articles. */
function Accounts({ appId, topicTitle }: { appId: number; topicTitle: string | null }) {
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ wechatId: string; name: string }>();
  const [binding, setBinding] = useState(false);
  const [articlesOf, setArticlesOf] = useState<Account | null>(null);
  const accounts = useQuery({
    queryKey: ['wechats', appId],
    queryFn: ({ signal }) => apiGet<Account[]>(`/api/v1/applications/${appId}/wechats`, undefined, signal),
  });
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ['wechats', appId] }), queryClient.invalidateQueries({ queryKey: ['wechats-available'] })]);

  const bind = async (values: { wechatId: string; name: string }) => {
    setBinding(true);
    try {
      const r = await apiPost<WithMessage>(`/api/v1/applications/${appId}/wechat`, values);
      message.success(r.message ?? MSG.wechatBound);
      form.resetFields();
      await refresh();
    } catch (err) {
      if (!applyFieldErrors(form, err, { wechatId: 'wechatId', name: 'name' })) message.error(errorMessage(err));
    } finally {
      setBinding(false);
    }
  };

  const unbind = (a: Account) =>
    modal.confirm({
      title: '解除绑定',
      content: MSG.wechatUnbindConfirm,
      okText: MSG.confirm,
      cancelText: MSG.cancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const r = await request<WithMessage>(`/api/v1/applications/${appId}/wechat`, { method: 'DELETE', body: { wechatId: a.wechatId } });
          message.success(r.message ?? MSG.wechatUnbound);
          await refresh();
        } catch (err) {
          message.error(errorMessage(err));
        }
      },
    });

  const columns: TableColumnsType<Account> = [
    { title: '公众号名称', dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
    { title: '公众号 ID', dataIndex: 'wechatId', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: '文章数', dataIndex: 'articles', width: 100 },
    {
      title: MSG.actions,
      key: 'actions',
      width: 220,
      render: (_: unknown, a) => (
        <Space size={0}>
          <Button type="link" onClick={() => setArticlesOf(a)}>
            管理文章
          </Button>
          <Button type="link" danger icon={<DeleteOutlined />} onClick={() => unbind(a)}>
            解除绑定
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className="atr-panel-card atr-settings-card">
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          绑定公众号
        </Typography.Title>
        <Form form={form} layout="inline" onFinish={(v) => void bind(v)} requiredMark={false}>
          <Form.Item
            name="wechatId"
            label="公众号 ID"
            rules={[
              { required: true, whitespace: true, message: MSG.wechatIdRequired },
              { pattern: /^[\w-]{1,64}$/, message: MSG.wechatIdInvalid },
            ]}
          >
            <Input placeholder="例如 gh_1234abcd" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="name"
            label="公众号名称"
            rules={[
              { required: true, whitespace: true, message: MSG.wechatNameRequired },
              { max: 60, message: '不能超过 60 个字' },
            ]}
          >
            <Input placeholder="例如 科技资讯速递" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={binding}>
              绑定
            </Button>
          </Form.Item>
        </Form>
        <div className="atr-muted" style={{ marginTop: 8, fontSize: 12 }}>
          {topicTitle ? `添加的文章归入应用的专题“${topicTitle}”。` : '该应用未选择专题：文章仍可添加，按公众号展示。'}
        </div>
      </div>
      <div className="atr-panel-card">
        <Table<Account>
          rowKey="wechatId"
          columns={columns}
          dataSource={accounts.data ?? []}
          loading={accounts.isFetching}
          pagination={false}
          locale={{ emptyText: <Empty description={accounts.isError ? errorMessage(accounts.error) : '还没有绑定公众号'} /> }}
        />
      </div>
      {articlesOf && (
        <ArticlesDialog
          appId={appId}
          account={articlesOf}
          onClose={() => {
            setArticlesOf(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}

interface ArticleValues {
  title: string;
  groupName: string;
  articleTime: Dayjs;
  thumbMediaUrl?: string;
  url: string;
}

/** The articles of one account: a list, an add form and delete buttons. */
function ArticlesDialog({ appId, account, onClose }: { appId: number; account: Account; onClose(): void }) {
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ArticleValues>();
  const base = `/api/v1/applications/${appId}/wechats/${encodeURIComponent(account.wechatId)}/articles`;
  const key = ['wechat-articles', appId, account.wechatId];
  const articles = useQuery({
    queryKey: [...key, page],
    queryFn: ({ signal }) => apiGet<Page<ArticleRecord>>(base, { page, size: ARTICLE_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

  const add = async () => {
    let v: ArticleValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const r = await apiPost<WithMessage>(base, {
        ...v,
        articleTime: v.articleTime.format('YYYY-MM-DD HH:mm:ss'),
        thumbMediaUrl: v.thumbMediaUrl?.trim() || null,
      });
      message.success(r.message ?? MSG.wechatArticleAdded);
      form.resetFields();
      setAdding(false);
      setPage(1);
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (err) {
      if (!applyFieldErrors(form, err, { title: 'title', groupName: 'groupName', articleTime: 'articleTime', thumbMediaUrl: 'thumbMediaUrl', url: 'url' }))
        message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const remove = (a: ArticleRecord) =>
    modal.confirm({
      title: '删除文章',
      content: `你确认要删除《${a.material.title}》吗？`,
      okText: MSG.confirm,
      cancelText: MSG.cancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const r = await request<WithMessage>(`${base}/${a.id}`, { method: 'DELETE' });
          message.success(r.message ?? MSG.wechatArticleDeleted);
          await queryClient.invalidateQueries({ queryKey: key });
        } catch (err) {
          message.error(errorMessage(err));
        }
      },
    });

  const columns: TableColumnsType<ArticleRecord> = [
    {
      title: '标题',
      key: 'title',
      render: (_: unknown, a) =>
        a.material.url ? (
          <a href={a.material.url} target="_blank" rel="noopener noreferrer">
            {a.material.title}
          </a>
        ) : (
          a.material.title
        ),
    },
    { title: '分组', dataIndex: 'groupName', width: 120, render: (g: string | null) => (g ? <Tag>{g}</Tag> : null) },
    { title: '发布时间', dataIndex: 'articleTime', width: 170 },
    {
      title: MSG.actions,
      key: 'actions',
      width: 80,
      render: (_: unknown, a) => (
        <Button type="link" danger onClick={() => remove(a)}>
          {MSG.delete}
        </Button>
      ),
    },
  ];

  return (
    <Modal open width={1000} title={`公众号文章 · ${account.name}`} onCancel={onClose} footer={null} destroyOnHidden>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          添加文章
        </Button>
      </div>
      <Table<ArticleRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={articles.data?.content ?? []}
        loading={articles.isFetching}
        locale={{ emptyText: <Empty description={articles.isError ? errorMessage(articles.error) : '还没有文章'} /> }}
        pagination={{
          current: page,
          pageSize: ARTICLE_PAGE_SIZE,
          total: articles.data?.totalElements ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (t) => `${MSG.totalPrefix} ${t} ${MSG.totalSuffix}`,
        }}
      />
      <Modal
        open={adding}
        width={DIALOG_WIDTH}
        title="添加文章"
        okText={MSG.save}
        cancelText={MSG.cancel}
        confirmLoading={saving}
        onOk={() => void add()}
        onCancel={() => {
          setAdding(false);
          form.resetFields();
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ articleTime: dayjs().second(0) }} preserve={false}>
          <Form.Item name="title" label="文章标题" rules={[{ required: true, whitespace: true, message: MSG.articleTitleRequired }, { max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="groupName" label="分组" rules={[{ required: true, whitespace: true, message: MSG.articleGroupRequired }, { max: 40 }]}>
            <Input maxLength={40} placeholder="例如 前沿动态" />
          </Form.Item>
          <Form.Item name="articleTime" label="发布时间" rules={[{ required: true, message: MSG.articleTimeRequired }]}>
            <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="thumbMediaUrl" label="封面地址">
            <Input placeholder="https://… 或 /站内路径，可选" allowClear />
          </Form.Item>
          <Form.Item
            name="url"
            label="文章地址"
            rules={[
              { required: true, whitespace: true, message: MSG.articleUrlRequired },
              { pattern: /^https?:\/\/\S+$/i, message: MSG.httpUrlInvalid },
            ]}
          >
            <Input placeholder="https://mp.weixin.qq.com/s/…" />
          </Form.Item>
        </Form>
      </Modal>
    </Modal>
  );
}
