/**
 * /console/users (spec 1 §2; decisions #136, #137): the users of an application with their roles
 * (POST /api/v1/applications/users, action list); a role is changed in place (action role), users are
 * added by phone (action add) and removed (action remove, confirmed).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Modal, Select, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { CONSOLE_PAGE_SIZE, DIALOG_WIDTH } from '@common/constants';
import { phoneSchema } from '@common/validation';
import type { Page } from '@common/page';
import { apiGet, apiPost, errorMessage } from '../../api';
import type { AppConfig } from '../../boot';
import type { WithMessage } from '../types';
import { ApplicationPicker, useApplicationChoice } from './ApplicationPicker';
import '../console.css';

/** A user of an application as the list answers it. */
export interface ApplicationUser { userId: number; name: string; phone: string | null; affiliation: string; roleId: string; roleName: string; createdAt: string }

/** The roles of an application (from its configuration). */
export function useRoles(appId: number | undefined) {
  return useQuery({
    queryKey: ['application-config', appId],
    enabled: !!appId,
    queryFn: ({ signal }) => apiGet<AppConfig>(`/api/v1/applications/${appId}/config`, undefined, signal),
  });
}

/** The users page. */
export function UsersPage() {
  const choice = useApplicationChoice();
  const appId = choice.chosen?.applicationId;
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const config = useRoles(appId);
  const roles = config.data?.roleConfig ?? [];
  const list = useQuery({
    queryKey: ['app-users', appId, page, query],
    enabled: !!appId,
    queryFn: () => apiPost<Page<ApplicationUser>>('/api/v1/applications/users', { action: 'list', applicationId: appId, page, size: CONSOLE_PAGE_SIZE, query: query || undefined }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['app-users'] });

  const changeRole = async (u: ApplicationUser, roleId: string) => {
    try {
      const r = await apiPost<WithMessage>('/api/v1/applications/users', { action: 'role', applicationId: appId, userId: u.userId, roleId });
      message.success(r.message ?? MSG.userRoleSaved);
      await refresh();
    } catch (err) {
      message.error(errorMessage(err));
    }
  };
  const remove = (u: ApplicationUser) => modal.confirm({
    title: '移出用户', content: `你确认要把 ${u.name} 移出此应用吗？`, okText: MSG.confirm, cancelText: MSG.cancel, okButtonProps: { danger: true },
    onOk: async () => {
      try {
        const r = await apiPost<WithMessage>('/api/v1/applications/users', { action: 'remove', applicationId: appId, userId: u.userId });
        message.success(r.message ?? MSG.userRemoved);
        await refresh();
      } catch (err) {
        message.error(errorMessage(err));
      }
    },
  });

  const columns: TableColumnsType<ApplicationUser> = [
    { title: '姓名', dataIndex: 'name', key: 'name' },
    { title: '手机号', dataIndex: 'phone', key: 'phone', render: (p: string | null) => p ?? <span className="atr-muted">—</span> },
    { title: '单位', dataIndex: 'affiliation', key: 'affiliation', render: (a: string) => a || <span className="atr-muted">—</span> },
    {
      title: '角色', key: 'role', width: 200,
      render: (_: unknown, u) => (
        <Select aria-label={`${u.name}的角色`} size="small" style={{ width: 160 }} value={u.roleId}
          options={roles.map((r) => ({ value: r.id, label: r.name }))} onChange={(v) => void changeRole(u, v)} />
      ),
    },
    { title: MSG.actions, key: 'actions', width: 100, render: (_: unknown, u) => <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(u)}>移出</Button> },
  ];

  return (
    <div className="atr-console__page">
      <div className="atr-page-head">
        <h2 className="atr-page-head__title">{MSG.usersTitle}</h2>
        <Space wrap>
          <ApplicationPicker choice={choice} />
          <Input.Search allowClear placeholder="姓名或手机号" style={{ width: 200 }} onSearch={(v) => { setQuery(v.trim()); setPage(1); }} />
          <Link to={`/console/users/rights?applicationId=${appId ?? ''}`}><Button icon={<SafetyOutlined />}>{MSG.roleConfigTitle}</Button></Link>
          <Button type="primary" icon={<PlusOutlined />} disabled={!appId} onClick={() => setAdding(true)}>添加用户</Button>
        </Space>
      </div>
      <div className="atr-panel-card">
        <Table<ApplicationUser>
          rowKey="userId" columns={columns} dataSource={list.data?.content ?? []} loading={list.isFetching}
          locale={{ emptyText: <Empty description={list.isError ? errorMessage(list.error) : '还没有用户：用户登录本站后会自动加入'} /> }}
          pagination={{ current: page, pageSize: CONSOLE_PAGE_SIZE, total: list.data?.totalElements ?? 0, onChange: setPage, showSizeChanger: false }}
        />
      </div>
      {adding && appId && (
        <AddUserDialog applicationId={appId} roles={roles} defaultRole={config.data?.defaultUserRole}
          onClose={() => setAdding(false)} onSaved={() => { setAdding(false); void refresh(); }} />
      )}
    </div>
  );
}

/** 添加用户: a phone and a role (the default role preselected). */
function AddUserDialog({ applicationId, roles, defaultRole, onClose, onSaved }: {
  applicationId: number; roles: Array<{ id: string; name: string }>; defaultRole?: string; onClose(): void; onSaved(): void;
}) {
  const [form] = Form.useForm<{ phone: string; roleId: string }>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const submit = async () => {
    let v: { phone: string; roleId: string };
    try { v = await form.validateFields(); } catch { return; }
    setSaving(true);
    try {
      const r = await apiPost<WithMessage>('/api/v1/applications/users', { action: 'add', applicationId, phone: v.phone.trim(), roleId: v.roleId });
      message.success(r.message ?? MSG.userAdded);
      onSaved();
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title="添加用户" width={DIALOG_WIDTH} okText={MSG.confirm} cancelText={MSG.cancel} confirmLoading={saving} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ roleId: defaultRole }}>
        <Form.Item name="phone" label="手机号" rules={[{ validator: async (_r, v) => { const p = phoneSchema.safeParse(v ?? ''); if (!p.success) throw new Error(p.error.issues[0].message); } }]}>
          <Input placeholder="例如 13800138000" />
        </Form.Item>
        <Form.Item name="roleId" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
          <Select options={roles.map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
