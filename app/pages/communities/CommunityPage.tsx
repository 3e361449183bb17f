/**
 * /microapp/helix/communities/{id} (issue 29 §5; docs/decisions.md 620-629): one community: cover, name,
 * join rule, 已归档, description (as text), counts, and the reader's action (加入社区 / 申请加入 / 接受邀请 /
 * 撤回申请 / 退出社区; 登录后加入 when signed out); its posts, pinned first (title and plain text, each with
 * the comments of §2 on it, target `post`), the form of a new post for members while it is not
 * archived; its members with their roles. Its 管理员 and 圈主 (and staff) see 加入申请 (通过 / 拒绝), 邀请
 * (by phone), 置顶 and 删除 on each post; the 圈主 (and staff) 设为管理员 / 取消管理员. Everything a reader
 * wrote is shown as text. Rendered by the server; its own lazy chunk (App.tsx).
 */
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Modal, Pagination, Popconfirm, Result, Skeleton, Space, Tag } from 'antd';
import { PushpinOutlined } from '@ant-design/icons';
import { MSG, fillMsg } from '@common/messages';
import {
  COMMUNITY_JOIN_RULE_LABELS,
  COMMUNITY_POST_BODY_MAX,
  COMMUNITY_POST_PAGE_SIZE,
  COMMUNITY_POST_TITLE_MAX,
  COMMUNITY_ROLE_LABELS,
} from '@common/communities';
import type { Community, CommunityPost } from '@common/contracts/communities';
import { DAY_MINUTE, formatLocal } from '@common/dates';
import { loginHref } from '@modules/kit/links';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { ListFailure } from '../../shared/ListFailure';
import { LazyComments } from '../comments/LazyComments';
import { MembershipTag } from './CommunitiesPage';
import { communityKeys, useCommunity } from './api';
import './communities.css';

const LIST_HREF = '/microapp/helix/communities';

/** The page; see the file comment. */
export default function CommunityPage() {
  const { id = '' } = useParams();
  const n = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : 0;
  return (
    <VisitorFrame title={MSG.communitiesTitle}>
      {(config, site) => <CommunityView applicationId={config.applicationId} id={n} signedIn={!!site.user} />}
    </VisitorFrame>
  );
}

/** Runs a call, shows its message (or the refusal's), and refreshes this community's reads. */
function useAct(applicationId: number) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const act = async (call: () => Promise<{ message?: string } | undefined>): Promise<boolean> => {
    setBusy(true);
    try {
      const res = await call();
      if (res?.message) void message.success(res.message);
      await qc.invalidateQueries({ queryKey: communityKeys.all(applicationId) });
      return true;
    } catch (err) {
      void message.error(errorMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { act, busy };
}

function CommunityView({ applicationId, id, signedIn }: { applicationId: number; id: number; signedIn: boolean }) {
  const q = useCommunity(applicationId, id);
  if (id === 0 || q.data === null)
    return (
      <div className="atr-vcard">
        <Result
          status="404"
          title={MSG.communityNotFound}
          extra={
            <Link to={LIST_HREF}>
              <Button type="primary">{MSG.communitiesBack}</Button>
            </Link>
          }
        />
      </div>
    );
  if (q.isPending)
    return (
      <div className="atr-vcard">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  if (q.isError)
    return (
      <div className="atr-vcard">
        <ListFailure error={q.error} retry={() => void q.refetch()} />
      </div>
    );
  const c = q.data;
  return (
    <article className="atr-vcard atr-community" aria-labelledby="atr-community-title">
      <Crumbs trail={[[MSG.communitiesTitle, LIST_HREF], [c.name]]} />
      <div className="atr-community__head">
        {c.cover && <img className="atr-community__cover" src={c.cover} alt="" />}
        <div style={{ minWidth: 0, flex: 1 }}>
          <h1 id="atr-community-title" className="atr-detail__title">
            {c.name}
          </h1>
          <Space wrap size={4}>
            <Tag>{COMMUNITY_JOIN_RULE_LABELS[c.joinRule]}</Tag>
            {c.archived && <Tag>{MSG.communityArchivedTag}</Tag>}
            <MembershipTag me={c.me} />
            <span className="atr-communities__meta">{fillMsg(MSG.communityCounts, { members: c.memberCount, posts: c.postCount })}</span>
          </Space>
          {c.description && <p className="atr-community__desc">{c.description}</p>}
          <JoinAction c={c} signedIn={signedIn} />
        </div>
      </div>
      {c.canModerate && <Requests c={c} />}
      <Posts c={c} />
      <Members c={c} />
    </article>
  );
}

/** The reader's action on the community. */
function JoinAction({ c, signedIn }: { c: Community; signedIn: boolean }) {
  const location = useLocation();
  const { act, busy } = useAct(c.applicationId);
  const params = { id: c.applicationId, communityId: c.id };
  if (!signedIn)
    return c.archived ? null : (
      <p>
        <Link to={loginHref(location.pathname)}>{MSG.communityLoginToJoin}</Link>
      </p>
    );
  const join = () => void act(() => api.post('/api/v1/applications/{id}/communities/{communityId}/join', { params }));
  const leave = () => void act(() => api.post('/api/v1/applications/{id}/communities/{communityId}/leave', { params }));
  const { state, role } = c.me;
  if (state === 'active')
    return role === 'owner' ? null : (
      <Popconfirm title={MSG.communityLeaveConfirm} onConfirm={leave}>
        <Button loading={busy}>{MSG.communityLeave}</Button>
      </Popconfirm>
    );
  if (state === 'requested')
    return (
      <Space wrap>
        <span>{MSG.communityStateRequested}</span>
        <Button loading={busy} onClick={leave}>
          {MSG.communityWithdrawRequest}
        </Button>
      </Space>
    );
  if (c.archived) return null;
  if (state === 'invited')
    return (
      <Space wrap>
        <Button type="primary" loading={busy} onClick={join}>
          {MSG.communityAcceptInvitation}
        </Button>
        <Button loading={busy} onClick={leave}>
          {MSG.communityDeclineInvitation}
        </Button>
      </Space>
    );
  if (c.joinRule === 'invitation') return <p className="atr-communities__meta">{MSG.communityInvitationOnly}</p>;
  return (
    <Button type="primary" loading={busy} onClick={join}>
      {c.joinRule === 'open' ? MSG.communityJoin : MSG.communityAskToJoin}
    </Button>
  );
}

/** 加入申请 and 邀请, for the community's 管理员, 圈主 and staff. */
function Requests({ c }: { c: Community }) {
  const { act, busy } = useAct(c.applicationId);
  const [phone, setPhone] = useState('');
  const params = { id: c.applicationId, communityId: c.id };
  const q = useQuery({
    queryKey: communityKeys.requests(c.applicationId, c.id, 'requested'),
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/communities/{communityId}/requests', { params, query: { state: 'requested' }, signal }),
  });
  return (
    <section className="atr-community__section" aria-labelledby="atr-community-requests">
      <h2 id="atr-community-requests">{MSG.communityRequestsTitle}</h2>
      {q.data && q.data.content.length === 0 && <p className="atr-communities__meta">{MSG.communityRequestsEmpty}</p>}
      <ul className="atr-community-members">
        {q.data?.content.map((m) => (
          <li key={m.userId}>
            <span>{m.name}</span>
            <span className="atr-communities__meta">{formatLocal(new Date(m.since), DAY_MINUTE)}</span>
            <Button
              size="small"
              type="primary"
              loading={busy}
              onClick={() =>
                void act(() =>
                  api.post('/api/v1/applications/{id}/communities/{communityId}/requests/{userId}/approve', { params: { ...params, userId: m.userId } }),
                )
              }
            >
              {MSG.communityApprove}
            </Button>
            <Button
              size="small"
              loading={busy}
              onClick={() =>
                void act(() =>
                  api.post('/api/v1/applications/{id}/communities/{communityId}/requests/{userId}/refuse', { params: { ...params, userId: m.userId } }),
                )
              }
            >
              {MSG.communityRefuse}
            </Button>
          </li>
        ))}
      </ul>
      {!c.archived && (
        <Space.Compact style={{ marginTop: 8, maxWidth: 360, width: '100%' }}>
          <Input
            aria-label={MSG.communityInvitePhone}
            placeholder={MSG.communityInvitePhone}
            value={phone}
            maxLength={11}
            onChange={(e) => setPhone(e.target.value)}
          />
          <Button
            loading={busy}
            disabled={!phone.trim()}
            onClick={() =>
              void act(() => api.post('/api/v1/applications/{id}/communities/{communityId}/invitations', { params, body: { phone: phone.trim() } })).then(
                (ok) => {
                  if (ok) setPhone('');
                },
              )
            }
          >
            {MSG.communityInvite}
          </Button>
        </Space.Compact>
      )}
    </section>
  );
}

interface PostValues {
  title: string;
  body: string;
}

/** The posts, pinned first, with the new post's form for members. */
function Posts({ c }: { c: Community }) {
  const [page, setPage] = useState(1);
  const [form] = Form.useForm<PostValues>();
  const { act, busy } = useAct(c.applicationId);
  const params = { id: c.applicationId, communityId: c.id };
  const q = useQuery({
    queryKey: communityKeys.posts(c.applicationId, c.id, page),
    queryFn: ({ signal }) =>
      api.get('/api/v1/applications/{id}/communities/{communityId}/posts', { params, query: { page, size: COMMUNITY_POST_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  const canPost = !c.archived && (c.me.state === 'active' || c.canModerate);
  const send = async (v: PostValues) => {
    const ok = await act(() =>
      api.post('/api/v1/applications/{id}/communities/{communityId}/posts', { params, body: { title: v.title.trim(), body: v.body.trim() } }),
    );
    if (ok) form.resetFields();
  };
  return (
    <section className="atr-community__section" aria-labelledby="atr-community-posts">
      <h2 id="atr-community-posts">{MSG.communityPostsTitle}</h2>
      {c.archived && <p className="atr-communities__meta">{MSG.communityArchived}</p>}
      {canPost && (
        <Form form={form} layout="vertical" onFinish={(v) => void send(v)} className="atr-community__form">
          <Form.Item name="title" label={MSG.communityPostTitle} rules={[{ required: true, whitespace: true, message: MSG.communityPostTitleRequired }]}>
            <Input maxLength={COMMUNITY_POST_TITLE_MAX} />
          </Form.Item>
          <Form.Item name="body" label={MSG.communityPostBody} rules={[{ required: true, whitespace: true, message: MSG.communityPostBodyRequired }]}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={COMMUNITY_POST_BODY_MAX} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {MSG.communityPublish}
          </Button>
        </Form>
      )}
      {q.isError && <ListFailure error={q.error} retry={() => void q.refetch()} />}
      {q.data && q.data.content.length === 0 && <Empty description={MSG.communityPostsEmpty} />}
      {q.data?.content.map((p) => (
        <Post key={p.id} c={c} p={p} />
      ))}
      {q.data && q.data.totalElements > COMMUNITY_POST_PAGE_SIZE && (
        <Pagination current={page} pageSize={COMMUNITY_POST_PAGE_SIZE} total={q.data.totalElements} onChange={setPage} showSizeChanger={false} />
      )}
    </section>
  );
}

/** One post: title, author, time, text; its comments on demand; 置顶 and 删除 for moderators. */
function Post({ c, p }: { c: Community; p: CommunityPost }) {
  const [comments, setComments] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [reason, setReason] = useState('');
  const { act, busy } = useAct(c.applicationId);
  const params = { id: c.applicationId, communityId: c.id, postId: p.id };
  return (
    <div className="atr-community-post">
      <h3 className="atr-community-post__title">
        {p.pinned && (
          <Tag color="red" icon={<PushpinOutlined />}>
            {MSG.communityPinnedTag}
          </Tag>
        )}
        {p.title}
      </h3>
      <div className="atr-community-post__meta">
        {p.authorName} · {formatLocal(new Date(p.createdAt), DAY_MINUTE)}
      </div>
      <div className="atr-community-post__body">{p.body}</div>
      <Space wrap style={{ marginTop: 8 }}>
        <Button size="small" type="link" onClick={() => setComments((v) => !v)} aria-expanded={comments}>
          {comments ? MSG.communityHideComments : MSG.communityShowComments}
        </Button>
        {c.canModerate && (
          <>
            <Button
              size="small"
              loading={busy}
              onClick={() =>
                void act(() => api.post('/api/v1/applications/{id}/communities/{communityId}/posts/{postId}/pin', { params, body: { pinned: !p.pinned } }))
              }
            >
              {p.pinned ? MSG.communityUnpin : MSG.communityPin}
            </Button>
            <Button size="small" danger onClick={() => setRemoving(true)}>
              {MSG.communityRemovePost}
            </Button>
          </>
        )}
      </Space>
      {comments && <LazyComments applicationId={c.applicationId} targetType="post" targetId={p.id} path={`/microapp/helix/communities/${c.id}`} />}
      <Modal
        open={removing}
        title={MSG.communityRemovePost}
        okText={MSG.communityRemovePost}
        okButtonProps={{ danger: true, loading: busy }}
        onCancel={() => setRemoving(false)}
        onOk={() =>
          void act(() =>
            api.post('/api/v1/applications/{id}/communities/{communityId}/posts/{postId}/remove', { params, body: { reason: reason.trim() } }),
          ).then((ok) => {
            if (ok) setRemoving(false);
          })
        }
      >
        <p>{fillMsg(MSG.communityRemoveConfirm, { title: p.title })}</p>
        <Input.TextArea
          aria-label={MSG.communityRemoveReason}
          placeholder={MSG.communityRemoveReason}
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </div>
  );
}

/** The members with their roles; the 圈主 and staff set or take back 管理员. */
function Members({ c }: { c: Community }) {
  const { act, busy } = useAct(c.applicationId);
  const params = { id: c.applicationId, communityId: c.id };
  const q = useQuery({
    queryKey: communityKeys.members(c.applicationId, c.id),
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/communities/{communityId}/members', { params, signal }),
  });
  return (
    <section className="atr-community__section" aria-labelledby="atr-community-members">
      <h2 id="atr-community-members">{MSG.communityMembersTitle}</h2>
      <ul className="atr-community-members">
        {q.data?.content.map((m) => (
          <li key={m.userId}>
            <span>{m.name}</span>
            <Tag color={m.role === 'owner' ? 'gold' : m.role === 'moderator' ? 'blue' : 'default'}>{COMMUNITY_ROLE_LABELS[m.role]}</Tag>
            {c.canSetModerators && m.role !== 'owner' && (
              <Button
                size="small"
                loading={busy}
                onClick={() =>
                  void act(() =>
                    api.put('/api/v1/applications/{id}/communities/{communityId}/members/{userId}/role', {
                      params: { ...params, userId: m.userId },
                      body: { role: m.role === 'moderator' ? 'member' : 'moderator' },
                    }),
                  )
                }
              >
                {m.role === 'moderator' ? MSG.communityUnsetModerator : MSG.communitySetModerator}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
