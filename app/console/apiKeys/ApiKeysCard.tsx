/**
 * The 开放接口 card of the application settings page (docs/decisions.md 631-632, 637): the application's
 * keys of the public read API (GET /api/v1/applications/{id}/api-keys: name, prefix, scopes, limit a
 * minute, today's and all calls, state), 签发密钥 in a dialog (name, the read groups, the limit;
 * POST …/api-keys), after which the key is shown this once with a copy button, and 吊销 after a
 * confirmation (POST …/api-keys/{keyId}/revoke). Managers without 站点设置 see the server's 403 message.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Empty, Form, Input, InputNumber, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CopyOutlined, KeyOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import {
  KEY_PER_MINUTE_DEFAULT,
  KEY_PER_MINUTE_MAX,
  KEY_PER_MINUTE_MIN,
  PUBLIC_API_SCOPES,
  PUBLIC_API_SCOPE_LABELS,
  type PublicApiScope,
} from '@common/publicApi';
import type { ApiKey } from '@common/contracts/publicApi';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { applyFieldErrors } from '../../shared/formErrors';

/** TanStack Query key of an application's keys. */
export const apiKeysKey = (applicationId: number) => ['api-keys', applicationId] as const;

interface KeyValues {
  name: string;
  scopes: PublicApiScope[];
  ratePerMinute: number;
}

/** The card; `applicationId` is the application's id. */
export function ApiKeysCard({ applicationId }: { applicationId: number }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [issuing, setIssuing] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const key = apiKeysKey(applicationId);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }): Promise<ApiKey[]> => api.get('/api/v1/applications/{id}/api-keys', { params: { id: applicationId }, signal }),
  });

  const revoke = (k: ApiKey) =>
    modal.confirm({
      title: `${MSG.apiKeyRevokeTitle} · ${k.name}`,
      content: MSG.apiKeyRevokeConfirm,
      okText: MSG.apiKeyRevoke,
      okButtonProps: { danger: true },
      cancelText: MSG.cancel,
      onOk: async () => {
        try {
          const res = await api.post('/api/v1/applications/{id}/api-keys/{keyId}/revoke', { params: { id: applicationId, keyId: k.id } });
          message.success(res.message);
          await queryClient.invalidateQueries({ queryKey: key });
        } catch (err) {
          message.error(errorMessage(err));
        }
      },
    });

  const columns: TableColumnsType<ApiKey> = [
    { title: MSG.apiKeyName, dataIndex: 'name', key: 'name', render: (n: string) => <Typography.Text strong>{n}</Typography.Text> },
    { title: MSG.apiKeyPrefix, dataIndex: 'prefix', key: 'prefix', render: (p: string) => <Typography.Text code>{p}…</Typography.Text> },
    {
      title: MSG.apiKeyScopes,
      dataIndex: 'scopes',
      key: 'scopes',
      render: (s: PublicApiScope[]) => (
        <Space size={[0, 4]} wrap>
          {s.map((x) => (
            <Tag key={x}>{PUBLIC_API_SCOPE_LABELS[x]}</Tag>
          ))}
        </Space>
      ),
    },
    { title: MSG.apiKeyRate, dataIndex: 'ratePerMinute', key: 'rate', width: 100 },
    { title: MSG.apiKeyToday, dataIndex: 'today', key: 'today', width: 90 },
    { title: MSG.apiKeyTotal, dataIndex: 'total', key: 'total', width: 90 },
    {
      title: MSG.apiKeyState,
      key: 'state',
      width: 80,
      render: (_: unknown, k) => (k.revokedAt ? <Tag>{MSG.apiKeyRevokedTag}</Tag> : <Tag color="green">{MSG.apiKeyActive}</Tag>),
    },
    {
      title: MSG.actions,
      key: 'actions',
      width: 90,
      render: (_: unknown, k) =>
        k.revokedAt ? null : (
          <Button type="link" size="small" danger icon={<StopOutlined />} aria-label={`${MSG.apiKeyRevoke} ${k.name}`} onClick={() => revoke(k)}>
            {MSG.apiKeyRevoke}
          </Button>
        ),
    },
  ];

  return (
    <div className="atr-panel-card atr-settings-card" id="open-api">
      <div className="atr-settings-card__head">
        <div>
          <h3 className="atr-settings-card__title">{MSG.apiKeysTitle}</h3>
          <div className="atr-muted">{MSG.apiKeysHint}</div>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setIssuing(true)}>
          {MSG.apiKeyNew}
        </Button>
      </div>
      <Table<ApiKey>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={list.isError ? errorMessage(list.error) : MSG.apiKeyNone} /> }}
      />
      {issuing && (
        <IssueDialog
          applicationId={applicationId}
          onClose={() => setIssuing(false)}
          onIssued={(k) => {
            setIssuing(false);
            setShown(k);
            void queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      )}
      {shown !== null && <ShownOnce value={shown} onClose={() => setShown(null)} />}
    </div>
  );
}

/** The dialog that issues a key. */
function IssueDialog({ applicationId, onClose, onIssued }: { applicationId: number; onClose(): void; onIssued(key: string): void }) {
  const [form] = Form.useForm<KeyValues>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const submit = async () => {
    let values: KeyValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await api.post('/api/v1/applications/{id}/api-keys', {
        params: { id: applicationId },
        body: { name: values.name.trim(), scopes: values.scopes, ratePerMinute: values.ratePerMinute },
      });
      message.success(res.message);
      onIssued(res.key);
    } catch (err) {
      if (!applyFieldErrors(form, err, { name: 'name', scopes: 'scopes', ratePerMinute: 'ratePerMinute' })) message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={MSG.apiKeyNew}
      okText={MSG.apiKeyNew}
      cancelText={MSG.cancel}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<KeyValues>
        form={form}
        layout="vertical"
        name="api-key"
        initialValues={{ name: '', scopes: [...PUBLIC_API_SCOPES], ratePerMinute: KEY_PER_MINUTE_DEFAULT }}
        onFinish={() => void submit()}
      >
        <Form.Item name="name" label={MSG.apiKeyName} rules={[{ required: true, whitespace: true, message: MSG.apiKeyNameRequired }]}>
          <Input maxLength={50} placeholder="图书馆发现系统" />
        </Form.Item>
        <Form.Item name="scopes" label={MSG.apiKeyScopes} rules={[{ required: true, type: 'array', min: 1, message: MSG.apiKeyScopesRequired }]}>
          <Checkbox.Group options={PUBLIC_API_SCOPES.map((s) => ({ value: s, label: PUBLIC_API_SCOPE_LABELS[s] }))} />
        </Form.Item>
        <Form.Item name="ratePerMinute" label={MSG.apiKeyRate} rules={[{ required: true, message: MSG.apiKeyRateInvalid }]}>
          <InputNumber min={KEY_PER_MINUTE_MIN} max={KEY_PER_MINUTE_MAX} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** The key, shown this once, with a copy button. */
function ShownOnce({ value, onClose }: { value: string; onClose(): void }) {
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      message.success(MSG.apiKeyCopied);
    } catch {
      message.info(value);
    }
  };
  return (
    <Modal
      open
      title={
        <Space>
          <KeyOutlined />
          {MSG.apiKeyNew}
        </Space>
      }
      onCancel={onClose}
      closable={false}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {MSG.apiKeyDone}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={MSG.apiKeyShownOnce} style={{ marginBottom: 12 }} />
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={value} aria-label={MSG.apiKeyPrefix} data-testid="api-key-value" onFocus={(e) => e.target.select()} />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {MSG.apiKeyCopy}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
