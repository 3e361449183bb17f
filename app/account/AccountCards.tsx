/**
 * The account cards shared by the visitor's /settings/account (app/pages/account/AccountPage.tsx) and the
 * console's /console/settings/account (app/console/AccountSettingsPage.tsx) (spec 1 §2; spec 2 §7
 * 'Application and account'; docs/decisions.md 160-163, 167, 293): profile (name, affiliation), the ways
 * to sign in (mobile with an SMS code, e-mail with a mailed code, WeChat by QR code) with binding and
 * unbinding, the scholar profile, and the active sessions with 在所有设备上退出登录. Refusals show the
 * server's message.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Card, Form, Input, Modal, Popconfirm, QRCode, Skeleton, Space, Table, Tag } from 'antd';
import { MSG } from '@common/messages';
import { DAY_MINUTE, formatLocal } from '@common/dates';
import type { AccountInfo } from '@common/contracts/account';
import { errorMessage } from '../api';
import { lastingMessage } from '../AntdProviders';
import type { ActiveSession } from '@common/contracts/signin';
import './account.css';
import { api } from '../shared/apiClient';

/** GET /api/v1/users/{id}/info (the server's answer schema) */
export type { AccountInfo };

const maskMobile = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;
export const infoKey = (id: number) => ['account-info', id] as const;

/** Which cards {@link AccountCards} shows. */
export interface AccountCardsProps {
  /** the signed-in user's id */
  userId: number;
  /** the scholar profile card (the visitor's page; the console leaves it out) */
  scholar?: boolean;
  /** where 在所有设备上退出登录 leads afterwards (the sign-in page of the console or of the site) */
  afterSignOut: string;
}

/** The cards of an account page, read from GET /api/v1/users/{id}/info, with its loading and failure states. */
export function AccountCards({ userId, scholar = true, afterSignOut }: AccountCardsProps) {
  const info = useQuery({ queryKey: infoKey(userId), queryFn: () => api.get('/api/v1/users/{id}/info', { params: { id: userId } }) });
  if (info.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (info.isError) {
    return <Alert type="error" showIcon message={errorMessage(info.error)} action={<Button onClick={() => info.refetch()}>{MSG.retry}</Button>} />;
  }
  return (
    <div className="atr-account-cards">
      <ProfileCard info={info.data} />
      <BindingsCard info={info.data} />
      {scholar && <ScholarCard info={info.data} />}
      <SessionsCard afterSignOut={afterSignOut} />
    </div>
  );
}

/** Puts the answer of a write (the new info) into the cache. */
function useInfoWrite<T>(userId: number, fn: (v: T) => Promise<AccountInfo & { message?: string }>, after?: () => void) {
  const qc = useQueryClient();
  const { message } = AntApp.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      qc.setQueryData(infoKey(userId), r);
      if (r.message) message.success(r.message);
      after?.();
    },
    onError: (e) => {
      message.error(errorMessage(e));
    }, // a block: a returned toast would keep the mutation pending until it closes
  });
}

function ProfileCard({ info }: { info: AccountInfo }) {
  const [form] = Form.useForm<{ name: string; affiliation: string }>();
  const qc = useQueryClient();
  const save = useInfoWrite(
    info.id,
    (v: { name: string; affiliation: string }) => api.put('/api/v1/account/profile', { body: v }),
    () => {
      void qc.invalidateQueries({ queryKey: ['session'] });
    },
  );
  return (
    <Card title={MSG.accountProfile}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: info.name, affiliation: info.affiliation }}
        onFinish={(v) => save.mutate(v)}
        style={{ maxWidth: 480 }}
      >
        <Form.Item
          name="name"
          label={MSG.accountName}
          rules={[
            { required: true, whitespace: true, message: MSG.accountNameRequired },
            { max: 40, message: MSG.accountNameTooLong },
            { pattern: /^[^<>]*$/, message: MSG.accountNoMarkup },
          ]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="affiliation"
          label={MSG.accountAffiliation}
          rules={[
            { max: 100, message: MSG.accountAffiliationTooLong },
            { pattern: /^[^<>]*$/, message: MSG.accountNoMarkup },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {MSG.save}
        </Button>
      </Form>
    </Card>
  );
}

type BindKind = 'mobile' | 'email' | 'wechat';

function BindingsCard({ info }: { info: AccountInfo }) {
  const [binding, setBinding] = useState<BindKind | null>(null);
  const unbind = useInfoWrite(info.id, (loginId: string) => api.delete('/api/v1/account/unbind', { body: { uid: info.id, login_id: loginId } }));
  const rows: Array<{ kind: BindKind; label: string; value: string | null; shown: string | null }> = [
    { kind: 'mobile', label: MSG.accountMobile, value: info.mobile, shown: info.mobile ? maskMobile(info.mobile) : null },
    { kind: 'email', label: MSG.accountEmail, value: info.email, shown: info.email },
    { kind: 'wechat', label: MSG.accountWechat, value: info.wechat, shown: info.wechat ? MSG.accountBound : null },
  ];
  return (
    <Card title={MSG.accountBindings}>
      {rows.map((r) => (
        <div key={r.kind} className="atr-bind-row" data-testid={`bind-${r.kind}`}>
          <span className="atr-bind-kind">{r.label}</span>
          <span className="atr-bind-value">{r.shown ?? <Tag>{MSG.accountNotBound}</Tag>}</span>
          <Space>
            <Button size="small" onClick={() => setBinding(r.kind)}>
              {r.value ? MSG.accountRebind : MSG.accountBind}
            </Button>
            {r.value && (
              <Popconfirm
                title={`${MSG.accountUnbind}${r.label}？`}
                okText={MSG.accountUnbind}
                cancelText={MSG.cancel}
                onConfirm={() => unbind.mutate(r.value!)}
              >
                <Button size="small" danger>
                  {MSG.accountUnbind}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </div>
      ))}
      {binding === 'wechat' ? (
        <WechatDialog info={info} rebind={!!info.wechat} onClose={() => setBinding(null)} />
      ) : binding ? (
        <CodeDialog kind={binding} info={info} rebind={!!rows.find((r) => r.kind === binding)?.value} onClose={() => setBinding(null)} />
      ) : null}
    </Card>
  );
}

/**
 * Bind a mobile number (SMS code, PUT /api/v3/oauth/digits) or an e-mail (mailed code); `rebind`: one is
 * bound already and the new one takes its place (titled 更换).
 */
function CodeDialog({ kind, info, rebind, onClose }: { kind: 'mobile' | 'email'; info: AccountInfo; rebind: boolean; onClose(): void }) {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<{ target: string; code: string }>();
  const [error, setError] = useState<string | null>(null);
  const label = kind === 'mobile' ? MSG.accountMobile : MSG.accountEmail;
  const send = useMutation({
    mutationFn: (target: string) =>
      kind === 'mobile'
        ? api.put('/api/v3/oauth/digits', { body: { country_code: '86', mobile_number: target } })
        : api.put('/api/v1/account/bind/email/digits', { body: { email: target } }),
    onSuccess: (r) => {
      setError(null);
      message.success(r.message);
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const bind = useInfoWrite(
    info.id,
    (v: { target: string; code: string }) =>
      kind === 'mobile'
        ? api.put('/api/v1/account/bind/mobile', { body: { mobile_number: v.target, sms_code: v.code } })
        : api.put('/api/v1/account/bind/email', { body: { email: v.target, email_code: v.code } }),
    onClose,
  );
  return (
    <Modal
      open
      title={`${rebind ? MSG.accountRebind : MSG.accountBind}${label}`}
      okText={rebind ? MSG.accountRebind : MSG.accountBind}
      cancelText={MSG.cancel}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: bind.isPending }}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" onFinish={(v) => bind.mutate(v)}>
        <Form.Item name="target" label={label} rules={[{ required: true, message: kind === 'mobile' ? MSG.phoneRequired : MSG.emailRequired }]}>
          <Input placeholder={label} />
        </Form.Item>
        <Form.Item label={MSG.accountCodePlaceholder} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[{ required: true, message: MSG.accountEmailCodeRequired }]}>
              <Input placeholder={MSG.accountCodePlaceholder} maxLength={6} />
            </Form.Item>
            <Button
              loading={send.isPending}
              onClick={async () => {
                const { target } = await form.validateFields(['target']);
                send.mutate(target.trim());
              }}
            >
              {MSG.accountSendCode}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Bind WeChat: a QR code from GET /api/v1/wechat/qrcode/, then 完成绑定 (PUT /api/v1/account/bind/wechat). */
function WechatDialog({ info, rebind, onClose }: { info: AccountInfo; rebind: boolean; onClose(): void }) {
  const qr = useQuery({
    queryKey: ['wechat-qr', info.id],
    gcTime: 0,
    queryFn: () => api.get('/api/v1/wechat/qrcode', { query: { client_name: 'atrium-web', client_id: String(info.id) } }),
  });
  const bind = useInfoWrite(info.id, (ticket: string) => api.put('/api/v1/account/bind/wechat', { body: { ticket } }), onClose);
  return (
    <Modal
      open
      title={`${rebind ? MSG.accountRebind : MSG.accountBind}${MSG.accountWechat}`}
      okText={MSG.wechatFinishBind}
      cancelText={MSG.cancel}
      onCancel={onClose}
      onOk={() => qr.data && bind.mutate(qr.data.ticket)}
      okButtonProps={{ disabled: !qr.data, loading: bind.isPending }}
    >
      <Space direction="vertical" align="center" style={{ width: '100%' }}>
        {qr.isPending ? (
          <Skeleton.Image active />
        ) : qr.isError ? (
          <Alert type="error" showIcon message={errorMessage(qr.error)} />
        ) : (
          <QRCode value={qr.data.url} />
        )}
        <span style={{ color: '#666' }}>{MSG.wechatScanHint}</span>
      </Space>
    </Modal>
  );
}

function ScholarCard({ info }: { info: AccountInfo }) {
  const qc = useQueryClient();
  const { message } = AntApp.useApp();
  const s = info.scholar;
  const save = useMutation({
    mutationFn: (v: { name: string; institution: string; research_field: string }) => api.put('/api/v2/scholars', { body: v }),
    onSuccess: async (r) => {
      message.success(r.message);
      await qc.invalidateQueries({ queryKey: infoKey(info.id) });
    },
    onError: (e) => {
      message.error(errorMessage(e));
    }, // a block: a returned toast would keep the mutation pending until it closes
  });
  return (
    <Card title={MSG.scholarProfile}>
      <Form
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={{ name: s?.name ?? info.name, institution: s?.institution ?? info.affiliation, research_field: s?.research_field ?? '' }}
        onFinish={(v: { name: string; institution: string; research_field: string }) => save.mutate(v)}
      >
        <Form.Item
          name="name"
          label={MSG.accountName}
          rules={[
            { required: true, whitespace: true, message: MSG.scholarNameRequired },
            { pattern: /^[^<>]*$/, message: MSG.accountNoMarkup },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="institution" label={MSG.scholarInstitution} rules={[{ pattern: /^[^<>]*$/, message: MSG.accountNoMarkup }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="research_field" label={MSG.scholarResearchField} rules={[{ pattern: /^[^<>]*$/, message: MSG.accountNoMarkup }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {MSG.save}
        </Button>
      </Form>
    </Card>
  );
}

/** An item of GET /api/v1/sessions: one signed-in browser of the user, its device and address (decisions 293, 337). */
export type { ActiveSession } from '@common/contracts/signin';

const formatTime = (iso: string) => formatLocal(new Date(iso), DAY_MINUTE);

/**
 * The active sessions (GET /api/v1/sessions: sign-in time, valid until, 当前设备) and 在所有设备上退出登录
 * (DELETE /api/v1/sessions, confirmed), after which the page goes to `afterSignOut`.
 */
export function SessionsCard({ afterSignOut }: { afterSignOut: string }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  const list = useQuery({
    queryKey: ['account-sessions'],
    queryFn: ({ signal }) => api.get('/api/v1/sessions', { signal }),
  });
  const end = useMutation({
    mutationFn: () => api.delete('/api/v1/sessions'),
    onSuccess: (r) => {
      qc.clear();
      qc.setQueryData(['session'], null);
      // the sign-in page has its own providers: a message of this page's would vanish with it
      lastingMessage.success(r.message);
      void navigate(afterSignOut, { replace: true });
    },
    onError: (e) => {
      message.error(errorMessage(e));
    },
  });
  // another device signed out (DELETE /api/v1/sessions/{id}; this browser's own has 退出登录)
  const endOne = useMutation({
    mutationFn: (id: string) => api.delete('/api/v1/sessions/{id}', { params: { id } }),
    onSuccess: (r) => {
      message.success(r.message);
      void qc.invalidateQueries({ queryKey: ['account-sessions'] });
    },
    onError: (e) => {
      message.error(errorMessage(e));
    },
  });
  return (
    <Card
      title={MSG.accountSessions}
      extra={
        <Popconfirm title={MSG.accountSessionsEndConfirm} okText={MSG.signOutEverywhere} cancelText={MSG.cancel} onConfirm={() => end.mutate()}>
          <Button danger size="small" loading={end.isPending}>
            {MSG.signOutEverywhere}
          </Button>
        </Popconfirm>
      }
    >
      <div className="atr-muted" style={{ marginBottom: 12 }}>
        {MSG.accountSessionsHint}
      </div>
      <Table<ActiveSession>
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.isFetching}
        dataSource={list.data?.content ?? []}
        locale={{ emptyText: list.isError ? errorMessage(list.error) : MSG.noData }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: MSG.sessionDevice, dataIndex: 'device', key: 'device', render: (v: string | null) => v ?? '—' },
          { title: MSG.sessionAddress, dataIndex: 'ip', key: 'ip', render: (v: string | null) => v ?? '—' },
          { title: MSG.accountSessionSignedIn, dataIndex: 'createdAt', key: 'createdAt', render: (v: string) => formatTime(v) },
          { title: MSG.accountSessionExpires, dataIndex: 'expiresAt', key: 'expiresAt', render: (v: string) => formatTime(v) },
          {
            title: MSG.accountSessionState,
            key: 'current',
            render: (_: unknown, s) => (s.current ? <Tag color="blue">{MSG.accountSessionCurrent}</Tag> : <Tag>{MSG.accountSessionOther}</Tag>),
          },
          {
            title: MSG.actions,
            key: 'end',
            render: (_: unknown, s) =>
              s.current ? null : (
                <Popconfirm title={MSG.sessionEndConfirm} okText={MSG.sessionEndThis} cancelText={MSG.cancel} onConfirm={() => endOne.mutate(s.id)}>
                  <Button type="link" size="small" danger loading={endOne.isPending && endOne.variables === s.id}>
                    {MSG.sessionEndThis}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
