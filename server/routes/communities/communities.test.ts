/**
 * Communities API (issue 29 §5; docs/decisions.md 620-629): staff create one (cover checked by content);
 * the join rules (公开加入 at once, 需审核 a request the owner approves or refuses, 仅邀请 only after an
 * invitation); the roles (a member cannot pin or approve, a moderator can, only the owner or staff sets
 * moderators); an archived community is readable but refuses posts, joins and comments; a community of
 * another application answers 404; each change that concerns a reader writes its 站内信; comments on posts
 * are the comments of §2 (target `post`), for members only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, releaseApplication, type Client, type TestContext } from '../../test/harness.js';
import { makeElf, makePng } from '../../test/files.js';
import { MSG, fillMsg } from '../../../common/messages.js';

let ctx: TestContext;
let admin: Client;
let staff: Client;
let otherStaff: Client;
let owner: Client;
let moderator: Client;
let reader: Client;
let outsider: Client;
let appId: number;
let otherAppId: number;
const ids = {} as Record<'owner' | 'moderator' | 'reader' | 'outsider', number>;

const userId = async (phone: string) => (await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
const base = (app = appId) => `/api/v1/applications/${app}/communities`;
const notes = async (uid: number) =>
  (await ctx.db.selectFrom('notifications').select(['kind', 'title', 'body', 'link']).where('user_id', '=', uid).orderBy('id').execute()).map((n) => ({
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
  }));

async function create(joinRule: string, over: Record<string, unknown> = {}) {
  const res = await staff.post(base(), { name: `社区${joinRule}`, description: '读书会', joinRule, ownerPhone: '13800000004', ...over });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13800000001', 'super');
  staff = await ctx.signIn('13800000002');
  otherStaff = await ctx.signIn('13800000003');
  owner = await ctx.signIn('13800000004');
  moderator = await ctx.signIn('13800000005');
  reader = await ctx.signIn('13800000006');
  outsider = await ctx.signIn('13800000007');
  ids.owner = await userId('13800000004');
  ids.moderator = await userId('13800000005');
  ids.reader = await userId('13800000006');
  ids.outsider = await userId('13800000007');
  appId = (await admin.post('/api/v1/applications', { name: '社区站点', host: 'cm.example.cn' })).body.applicationId;
  otherAppId = (await admin.post('/api/v1/applications', { name: '别的站点', host: 'cm2.example.cn' })).body.applicationId;
  await releaseApplication(admin, appId);
  await releaseApplication(admin, otherAppId);
  await ctx.db
    .insertInto('application_managers')
    .values([
      { application_id: appId, user_id: await userId('13800000002'), rights: JSON.stringify(['content']) },
      { application_id: otherAppId, user_id: await userId('13800000003'), rights: JSON.stringify(['content']) },
    ])
    .execute();
});
afterAll(async () => {
  await ctx.close();
});

describe('communities', () => {
  it('staff create a community with a cover checked by content; the owner is told; anyone reads it', async () => {
    const png = makePng(60, 40);
    const res = await staff.post(base(), {
      name: '古籍读书会',
      description: '每月共读一部古籍',
      joinRule: 'open',
      ownerPhone: '13800000004',
      cover: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ name: '古籍读书会', joinRule: 'open', archived: false, memberCount: 1, message: MSG.communityCreated });
    const id = res.body.id as number;
    const cover = await ctx.client().get(res.body.cover as string);
    expect(cover.status).toBe(200);
    expect(cover.headers['content-type']).toBe('image/png');
    expect(cover.headers['x-content-type-options']).toBe('nosniff');

    // a program named .png is refused by its content; markup in the name is refused
    const elf = await staff.post(base(), { name: '坏封面', joinRule: 'open', cover: makeElf().toString('base64') });
    expect(elf.status).toBe(400);
    expect(elf.body.error.message).toBe(MSG.communityCoverInvalid);
    const html = await staff.post(base(), { name: '<b>社区</b>', joinRule: 'open' });
    expect(html.status).toBe(400);
    expect(html.body.error.fields['body.name']).toBe(MSG.noMarkup);
    const noPhone = await staff.post(base(), { name: '无圈主', joinRule: 'open', ownerPhone: '13899999999' });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.error.message).toBe(MSG.communityAccountNotFound);

    expect(await notes(ids.owner)).toContainEqual(
      expect.objectContaining({ kind: 'community.owner', title: fillMsg(MSG.notifyCommunityOwner, { name: '古籍读书会' }) }),
    );
    const list = await ctx.client().get(base());
    expect(list.status).toBe(200);
    expect(list.body.content.map((c: { name: string }) => c.name)).toContain('古籍读书会');
    const one = await owner.get(`${base()}/${id}`);
    expect(one.body).toMatchObject({ me: { state: 'active', role: 'owner' }, canModerate: true, canSetModerators: true });
    const members = await ctx.client().get(`${base()}/${id}/members`);
    expect(members.body.content).toEqual([expect.objectContaining({ userId: ids.owner, role: 'owner', state: 'active' })]);
  });

  it('open: a reader joins at once and leaves; the owner cannot leave', async () => {
    const id = await create('open');
    const joined = await reader.post(`${base()}/${id}/join`);
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body).toMatchObject({ me: { state: 'active', role: 'member' }, message: MSG.communityJoined, memberCount: 2 });
    expect((await reader.post(`${base()}/${id}/join`)).body.error.message).toBe(MSG.communityAlreadyMember);
    expect((await reader.post(`${base()}/${id}/leave`)).body.me).toEqual({ state: null, role: null });
    const ownerLeaves = await owner.post(`${base()}/${id}/leave`);
    expect(ownerLeaves.status).toBe(409);
    expect(ownerLeaves.body.error.message).toBe(MSG.communityOwnerCannotLeave);
    expect((await ctx.client().post(`${base()}/${id}/join`)).status).toBe(401);
  });

  it('approval: a request waits; the owner approves (the reader is told), refuses another (told too)', async () => {
    const id = await create('approval', { name: '需审核社区' });
    const asked = await reader.post(`${base()}/${id}/join`);
    expect(asked.body).toMatchObject({ me: { state: 'requested' }, message: MSG.communityRequested, memberCount: 1 });
    expect((await reader.post(`${base()}/${id}/join`)).body.error.message).toBe(MSG.communityAlreadyRequested);
    // the owner is told of the request, linking to the community (decision 578)
    const requestNote = (user: string) => ({
      kind: 'community.request',
      title: fillMsg(MSG.notifyCommunityRequest, { user, name: '需审核社区' }),
      body: MSG.notifyCommunityRequestBody,
      link: `/microapp/helix/communities/${id}`,
    });
    const readerName = (await ctx.db.selectFrom('users').select('name').where('id', '=', ids.reader).executeTakeFirstOrThrow()).name;
    expect((await notes(ids.owner)).filter((n) => n.kind === 'community.request')).toEqual([requestNote(readerName)]);
    // with a moderator, the owner and the moderator are both told; the requester and plain members are not
    expect((await owner.post(`${base()}/${id}/invitations`, { phone: '13800000005' })).status).toBe(201);
    expect((await moderator.post(`${base()}/${id}/join`)).body.me).toMatchObject({ state: 'active' });
    expect((await owner.put(`${base()}/${id}/members/${ids.moderator}/role`, { role: 'moderator' })).status).toBe(200);
    // a refused join stores nothing and tells nobody
    const noteCount = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await noteCount();
    expect((await reader.post(`${base()}/${id}/join`)).status).toBe(409);
    expect(await noteCount()).toBe(before);
    // a requester is not a member yet: no post
    const early = await reader.post(`${base()}/${id}/posts`, { title: '你好', body: '第一帖' });
    expect(early.status).toBe(403);
    expect(early.body.error.message).toBe(fillMsg(MSG.communityRoleMissing, { role: '成员' }));
    await outsider.post(`${base()}/${id}/join`);
    const outsiderName = (await ctx.db.selectFrom('users').select('name').where('id', '=', ids.outsider).executeTakeFirstOrThrow()).name;
    expect((await notes(ids.owner)).filter((n) => n.kind === 'community.request')).toEqual([requestNote(readerName), requestNote(outsiderName)]);
    expect((await notes(ids.moderator)).filter((n) => n.kind === 'community.request')).toEqual([requestNote(outsiderName)]);
    expect((await notes(ids.reader)).filter((n) => n.kind === 'community.request')).toEqual([]);

    // a plain reader cannot see or decide the requests
    expect((await outsider.get(`${base()}/${id}/requests`)).status).toBe(403);
    const requests = await owner.get(`${base()}/${id}/requests`);
    expect(requests.body.content.map((m: { userId: number }) => m.userId).sort()).toEqual([ids.reader, ids.outsider].sort());
    expect((await owner.post(`${base()}/${id}/requests/${ids.reader}/approve`)).body.message).toBe(MSG.communityRequestApproved);
    expect((await owner.post(`${base()}/${id}/requests/${ids.reader}/approve`)).status).toBe(404);
    expect((await owner.post(`${base()}/${id}/requests/${ids.outsider}/refuse`)).body.message).toBe(MSG.communityRequestRefused);
    const stored = await ctx.db.selectFrom('community_members').select(['user_id', 'state']).where('community_id', '=', id).orderBy('user_id').execute();
    expect(stored).toEqual([
      { user_id: ids.owner, state: 'active' },
      { user_id: ids.moderator, state: 'active' },
      { user_id: ids.reader, state: 'active' },
    ]);
    expect(await notes(ids.reader)).toContainEqual({
      kind: 'community.approve',
      title: fillMsg(MSG.notifyCommunityApproved, { name: '需审核社区' }),
      body: fillMsg(MSG.notifyCommunityApproved, { name: '需审核社区' }),
      link: `/microapp/helix/communities/${id}`,
    });
    expect(await notes(ids.outsider)).toContainEqual(
      expect.objectContaining({ kind: 'community.refuse', title: fillMsg(MSG.notifyCommunityRefused, { name: '需审核社区' }) }),
    );
    // staff decide requests too
    const later = await ctx.signIn('13800000008');
    await later.post(`${base()}/${id}/join`);
    expect((await staff.post(`${base()}/${id}/requests/${await userId('13800000008')}/approve`)).status).toBe(200);
  });

  it('invitation: joining is refused until invited; the invited reader is told and joins', async () => {
    const id = await create('invitation', { name: '仅邀请社区' });
    const refused = await reader.post(`${base()}/${id}/join`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MSG.communityInvitationOnly);
    const invited = await owner.post(`${base()}/${id}/invitations`, { phone: '13800000006' });
    expect(invited.status, invited.text).toBe(201);
    expect(invited.body.message).toBe(MSG.communityInvited);
    expect((await owner.post(`${base()}/${id}/invitations`, { phone: '13800000006' })).body.error.message).toBe(MSG.communityAlreadyInvited);
    expect((await owner.post(`${base()}/${id}/invitations`, { phone: '12' })).body.error.fields['body.phone']).toBe(MSG.communityPhoneInvalid);
    expect(await notes(ids.reader)).toContainEqual(
      expect.objectContaining({ kind: 'community.invite', title: fillMsg(MSG.notifyCommunityInvited, { name: '仅邀请社区' }) }),
    );
    expect((await reader.get(`${base()}/${id}`)).body.me).toEqual({ state: 'invited', role: 'member' });
    expect((await reader.post(`${base()}/${id}/join`)).body.me).toEqual({ state: 'active', role: 'member' });
    // a member cannot invite
    expect((await reader.post(`${base()}/${id}/invitations`, { phone: '13800000007' })).status).toBe(403);
  });

  it('roles: a member cannot pin or remove; the owner sets a moderator, who can; a moderator cannot set moderators', async () => {
    const id = await create('open', { name: '角色社区' });
    await reader.post(`${base()}/${id}/join`);
    await moderator.post(`${base()}/${id}/join`);
    const post = await reader.post(`${base()}/${id}/posts`, { title: '第一帖', body: '<p>不是 HTML</p>' });
    expect(post.status).toBe(400);
    expect(post.body.error.fields['body.body']).toBe(MSG.noMarkup);
    const made = await reader.post(`${base()}/${id}/posts`, { title: '第一帖', body: '大家好\n第二行' });
    expect(made.status, made.text).toBe(201);
    const postId = made.body.id as number;

    const pin = (c: Client, pinned = true) => c.post(`${base()}/${id}/posts/${postId}/pin`, { pinned });
    const memberPin = await pin(moderator);
    expect(memberPin.status).toBe(403);
    expect(memberPin.body.error.message).toBe(fillMsg(MSG.communityRoleMissing, { role: '管理员' }));

    // only the owner (or staff) sets moderators
    const byMember = await moderator.put(`${base()}/${id}/members/${ids.moderator}/role`, { role: 'moderator' });
    expect(byMember.status).toBe(403);
    expect(byMember.body.error.message).toBe(fillMsg(MSG.communityRoleMissing, { role: '圈主' }));
    expect((await owner.put(`${base()}/${id}/members/${ids.moderator}/role`, { role: 'moderator' })).body.message).toBe(MSG.communityRoleSaved);
    expect(await notes(ids.moderator)).toContainEqual(expect.objectContaining({ kind: 'community.role' }));
    expect((await moderator.put(`${base()}/${id}/members/${ids.reader}/role`, { role: 'moderator' })).status).toBe(403);
    expect((await owner.put(`${base()}/${id}/members/${ids.owner}/role`, { role: 'member' })).body.error.message).toBe(MSG.communityOwnerRoleFixed);

    expect((await pin(moderator)).body.message).toBe(MSG.communityPinned);
    const posts = await ctx.client().get(`${base()}/${id}/posts`);
    expect(posts.body.content[0]).toMatchObject({ id: postId, pinned: true, title: '第一帖', body: '大家好\n第二行' });
    // a moderator removes the post: hidden, the author told with the reason
    expect((await reader.post(`${base()}/${id}/posts/${postId}/remove`, { reason: '' })).status).toBe(403);
    expect((await moderator.post(`${base()}/${id}/posts/${postId}/remove`, { reason: '与主题无关' })).body.message).toBe(MSG.communityPostRemoved);
    expect((await ctx.client().get(`${base()}/${id}/posts`)).body.content).toEqual([]);
    expect(await notes(ids.reader)).toContainEqual(
      expect.objectContaining({
        kind: 'community.post.remove',
        body: `${fillMsg(MSG.notifyCommunityPostRemoved, { name: '角色社区', title: '第一帖' })}\n原因：与主题无关`,
      }),
    );
    // another application's staff: 403; the super manager may
    expect((await otherStaff.put(`${base()}/${id}/members/${ids.reader}/role`, { role: 'moderator' })).status).toBe(403);
    expect((await admin.put(`${base()}/${id}/members/${ids.reader}/role`, { role: 'moderator' })).status).toBe(200);
  });

  it('archived: readable, but no posts, joins or comments; staff restore it', async () => {
    const id = await create('open', { name: '归档社区' });
    await reader.post(`${base()}/${id}/join`);
    const postId = (await reader.post(`${base()}/${id}/posts`, { title: '旧帖', body: '归档前' })).body.id as number;
    // only staff archive
    expect((await owner.post(`${base()}/${id}/archive`, { archived: true })).status).toBe(403);
    const archived = await staff.post(`${base()}/${id}/archive`, { archived: true });
    expect(archived.body).toMatchObject({ archived: true, message: MSG.communityArchivedDone });
    expect((await ctx.client().get(`${base()}/${id}/posts`)).body.content).toHaveLength(1);
    const post = await reader.post(`${base()}/${id}/posts`, { title: '新帖', body: '归档后' });
    expect(post.status).toBe(409);
    expect(post.body.error.message).toBe(MSG.communityArchived);
    expect((await outsider.post(`${base()}/${id}/join`)).body.error.message).toBe(MSG.communityArchived);
    const comment = await reader.post('/api/v1/comments', { applicationId: appId, targetType: 'post', targetId: postId, body: '归档后评论' });
    expect(comment.status).toBe(409);
    expect((await staff.post(`${base()}/${id}/archive`, { archived: false })).body.archived).toBe(false);
    expect((await reader.post(`${base()}/${id}/posts`, { title: '新帖', body: '恢复后' })).status).toBe(201);
  });

  it('another application’s community answers 404, to its reads and its staff', async () => {
    const id = await create('open', { name: '本站社区' });
    expect((await ctx.client().get(`${base(otherAppId)}/${id}`)).status).toBe(404);
    expect((await ctx.client().get(`${base(otherAppId)}/${id}/posts`)).status).toBe(404);
    const staffElse = await otherStaff.put(`${base(otherAppId)}/${id}`, { name: '改名' });
    expect(staffElse.status).toBe(404);
    expect(staffElse.body.error.message).toBe(MSG.communityNotFound);
    expect((await otherStaff.post(`${base(otherAppId)}/${id}/requests/${ids.reader}/approve`)).status).toBe(404);
    expect((await reader.post(`${base(otherAppId)}/${id}/join`)).status).toBe(404);
    expect((await otherStaff.put(`${base()}/${id}`, { name: '改名' })).status).toBe(403);
    expect((await staff.put(`${base()}/${id}`, { name: '改名后' })).body.name).toBe('改名后');
  });

  it('comments on a post are the comments of §2 (target post), for members only', async () => {
    const id = await create('open', { name: '评论社区' });
    await reader.post(`${base()}/${id}/join`);
    const postId = (await reader.post(`${base()}/${id}/posts`, { title: '讨论帖', body: '欢迎讨论' })).body.id as number;
    // 先发后审 on posts: shown at once after the first comment
    expect((await admin.put(`/api/v1/applications/${appId}/comment-settings`, { mode: 'post', targets: ['post'] })).status).toBe(200);
    const nonMember = await outsider.post('/api/v1/comments', { applicationId: appId, targetType: 'post', targetId: postId, body: '路过' });
    expect(nonMember.status).toBe(403);
    expect(nonMember.body.error.message).toBe(fillMsg(MSG.communityRoleMissing, { role: '成员' }));
    const c = await reader.post('/api/v1/comments', { applicationId: appId, targetType: 'post', targetId: postId, body: '我先说两句' });
    expect(c.status, c.text).toBe(201);
    const thread = await reader.get(`/api/v1/comments?applicationId=${appId}&targetType=post&targetId=${postId}`);
    expect(thread.body.content[0]).toMatchObject({ body: '我先说两句', mine: true });
    // the comment waits in the one moderation queue, linked to the community
    const queue = await admin.get(`/api/v1/moderation/submissions?applicationId=${appId}&kind=comment`);
    expect(JSON.stringify(queue.body)).toContain(`/microapp/helix/communities/${id}`);
    // a post of another application's community: 404
    expect((await reader.get(`/api/v1/comments?applicationId=${otherAppId}&targetType=post&targetId=${postId}`)).status).toBe(404);
  });

  it('我的社区: the reader’s communities with their roles and states', async () => {
    const mine = await reader.get(`${base()}/mine`);
    expect(mine.status).toBe(200);
    expect(mine.body.content).toContainEqual(expect.objectContaining({ name: '需审核社区', role: 'member', state: 'active' }));
    expect((await ctx.client().get(`${base()}/mine`)).status).toBe(401);
  });
});
