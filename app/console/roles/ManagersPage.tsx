/**
 * /console/managers (spec 1 §2; decisions #135, #137): the managers of an application with their
 * rights; 添加管理员 by phone (or a suggested user) with rights checkboxes, 修改权限, 移除 (confirmed).
 * Only the rights the signed-in manager holds can be granted (the server refuses the others).
 */
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { AutoComplete, Button, Checkbox, Form, Modal, Space, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { CONSOLE_PAGE_SIZE, DIALOG_WIDTH } from '@common/constants';
import { MANAGER_RIGHTS, MANAGER_RIGHT_HINTS, MANAGER_RIGHT_LABELS, type ManagerRight } from '@common/roles';
import { MAINLAND_MOBILE } from '@common/validation';

import type { ManagerEntry, UserSuggestion } from '@common/contracts/roles';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete';
import { useFormSubmit } from '../../shared/useFormSubmit';
import { useApplicationChoice } from './ApplicationPicker';
import { MemberListFrame } from './MemberListFrame';
import { api } from '../../shared/apiClient';

/** The checkboxes of the manager rights, each with its hint. */
function RightsField() {
  return (
    <Form.Item name="rights" label="管理员权限">
      <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        {MANAGER_RIGHTS.map((r) => (
          <Checkbox key={r} value={r}>
            {MANAGER_RIGHT_LABELS[r]}
            <span className="atr-muted" style={{ marginLeft: 8 }}>
              {MANAGER_RIGHT_HINTS[r]}
            </span>
          </Checkbox>
        ))}
      </Checkbox.Group>
    </Form.Item>
  );
}

/** The managers page. */
export function ManagersPage() {
  const choice = useApplicationChoice();
  const appId = choice.chosen?.applicationId;
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ManagerEntry | 'new' | null>(null);
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmedDelete();
  const list = useQuery({
    queryKey: ['managers', appId, page],
    enabled: !!appId,
    queryFn: ({ signal }) => api.get('/api/v1/applications/managers', { query: { applicationId: appId, page, size: CONSOLE_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

  const remove = (m: ManagerEntry) =>
    confirmDelete({
      title: '移除管理员',
      content: MSG.managerRemoveConfirm,
      send: () => api.delete('/api/v1/applications/managers/{id}', { params: { id: m.id } }),
      successMsg: MSG.managerRemoved,
      queryKey: ['managers'],
    });

  const columns: TableColumnsType<ManagerEntry> = [
    {
      title: '姓名',
      dataIndex: 'name',
      key: 'name',
      render: (n: string, m) => (
        <>
          {n}
          {m.superManager && (
            <Tag color="gold" style={{ marginLeft: 8 }}>
              超级管理员
            </Tag>
          )}
        </>
      ),
    },
    { title: '手机号', dataIndex: 'phone', key: 'phone', render: (p: string | null) => p ?? <span className="atr-muted">—</span> },
    {
      title: '权限',
      dataIndex: 'rights',
      key: 'rights',
      render: (rights: ManagerRight[]) =>
        rights.length ? rights.map((r) => <Tag key={r}>{MANAGER_RIGHT_LABELS[r]}</Tag>) : <span className="atr-muted">无</span>,
    },
    {
      title: MSG.actions,
      key: 'actions',
      width: 200,
      render: (_: unknown, m) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(m)}>
            修改权限
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(m)}>
            移除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <MemberListFrame<ManagerEntry>
      title={MSG.managersTitle}
      choice={choice}
      list={list}
      columns={columns}
      rowKey="id"
      emptyText="还没有管理员"
      page={page}
      onPage={setPage}
      actions={
        <Button type="primary" icon={<PlusOutlined />} disabled={!appId} onClick={() => setEditing('new')}>
          添加管理员
        </Button>
      }
    >
      {editing && appId && (
        <ManagerDialog
          applicationId={appId}
          entry={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: ['managers'] });
          }}
        />
      )}
    </MemberListFrame>
  );
}

/** Add (phone or a suggested user, rights) or change the rights of a manager. */
function ManagerDialog({ applicationId, entry, onClose, onSaved }: { applicationId: number; entry: ManagerEntry | null; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<{ phone?: string; rights: ManagerRight[] }>();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<UserSuggestion | null>(null);
  const suggestions = useQuery({
    queryKey: ['manager-suggestions', query],
    enabled: !entry && query.trim().length >= 2 && !MAINLAND_MOBILE.test(query.trim()),
    queryFn: ({ signal }) => api.get('/api/v1/applications/managers/suggestions', { query: { query: query.trim() }, signal }),
  });

  const { saving, submit } = useFormSubmit(form, {
    send: ({ phone, rights = [] }) =>
      entry
        ? api.put('/api/v1/applications/managers', { body: { id: entry.id, rights } })
        : api.post('/api/v1/applications/managers', {
            body: picked && phone === picked.name ? { applicationId, userId: picked.userId, rights } : { applicationId, phone: phone?.trim(), rights },
          }),
    successMsg: MSG.managerSaved,
    onDone: onSaved,
  });

  return (
    <Modal
      open
      title={entry ? `修改权限：${entry.name}` : '添加管理员'}
      width={DIALOG_WIDTH}
      okText={MSG.confirm}
      cancelText={MSG.cancel}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ rights: entry?.rights ?? ['home'] }}>
        {!entry && (
          <Form.Item
            name="phone"
            label="手机号或姓名"
            extra="输入手机号添加（尚未注册的手机号会建立账号），或输入姓名从已有用户中选择"
            rules={[
              {
                validator: async (_r, v: string | undefined) => {
                  const t = (v ?? '').trim();
                  if (!t) throw new Error(MSG.userOrPhoneRequired);
                  if (!(picked && t === picked.name) && !MAINLAND_MOBILE.test(t)) throw new Error(MSG.phoneInvalid);
                },
              },
            ]}
          >
            <AutoComplete
              aria-label="手机号或姓名"
              onSearch={(v) => {
                setQuery(v);
                setPicked(null);
              }}
              onSelect={(_v, opt) => setPicked((opt as { user: UserSuggestion }).user)}
              options={(suggestions.data ?? []).map((u) => ({ value: u.name, label: `${u.name} ${u.phone ?? ''}`, user: u }))}
              placeholder="例如 13800138000"
            />
          </Form.Item>
        )}
        <RightsField />
      </Form>
    </Modal>
  );
}
