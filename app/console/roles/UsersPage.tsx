/**
 * /console/users (spec 1 §2; decisions #136, #137): the users of an application with their roles
 * (POST /api/v1/applications/users, action list); a role is changed in place (action role), users are
 * added by phone (action add) and removed (action remove, confirmed).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { CONSOLE_PAGE_SIZE, DIALOG_WIDTH } from '@common/constants';
import { phoneSchema } from '@common/validation';
import type { Page } from '@common/page';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import type { WithMessage } from '../../shared/types';
import type { ApplicationUser } from '@common/contracts/roles';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete';
import { useFormSubmit } from '../../shared/useFormSubmit';
import { useApplicationConfig } from '../useApplicationConfig';
import { useApplicationChoice } from './ApplicationPicker';
import { MemberListFrame } from './MemberListFrame';

type UsersBody = Parameters<typeof api.post<'/api/v1/applications/users'>>[1]['body'];

/** POST /api/v1/applications/users with action list: one page of the application's users. */
async function listUsers(body: Omit<Extract<UsersBody, { action: 'list' }>, 'action'>): Promise<Page<ApplicationUser>> {
  const r = await api.post('/api/v1/applications/users', { body: { action: 'list', ...body } });
  if (!('content' in r)) throw new Error(MSG.unexpectedAnswer);
  return r;
}

/** POST /api/v1/applications/users with action add, role or remove: the answer's message. */
async function changeMember(body: Exclude<UsersBody, { action: 'list' }>): Promise<WithMessage> {
  const r = await api.post('/api/v1/applications/users', { body });
  if (!('message' in r)) throw new Error(MSG.unexpectedAnswer);
  return r;
}

/** The users page. */
export function UsersPage() {
  const choice = useApplicationChoice();
  const appId = choice.chosen?.applicationId;
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmedDelete();
  const config = useApplicationConfig(appId);
  const roles = config.data?.roleConfig ?? [];
  const list = useQuery({
    queryKey: ['app-users', appId, page, query],
    enabled: !!appId,
    queryFn: () =>
      listUsers({
        applicationId: appId,
        page,
        size: CONSOLE_PAGE_SIZE,
        query: query || undefined,
      }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['app-users'] });

  const changeRole = async (u: ApplicationUser, roleId: string) => {
    try {
      const r = await changeMember({ action: 'role', applicationId: appId, userId: u.userId, roleId });
      message.success(r.message ?? MSG.userRoleSaved);
      await refresh();
    } catch (err) {
      message.error(errorMessage(err));
    }
  };
  const remove = (u: ApplicationUser) =>
    confirmDelete({
      title: '移出用户',
      content: `你确认要把 ${u.name} 移出此应用吗？`,
      successMsg: MSG.userRemoved,
      queryKey: ['app-users'],
      send: () => changeMember({ action: 'remove', applicationId: appId, userId: u.userId }),
    });

  const columns: TableColumnsType<ApplicationUser> = [
    { title: '姓名', dataIndex: 'name', key: 'name' },
    { title: '手机号', dataIndex: 'phone', key: 'phone', render: (p: string | null) => p ?? <span className="atr-muted">—</span> },
    { title: '单位', dataIndex: 'affiliation', key: 'affiliation', render: (a: string) => a || <span className="atr-muted">—</span> },
    {
      title: '角色',
      key: 'role',
      width: 200,
      render: (_: unknown, u) => (
        <Select
          aria-label={`${u.name}的角色`}
          size="small"
          style={{ width: 160 }}
          value={u.roleId}
          options={roles.map((r) => ({ value: r.id, label: r.name }))}
          onChange={(v) => void changeRole(u, v)}
        />
      ),
    },
    {
      title: MSG.actions,
      key: 'actions',
      width: 100,
      render: (_: unknown, u) => (
        <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(u)}>
          移出
        </Button>
      ),
    },
  ];

  return (
    <MemberListFrame<ApplicationUser>
      title={MSG.usersTitle}
      choice={choice}
      list={list}
      columns={columns}
      rowKey="userId"
      emptyText="还没有用户：用户登录本站后会自动加入"
      page={page}
      onPage={setPage}
      actions={
        <>
          <Input.Search
            allowClear
            placeholder="姓名或手机号"
            style={{ width: 200 }}
            onSearch={(v) => {
              setQuery(v.trim());
              setPage(1);
            }}
          />
          <Link to={`/console/users/rights?applicationId=${appId ?? ''}`}>
            <Button icon={<SafetyOutlined />}>{MSG.roleConfigTitle}</Button>
          </Link>
          <Button type="primary" icon={<PlusOutlined />} disabled={!appId} onClick={() => setAdding(true)}>
            添加用户
          </Button>
        </>
      }
    >
      {adding && appId && (
        <AddUserDialog
          applicationId={appId}
          roles={roles}
          defaultRole={config.data?.defaultUserRole}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            void refresh();
          }}
        />
      )}
    </MemberListFrame>
  );
}

/** 添加用户: a phone and a role (the default role preselected). */
function AddUserDialog({
  applicationId,
  roles,
  defaultRole,
  onClose,
  onSaved,
}: {
  applicationId: number;
  roles: Array<{ id: string; name: string }>;
  defaultRole?: string;
  onClose(): void;
  onSaved(): void;
}) {
  const [form] = Form.useForm<{ phone: string; roleId: string }>();
  const { saving, submit } = useFormSubmit(form, {
    send: (v) => changeMember({ action: 'add', applicationId, phone: v.phone.trim(), roleId: v.roleId }),
    successMsg: MSG.userAdded,
    onDone: onSaved,
  });
  return (
    <Modal
      open
      title="添加用户"
      width={DIALOG_WIDTH}
      okText={MSG.confirm}
      cancelText={MSG.cancel}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ roleId: defaultRole }}>
        <Form.Item
          name="phone"
          label="手机号"
          rules={[
            {
              validator: async (_r, v) => {
                const p = phoneSchema.safeParse(v ?? '');
                if (!p.success) throw new Error(p.error.issues[0].message);
              },
            },
          ]}
        >
          <Input placeholder="例如 13800138000" />
        </Form.Item>
        <Form.Item name="roleId" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
          <Select options={roles.map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
