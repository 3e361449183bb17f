/**
 * /console/communities (issue 29 §5; docs/decisions.md 620-629): one application's communities (the
 * application and the page in the URL, through the staff queues' frame app/console/StaffQueue.tsx), for
 * its managers holding 内容管理 and super managers: name,
 * join rule, state, members and posts; 新建社区 and 编辑 (name, description, join rule, cover checked by
 * content on the server, 圈主 by phone on creation), 归档 / 恢复 (confirmed), 管理 (members, requests and
 * posts: /console/communities/{id}).
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Radio, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { MSG, fillMsg } from '@common/messages';
import {
  COMMUNITY_COVER_MAX_BYTES,
  COMMUNITY_DESCRIPTION_MAX,
  COMMUNITY_JOIN_RULES,
  COMMUNITY_JOIN_RULE_LABELS,
  COMMUNITY_NAME_MAX,
  communityHref,
  type CommunityJoinRule,
} from '@common/communities';
import type { Community } from '@common/contracts/communities';
import { auditTime } from '@common/audit';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { StaffQueueFrame, useStaffQueue } from '../StaffQueue';
import '../console.css';

const KEY = 'console-communities';
/** Communities a page (spec 2 §9's paging, in the URL). */
const PAGE_SIZE = 20;

interface FormValues {
  name: string;
  description: string;
  joinRule: CommunityJoinRule;
  ownerPhone?: string;
}

/** Reads a file as base64 (no data: prefix). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The page; see the file comment. */
export function CommunitiesConsolePage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const queue = useStaffQueue(MSG.communitiesConsoleTitle);
  const { applicationId, page } = queue;
  // the application's communities come whole (at most 500); the page of the URL is cut here
  const list = useQuery({
    enabled: applicationId > 0,
    queryKey: [KEY, applicationId],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/communities', { params: { id: applicationId }, signal }),
    select: (d) => ({ content: d.content.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), totalElements: d.content.length }),
  });
  const [editing, setEditing] = useState<Community | 'new' | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: [KEY, applicationId] });

  const archive = async (c: Community) => {
    try {
      const res = await api.post('/api/v1/applications/{id}/communities/{communityId}/archive', {
        params: { id: applicationId, communityId: c.id },
        body: { archived: !c.archived },
      });
      void message.success(res.message);
      await refresh();
    } catch (err) {
      void message.error(errorMessage(err));
    }
  };

  const columns: TableColumnsType<Community> = [
    { title: MSG.communityName, key: 'name', ellipsis: true, render: (_, c) => c.name },
    { title: MSG.communityJoinRule, key: 'rule', width: 100, render: (_, c) => COMMUNITY_JOIN_RULE_LABELS[c.joinRule] },
    {
      title: MSG.communityState,
      key: 'state',
      width: 90,
      render: (_, c) => (c.archived ? <Tag>{MSG.communityArchivedTag}</Tag> : <Tag color="green">{MSG.communityActiveTag}</Tag>),
    },
    { title: MSG.communityMembersTitle, key: 'members', width: 80, render: (_, c) => c.memberCount },
    { title: MSG.communityPostsTitle, key: 'posts', width: 80, render: (_, c) => c.postCount },
    { title: MSG.communityCreatedAt, key: 'at', width: 170, render: (_, c) => auditTime(c.createdAt) },
    {
      title: MSG.actions,
      key: 'actions',
      width: 260,
      render: (_, c) => (
        <Space size={0} wrap>
          <Link to={`/console/communities/${c.id}?applicationId=${applicationId}`}>
            <Button type="link" size="small">
              {MSG.communityManage}
            </Button>
          </Link>
          <Button type="link" size="small" onClick={() => setEditing(c)}>
            {MSG.edit}
          </Button>
          <Popconfirm title={c.archived ? MSG.communityRestoreConfirm : MSG.communityArchiveConfirm} onConfirm={() => void archive(c)}>
            <Button type="link" size="small">
              {c.archived ? MSG.communityRestore : MSG.communityArchive}
            </Button>
          </Popconfirm>
          <a href={communityHref(c.id)} target="_blank" rel="noreferrer">
            <Button type="link" size="small">
              {MSG.communityView}
            </Button>
          </a>
        </Space>
      ),
    },
  ];

  return (
    <StaffQueueFrame<Community>
      queue={queue}
      title={
        <>
          <TeamOutlined /> {MSG.communitiesConsoleTitle}
        </>
      }
      hint={MSG.communitiesConsoleHint}
      actions={
        <Button type="primary" icon={<PlusOutlined />} disabled={!applicationId} onClick={() => setEditing('new')}>
          {MSG.communityNew}
        </Button>
      }
      list={list}
      columns={columns}
      scrollX={900}
      emptyText={MSG.communitiesEmpty}
      pageSize={PAGE_SIZE}
    >
      {editing && (
        <CommunityForm
          applicationId={applicationId}
          community={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </StaffQueueFrame>
  );
}

/** The create / edit dialog. */
function CommunityForm(props: { applicationId: number; community: Community | null; onClose(): void; onSaved(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [cover, setCover] = useState<File | null>(null);
  const [coverError, setCoverError] = useState('');
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const c = props.community;

  const save = async (v: FormValues) => {
    setBusy(true);
    try {
      const coverText = cover ? await readBase64(cover) : undefined;
      const body = { name: v.name.trim(), description: (v.description ?? '').trim(), joinRule: v.joinRule, ...(coverText ? { cover: coverText } : {}) };
      const res = c
        ? await api.put('/api/v1/applications/{id}/communities/{communityId}', { params: { id: props.applicationId, communityId: c.id }, body })
        : await api.post('/api/v1/applications/{id}/communities', {
            params: { id: props.applicationId },
            body: { ...body, ownerPhone: v.ownerPhone?.trim() || null },
          });
      void message.success(res.message);
      props.onSaved();
    } catch (err) {
      void message.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={c ? MSG.communityEdit : MSG.communityNew}
      okText={MSG.save}
      okButtonProps={{ loading: busy }}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ name: c?.name ?? '', description: c?.description ?? '', joinRule: c?.joinRule ?? 'approval', ownerPhone: '' }}
        onFinish={(v) => void save(v)}
      >
        <Form.Item name="name" label={MSG.communityName} rules={[{ required: true, whitespace: true, message: MSG.communityNameRequired }]}>
          <Input maxLength={COMMUNITY_NAME_MAX} />
        </Form.Item>
        <Form.Item name="description" label={MSG.communityDescription}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={COMMUNITY_DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item name="joinRule" label={MSG.communityJoinRule}>
          <Radio.Group options={COMMUNITY_JOIN_RULES.map((r) => ({ value: r, label: COMMUNITY_JOIN_RULE_LABELS[r] }))} />
        </Form.Item>
        {!c && (
          <Form.Item name="ownerPhone" label={MSG.communityOwnerPhone} extra={MSG.communityOwnerPhoneHint}>
            <Input maxLength={11} />
          </Form.Item>
        )}
        <Form.Item label={MSG.communityCover} extra={coverError || MSG.communityCoverHint} validateStatus={coverError ? 'error' : undefined}>
          <Space wrap>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              aria-label={MSG.communityCover}
              style={{ display: 'none' }}
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null;
                if (f && f.size > COMMUNITY_COVER_MAX_BYTES) {
                  setCoverError(MSG.communityCoverTooLarge);
                  setCover(null);
                } else {
                  setCoverError('');
                  setCover(f);
                }
              }}
            />
            <Button onClick={() => fileInput.current?.click()}>{MSG.communityCoverPick}</Button>
            {cover ? (
              <span>{cover.name}</span>
            ) : c?.cover ? (
              <img src={c.cover} alt="" style={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 4 }} />
            ) : null}
          </Space>
        </Form.Item>
        {c && <p className="atr-muted">{fillMsg(MSG.communityEditNote, { n: c.memberCount })}</p>}
      </Form>
    </Modal>
  );
}
