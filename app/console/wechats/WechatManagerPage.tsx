/**
 * /console/wechats, also answered at /console/wechats/wechatManager (spec 1 §2, spec 2 §2: reached from the
 * wechat_article form and its empty state, docs/decisions.md 325, 343): the official accounts of an
 * application the user manages with 内容管理 (sections/SectionApplication.tsx: ?applicationId= preselects
 * it; a manager without the right is refused). Bind an account (公众号 ID and name; POST /api/v1/applications/{id}/wechat)
 * or unbind one (confirmed; DELETE … { wechatId }). Every refusal shows the server's Chinese message.
 * An account's articles are written in one place, the articles section /console/wechats/articles
 * (WechatArticlesPage.tsx): each account's 管理文章 opens it filtered to that account (`?account=`), and
 * the head links to all of them.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, FileTextOutlined, PlusOutlined, WechatOutlined } from '@ant-design/icons';
import { MSG, fillMsg } from '@common/messages';
import type { WechatAccountWithArticles } from '@common/contracts/wechats';
import { errorMessage } from '../../api';
import { applyFieldErrors } from '../../shared/formErrors';

import { PageHead } from '../PageHead';
import { SectionApplication } from '../sections/SectionApplication';
import { WECHAT_ARTICLES_PATH } from './WechatArticlesPage';
import '../console.css';
import { api } from '../../shared/apiClient';

/** An item of GET /api/v1/applications/{id}/wechats. */
type Account = WechatAccountWithArticles;
/** The articles section showing one account's articles (decision 343). */
const accountArticlesHref = (appId: number, wechatId: string) => `${WECHAT_ARTICLES_PATH}?applicationId=${appId}&account=${encodeURIComponent(wechatId)}`;

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

/** The accounts of one application: bind, unbind, and a link to each account's articles. */
function Accounts({ appId, topicTitle }: { appId: number; topicTitle: string | null }) {
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ wechatId: string; name: string }>();
  const [binding, setBinding] = useState(false);
  const accounts = useQuery({
    queryKey: ['wechats', appId],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/wechats', { params: { id: appId }, signal }),
  });
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ['wechats', appId] }), queryClient.invalidateQueries({ queryKey: ['wechats-available'] })]);

  const bind = async (values: { wechatId: string; name: string }) => {
    setBinding(true);
    try {
      const r = await api.post('/api/v1/applications/{id}/wechat', { params: { id: appId }, body: values });
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
          const r = await api.delete('/api/v1/applications/{id}/wechat', { params: { id: appId }, body: { wechatId: a.wechatId } });
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
          {topicTitle !== null && (
            <Link to={accountArticlesHref(appId, a.wechatId)}>
              <Button type="link" icon={<FileTextOutlined />}>
                {MSG.wechatManageArticles}
              </Button>
            </Link>
          )}
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
          {topicTitle !== null ? fillMsg(MSG.wechatArticlesInTopic, { topic: topicTitle }) : MSG.wechatArticlesNeedTopic}
        </div>
      </div>
      <div className="atr-panel-card">
        <Table<Account>
          rowKey="wechatId"
          columns={columns}
          dataSource={accounts.data ?? []}
          loading={accounts.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={accounts.isError ? errorMessage(accounts.error) : '还没有绑定公众号'} /> }}
        />
      </div>
    </>
  );
}
