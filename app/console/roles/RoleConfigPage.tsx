/**
 * /console/users/rights (spec 1 §2, §3 roleConfig/defaultUserRole; decision #136): the roles of an
 * application and their rights, the default role for new users; 保存 posts the whole config
 * (POST /api/v1/applications/{id}/role-config), 删除 a role posts delete_role after a confirmation (its
 * users fall back to the default role; the default role cannot be deleted). Below the roles, the site's
 * default for new notices' download restriction (decision 227), saved with the roles.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Empty, Input, Radio, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { USER_RIGHTS, USER_RIGHT_HINTS, USER_RIGHT_LABELS, type Role } from '@common/roles';
import { errorMessage } from '../../api';

import { ApplicationPicker, useApplicationChoice } from './ApplicationPicker';
import { useApplicationConfig } from '../useApplicationConfig';
import { appConfigKey } from '../../shared/util';
import '../console.css';
import { PageHead } from '../PageHead';
import { api } from '../../shared/apiClient';

interface Draft extends Role {
  stored: boolean;
}

/** The role config page. */
export function RoleConfigPage() {
  const choice = useApplicationChoice();
  const appId = choice.chosen?.applicationId;
  const config = useApplicationConfig(appId);
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [roles, setRoles] = useState<Draft[]>([]);
  const [defaultRole, setDefaultRole] = useState<string>('');
  const [restrictDefault, setRestrictDefault] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!config.data) return;
    setRoles((config.data.roleConfig ?? []).map((r) => ({ ...r, rights: r.rights, stored: true })));
    setDefaultRole(config.data.defaultUserRole ?? '');
    setRestrictDefault(config.data.restrictDownloadDefault === 1);
  }, [config.data]);

  const patch = (i: number, p: Partial<Draft>) => setRoles((rs) => rs.map((r, j) => (j === i ? { ...r, ...p } : r)));
  const plain = (rs: Draft[]) => rs.map(({ id, name, rights }) => ({ id: id.trim(), name: name.trim(), rights }));
  const reload = () => queryClient.invalidateQueries({ queryKey: appConfigKey(appId ?? 0) });

  const save = async () => {
    setSaving(true);
    try {
      const r = await api.post('/api/v1/applications/{id}/role-config', {
        params: { id: appId },
        body: {
          roleConfig: plain(roles),
          defaultUserRole: defaultRole,
          restrictDownloadDefault: restrictDefault ? 1 : 0,
        },
      });
      message.success(r.message ?? MSG.roleConfigSaved);
      await reload();
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  const remove = (i: number) => {
    const role = roles[i];
    if (role.id === defaultRole) {
      message.error(MSG.defaultRoleUndeletable);
      return;
    }
    if (!role.stored) {
      setRoles((rs) => rs.filter((_r, j) => j !== i));
      return;
    }
    modal.confirm({
      title: `删除角色：${role.name}`,
      content: MSG.roleDeleteConfirm,
      okText: MSG.confirm,
      cancelText: MSG.cancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const r = await api.post('/api/v1/applications/{id}/delete_role', {
            params: { id: appId },
            body: {
              roleConfig: plain(roles.filter((x) => x.stored)),
              roleId: role.id,
            },
          });
          message.success(r.message ?? MSG.roleDeleted);
          await reload();
        } catch (err) {
          message.error(errorMessage(err));
        }
      },
    });
  };

  const columns: TableColumnsType<Draft> = [
    {
      title: '角色标识',
      key: 'id',
      width: 160,
      render: (_: unknown, r, i) =>
        r.stored ? (
          <code>{r.id}</code>
        ) : (
          <Input size="small" aria-label="角色标识" value={r.id} onChange={(e) => patch(i, { id: e.target.value })} placeholder="如 member" />
        ),
    },
    {
      title: '角色名称',
      key: 'name',
      width: 200,
      render: (_: unknown, r, i) => <Input size="small" aria-label="角色名称" value={r.name} onChange={(e) => patch(i, { name: e.target.value })} />,
    },
    {
      title: '权限',
      key: 'rights',
      render: (_: unknown, r, i) => (
        <Checkbox.Group
          value={r.rights}
          onChange={(v) => patch(i, { rights: v })}
          options={USER_RIGHTS.map((x) => ({ value: x, label: USER_RIGHT_LABELS[x] }))}
        />
      ),
    },
    {
      title: '默认角色',
      key: 'default',
      width: 140,
      render: (_: unknown, r) =>
        r.id === defaultRole ? (
          <Tag color="blue">默认</Tag>
        ) : (
          <Radio checked={false} disabled={!r.id.trim()} onChange={() => setDefaultRole(r.id)}>
            设为默认
          </Radio>
        ),
    },
    {
      title: MSG.actions,
      key: 'actions',
      width: 90,
      render: (_: unknown, r, i) => (
        <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={r.id === defaultRole} onClick={() => remove(i)}>
          删除
        </Button>
      ),
    },
  ];

  return (
    <div className="atr-console__page">
      <PageHead title={MSG.roleConfigTitle}>
        <Space>
          <ApplicationPicker choice={choice} />
          <Button icon={<PlusOutlined />} disabled={!appId} onClick={() => setRoles((rs) => [...rs, { id: '', name: '', rights: [], stored: false }])}>
            {MSG.roleAdd}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!appId} onClick={() => void save()}>
            {MSG.save}
          </Button>
        </Space>
      </PageHead>
      <div className="atr-panel-card">
        <Table<Draft>
          rowKey={(r) => (r.stored ? r.id : `new-${roles.indexOf(r)}`)}
          columns={columns}
          dataSource={roles}
          loading={config.isFetching}
          pagination={false}
          locale={{ emptyText: <Empty description={config.isError ? errorMessage(config.error) : '还没有角色'} /> }}
        />
        <div className="atr-role-default-download">
          <Checkbox checked={restrictDefault} disabled={!appId} onChange={(e) => setRestrictDefault(e.target.checked)}>
            {MSG.restrictDownloadDefaultLabel}
          </Checkbox>
          <div className="atr-muted">{MSG.restrictDownloadDefaultHint}</div>
        </div>
        <p className="atr-muted" style={{ margin: '12px 0 4px' }}>
          新用户登录本站后获得默认角色；删除角色后，持有该角色的用户改为默认角色。
        </p>
        <p className="atr-muted" style={{ margin: '0 0 12px' }}>
          {USER_RIGHTS.map((x) => `「${USER_RIGHT_LABELS[x]}」${USER_RIGHT_HINTS[x]}`).join('；')}。未登录的访客没有这些权限，本站管理员始终拥有。
        </p>
      </div>
    </div>
  );
}
