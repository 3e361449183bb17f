/**
 * /console/communities/{id}?applicationId= (issue 29 §5; docs/decisions.md 620-629): staff moderate one
 * community: its members (设为管理员 / 取消管理员), its requests to join (通过 / 拒绝), its invitations, and
 * its posts (置顶 / 取消置顶, 删除 with a reason the author is told). Texts readers wrote are shown as text.
 */
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Empty, Popconfirm, Space, Table, Tag, type TableColumnsType as TableColumnsOf } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { COMMUNITY_JOIN_RULE_LABELS, COMMUNITY_ROLE_LABELS } from '@common/communities';
import type { CommunityMember, CommunityPost } from '@common/contracts/communities';
import { auditTime } from '@common/audit';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { PageHead } from '../PageHead';
import '../console.css';

const KEY = 'console-community';

/** The page; see the file comment. */
export function CommunityDetailConsolePage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const communityId = Number(id) || 0;
  const applicationId = Number(params.get('applicationId')) || 0;
  const p = { id: applicationId, communityId };
  const ok = communityId > 0 && applicationId > 0;
  const one = useQuery({
    enabled: ok,
    queryKey: [KEY, applicationId, communityId],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/communities/{communityId}', { params: p, signal }),
  });
  const members = useQuery({
    enabled: ok,
    queryKey: [KEY, applicationId, communityId, 'members'],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/communities/{communityId}/members', { params: p, signal }),
  });
  const requests = useQuery({
    enabled: ok,
    queryKey: [KEY, applicationId, communityId, 'requests'],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/communities/{communityId}/requests', { params: p, query: { state: 'requested' }, signal }),
  });
  const invited = useQuery({
    enabled: ok,
    queryKey: [KEY, applicationId, communityId, 'invited'],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/communities/{communityId}/requests', { params: p, query: { state: 'invited' }, signal }),
  });
  const posts = useQuery({
    enabled: ok,
    queryKey: [KEY, applicationId, communityId, 'posts'],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/communities/{communityId}/posts', { params: p, query: { page: 1, size: 20 }, signal }),
  });
  useEffect(() => {
    document.title = `${one.data?.name ?? MSG.communitiesConsoleTitle} · ${MSG.consoleTitle}`;
  }, [one.data?.name]);

  const act = async (call: () => Promise<{ message: string }>) => {
    try {
      const res = await call();
      void message.success(res.message);
      await qc.invalidateQueries({ queryKey: [KEY, applicationId, communityId] });
    } catch (err) {
      void message.error(errorMessage(err));
    }
  };

  const memberColumns: TableColumnsOf<CommunityMember> = [
    { title: MSG.communityMemberName, key: 'name', render: (_, m) => m.name },
    { title: MSG.communityRole, key: 'role', width: 100, render: (_, m) => <Tag>{COMMUNITY_ROLE_LABELS[m.role]}</Tag> },
    { title: MSG.communitySince, key: 'since', width: 170, render: (_, m) => auditTime(m.since) },
    {
      title: MSG.actions,
      key: 'actions',
      width: 140,
      render: (_, m) =>
        m.role === 'owner' ? null : (
          <Button
            type="link"
            size="small"
            onClick={() =>
              void act(() =>
                api.put('/api/v1/applications/{id}/communities/{communityId}/members/{userId}/role', {
                  params: { ...p, userId: m.userId },
                  body: { role: m.role === 'moderator' ? 'member' : 'moderator' },
                }),
              )
            }
          >
            {m.role === 'moderator' ? MSG.communityUnsetModerator : MSG.communitySetModerator}
          </Button>
        ),
    },
  ];
  const requestColumns: TableColumnsOf<CommunityMember> = [
    { title: MSG.communityMemberName, key: 'name', render: (_, m) => m.name },
    { title: MSG.communitySince, key: 'since', width: 170, render: (_, m) => auditTime(m.since) },
    {
      title: MSG.actions,
      key: 'actions',
      width: 160,
      render: (_, m) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() =>
              void act(() => api.post('/api/v1/applications/{id}/communities/{communityId}/requests/{userId}/approve', { params: { ...p, userId: m.userId } }))
            }
          >
            {MSG.communityApprove}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              void act(() => api.post('/api/v1/applications/{id}/communities/{communityId}/requests/{userId}/refuse', { params: { ...p, userId: m.userId } }))
            }
          >
            {MSG.communityRefuse}
          </Button>
        </Space>
      ),
    },
  ];
  const postColumns: TableColumnsOf<CommunityPost> = [
    {
      title: MSG.communityPostTitle,
      key: 'title',
      ellipsis: true,
      render: (_, x) => (
        <>
          {x.pinned && <Tag color="red">{MSG.communityPinnedTag}</Tag>}
          {x.title}
        </>
      ),
    },
    { title: MSG.communityPostBody, key: 'body', ellipsis: true, render: (_, x) => x.body },
    { title: MSG.communityPostAuthor, key: 'author', width: 120, render: (_, x) => x.authorName },
    { title: MSG.communityCreatedAt, key: 'at', width: 170, render: (_, x) => auditTime(x.createdAt) },
    {
      title: MSG.actions,
      key: 'actions',
      width: 170,
      render: (_, x) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() =>
              void act(() =>
                api.post('/api/v1/applications/{id}/communities/{communityId}/posts/{postId}/pin', {
                  params: { ...p, postId: x.id },
                  body: { pinned: !x.pinned },
                }),
              )
            }
          >
            {x.pinned ? MSG.communityUnpin : MSG.communityPin}
          </Button>
          <Popconfirm
            title={MSG.communityRemovePost}
            onConfirm={() =>
              void act(() =>
                api.post('/api/v1/applications/{id}/communities/{communityId}/posts/{postId}/remove', { params: { ...p, postId: x.id }, body: { reason: '' } }),
              )
            }
          >
            <Button type="link" size="small" danger>
              {MSG.communityRemovePost}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const c = one.data;
  return (
    <div className="atr-console__page">
      <PageHead title={c?.name ?? MSG.communitiesConsoleTitle}>
        <Link to={`/console/communities?applicationId=${applicationId}`}>
          <Button icon={<ArrowLeftOutlined />}>{MSG.communitiesBack}</Button>
        </Link>
      </PageHead>
      {one.isError && <Empty description={errorMessage(one.error)} />}
      {c && (
        <div className="atr-panel-card">
          <Descriptions column={{ xs: 1, md: 3 }} size="small">
            <Descriptions.Item label={MSG.communityJoinRule}>{COMMUNITY_JOIN_RULE_LABELS[c.joinRule]}</Descriptions.Item>
            <Descriptions.Item label={MSG.communityState}>{c.archived ? MSG.communityArchivedTag : MSG.communityActiveTag}</Descriptions.Item>
            <Descriptions.Item label={MSG.communityCreatedAt}>{auditTime(c.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={MSG.communityDescription} span={3}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{c.description}</span>
            </Descriptions.Item>
          </Descriptions>
        </div>
      )}
      <div className="atr-panel-card">
        <h3>{MSG.communityRequestsTitle}</h3>
        <Table<CommunityMember>
          rowKey="userId"
          size="small"
          columns={requestColumns}
          dataSource={requests.data?.content ?? []}
          pagination={false}
          locale={{ emptyText: MSG.communityRequestsEmpty }}
        />
        <h3>{MSG.communityInvitationsTitle}</h3>
        <Table<CommunityMember> rowKey="userId" size="small" columns={requestColumns.slice(0, 2)} dataSource={invited.data?.content ?? []} pagination={false} />
      </div>
      <div className="atr-panel-card">
        <h3>{MSG.communityMembersTitle}</h3>
        <Table<CommunityMember> rowKey="userId" size="small" columns={memberColumns} dataSource={members.data?.content ?? []} pagination={false} />
      </div>
      <div className="atr-panel-card">
        <h3>{MSG.communityPostsTitle}</h3>
        <Table<CommunityPost> rowKey="id" size="small" columns={postColumns} dataSource={posts.data?.content ?? []} pagination={false} scroll={{ x: 800 }} />
      </div>
    </div>
  );
}
