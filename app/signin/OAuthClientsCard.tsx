/**
 * The 客户端登录 card of the application settings page (spec 1 §6 client login; spec 2 §7 'Login';
 * docs/decisions.md 123, 200-202). Lists the application's OAuth clients
 * (GET /api/v1/applications/{id}/oauth/clients): 客户端 ID, 名称, the provider's issuer, whether a
 * secret is stored, and the ready-to-copy sign-in link `<site origin>/?oauth=xproject&client_id=<id>`;
 * adds and edits one in a dialog (POST, the same call; the client ID is fixed once saved; the secret is
 * never shown back and an empty field keeps the stored one) and deletes one after a confirmation
 * (DELETE .../{clientId}). Every refusal shows the server's Chinese message, on its field when it names one.
 * The routes admit managers of the application only; others see the server's 403 message in the table.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Divider, Empty, Form, Input, Modal, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { ApiError, errorMessage } from '../api';
import { applyFieldErrors } from '../shared/formErrors';
import { useFormSubmit } from '../shared/useFormSubmit';
import { siteUrl } from '../shared/util';
import { api } from '../shared/apiClient';
import { useConfirmedDelete } from '../shared/useConfirmedDelete';
import {
  CLIENT_ID_PATTERN,
  OAUTH_CLIENT_FIELDS,
  clientSigninLink,
  oauthClientBody,
  oauthClientValues,
  oauthClientsKey,
  secretWouldBeDropped,
  type OAuthClient,
  type OAuthClientValues,
} from './oauthClients';

/** The dialog is wider than antd's default 520 px: the provider's addresses are long. */
const DIALOG_WIDTH = 600;

/**
 * The card. `applicationId` is the application's id; `host` its host name (the sign-in links and the
 * provider's callback address are on `siteUrl(host)`).
 */
export function OAuthClientsCard({ applicationId, host }: { applicationId: number; host: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OAuthClient | 'new' | null>(null);
  const key = oauthClientsKey(applicationId);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }): Promise<OAuthClient[]> => api.get('/api/v1/applications/{id}/oauth/clients', { params: { id: applicationId }, signal }),
  });
  const origin = siteUrl(host);
  const clients = list.data ?? [];

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      message.success(MSG.linkCopied);
    } catch {
      // no clipboard (insecure origin, permission refused): show the link to copy by hand
      message.info(link);
    }
  };

  const confirmDelete = useConfirmedDelete();
  const remove = (c: OAuthClient) =>
    confirmDelete({
      title: MSG.oauthClientDeleteTitle,
      content: MSG.oauthClientDeleteConfirm,
      successMsg: MSG.oauthClientDeleted,
      send: () => api.delete('/api/v1/applications/{id}/oauth/clients/{clientId}', { params: { id: applicationId, clientId: c.clientId } }),
      queryKey: key,
    });

  const columns: TableColumnsType<OAuthClient> = [
    { title: MSG.oauthClientId, dataIndex: 'clientId', key: 'clientId', width: 150, render: (id: string) => <Typography.Text strong>{id}</Typography.Text> },
    { title: MSG.oauthClientName, dataIndex: 'name', key: 'name', width: 140 },
    {
      title: MSG.oauthClientIssuer,
      key: 'issuer',
      render: (_: unknown, c) =>
        c.oauthUri ? (
          <div>
            <div style={{ wordBreak: 'break-all' }}>{c.oauthUri.issuer}</div>
            <div className="atr-muted">client_id：{c.oauthUri.clientId}</div>
          </div>
        ) : (
          <span className="atr-muted">—</span>
        ),
    },
    {
      title: MSG.oauthClientSecretColumn,
      key: 'secret',
      width: 80,
      render: (_: unknown, c) =>
        c.oauthUri?.hasClientSecret ? <Tag color="green">{MSG.oauthClientSecretStored}</Tag> : <Tag>{MSG.oauthClientSecretNone}</Tag>,
    },
    {
      title: MSG.oauthClientLink,
      key: 'link',
      render: (_: unknown, c) => {
        const link = clientSigninLink(origin, c.clientId);
        return (
          <div className="atr-oauth-link">
            <a href={link} target="_blank" rel="noopener noreferrer">
              {link}
            </a>
            <Tooltip title={MSG.oauthClientCopyLink}>
              <Button
                type="text"
                size="small"
                icon={<CopyOutlined />}
                aria-label={`${MSG.oauthClientCopyLink} ${c.clientId}`}
                onClick={() => void copy(link)}
              />
            </Tooltip>
          </div>
        );
      },
    },
    {
      title: MSG.actions,
      key: 'actions',
      width: 130,
      render: (_: unknown, c) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} aria-label={`${MSG.edit} ${c.clientId}`} onClick={() => setEditing(c)}>
            {MSG.edit}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`${MSG.delete} ${c.clientId}`} onClick={() => remove(c)}>
            {MSG.delete}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="atr-panel-card atr-settings-card" id="oauth-clients">
      <div className="atr-settings-card__head">
        <div>
          <h3 className="atr-settings-card__title">{MSG.oauthClients}</h3>
          <div className="atr-muted">{MSG.oauthClientsHint}</div>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {MSG.newOauthClient}
        </Button>
      </div>
      <Table<OAuthClient>
        rowKey="clientId"
        size="middle"
        columns={columns}
        dataSource={clients}
        loading={list.isFetching}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={list.isError ? errorMessage(list.error) : MSG.noOauthClients} /> }}
      />
      {editing !== null && (
        <OAuthClientDialog
          applicationId={applicationId}
          origin={origin}
          client={editing === 'new' ? undefined : editing}
          taken={clients.map((c) => c.clientId)}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      )}
    </div>
  );
}

interface DialogProps {
  applicationId: number;
  /** the site's origin: the provider's callback address is on it */
  origin: string;
  /** the client being edited; absent for a new one */
  client?: OAuthClient;
  /** client ids already in the list (a new client may not reuse one: it would overwrite it) */
  taken: string[];
  onClose(): void;
  onSaved(): void;
}

/** The dialog that adds a client or edits one (POST /api/v1/applications/{id}/oauth/clients). */
function OAuthClientDialog({ applicationId, origin, client, taken, onClose, onSaved }: DialogProps) {
  const [form] = Form.useForm<OAuthClientValues>();
  const issuer = Form.useWatch('issuer', form);
  const providerClientId = Form.useWatch('providerClientId', form);
  const clientSecret = Form.useWatch('clientSecret', form);
  const dropsSecret = secretWouldBeDropped(client, { issuer, providerClientId, clientSecret });

  const { saving, submit } = useFormSubmit(form, {
    send: (values) =>
      api.post('/api/v1/applications/{id}/oauth/clients', {
        params: { id: applicationId },
        body: oauthClientBody({ ...values, clientId: client?.clientId ?? values.clientId }),
      }),
    successMsg: MSG.oauthClientSaved,
    // 409: the id belongs to another application's client; it names no field but is about the id
    onRefused: (err) => {
      if (err instanceof ApiError && err.status === 409) form.setFields([{ name: 'clientId', errors: [err.message] }]);
      else applyFieldErrors(form, err, OAUTH_CLIENT_FIELDS);
    },
    onDone: () => onSaved(),
  });

  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={client ? `${MSG.editOauthClient} · ${client.name}` : MSG.newOauthClient}
      okText={MSG.save}
      cancelText={MSG.cancel}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<OAuthClientValues> form={form} layout="vertical" name="oauth-client" initialValues={oauthClientValues(client)} onFinish={() => void submit()}>
        <Form.Item
          name="clientId"
          label={MSG.oauthClientId}
          extra={MSG.oauthClientIdHint}
          validateTrigger="onBlur"
          rules={
            client
              ? []
              : [
                  { required: true, whitespace: true, message: MSG.oauthClientIdRequired },
                  { pattern: CLIENT_ID_PATTERN, message: MSG.oauthClientIdInvalid, transform: (v: string) => v?.trim() },
                  {
                    validator: (_: unknown, v?: string) =>
                      v && taken.includes(v.trim()) ? Promise.reject(new Error(MSG.oauthClientIdExists)) : Promise.resolve(),
                  },
                ]
          }
        >
          <Input disabled={!!client} maxLength={64} placeholder="xproject-portal" autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={MSG.oauthClientName} rules={[{ required: true, whitespace: true, message: MSG.oauthClientNameRequired }]}>
          <Input maxLength={100} placeholder={MSG.oauthClientNamePlaceholder} />
        </Form.Item>
        <Divider titlePlacement="start" plain>
          {MSG.oauthClientProvider}
        </Divider>
        <Form.Item
          name="issuer"
          label={MSG.ssoIssuer}
          extra={MSG.ssoCallbackHint(`${origin}/api/v1/oauth/sso/callback`)}
          validateTrigger="onBlur"
          rules={[
            { required: true, whitespace: true, message: MSG.ssoIssuerRequired },
            { pattern: /^\s*https?:\/\/\S+\s*$/, message: MSG.ssoIssuerInvalid },
          ]}
        >
          <Input placeholder="https://idp.example.edu.cn" maxLength={500} />
        </Form.Item>
        <Form.Item name="providerClientId" label={MSG.ssoClientId} rules={[{ required: true, whitespace: true, message: MSG.ssoClientIdRequired }]}>
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="clientSecret"
          label={MSG.ssoClientSecret}
          extra={dropsSecret ? <Typography.Text type="warning">{MSG.oauthClientSecretDropped}</Typography.Text> : undefined}
        >
          <Input.Password
            placeholder={client?.oauthUri?.hasClientSecret ? MSG.ssoClientSecretKept : MSG.ssoClientSecretNone}
            maxLength={500}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item name="scope" label={MSG.ssoScope}>
          <Input placeholder="email" maxLength={200} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
