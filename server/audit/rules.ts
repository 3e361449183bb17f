/**
 * Which writes the audit log records, and how (`/console/logs`; docs/decisions.md 312-313).
 * Every unsafe route the server registers is classified here, in one place, like the role matrix and
 * the cache's writes (server/cache/writes.ts): it is either in {@link AUDITED} (the resource it touches,
 * the action, where the resource's id and application id come from, and which stored row shows its
 * before/after) or in {@link NOT_AUDITED} with the reason (sign-in, a visitor's own data, a read sent as
 * POST). A test walks every registered route (server/audit/audit.test.ts), so a new write cannot be
 * forgotten. Keys are `METHOD url-pattern` exactly as registered (Fastify's `:param`).
 */
import type { AuditAction, AuditResource } from '../../common/audit.js';
import type { SnapshotKind } from './snapshot.js';

/** Where a value is found: a route parameter, a field of the JSON body, or a field of the JSON answer. */
export type Source = { param: string } | { body: string } | { answer: string };

/** How one write route is recorded. */
export interface AuditRule {
  resource: AuditResource;
  /** the action, or a function of the body for the calls whose body says what they do (null: a read) */
  action: AuditAction | ((body: Record<string, unknown>) => AuditAction | null);
  /** the id of the resource touched */
  id?: Source;
  /** the application concerned, when the route names it (else the stored row's application_id) */
  app?: Source;
  /** the stored row read before and after the write (by `id`), for a field-by-field before/after */
  snapshot?: SnapshotKind;
}

const p = (param: string): Source => ({ param });
const b = (body: string): Source => ({ body });
const a = (answer: string): Source => ({ answer });

/** A `body.action` of the calls that say what they do in their body. */
const bodyAction =
  (map: Record<string, AuditAction | null>, fallback: AuditAction | null) =>
  (body: Record<string, unknown>): AuditAction | null =>
    typeof body.action === 'string' && body.action in map ? map[body.action] : fallback;

/** Every recorded write. */
export const AUDITED: Record<string, AuditRule> = {
  // applications and their configuration
  'POST /api/v1/applications': { resource: 'application', action: 'create', id: a('applicationId'), app: a('applicationId'), snapshot: 'application' },
  'PUT /api/v1/applications/:id': { resource: 'application', action: 'update', id: p('id'), app: p('id'), snapshot: 'application' },
  'DELETE /api/v1/applications/:id': { resource: 'application', action: 'delete', id: p('id'), app: p('id'), snapshot: 'application' },
  'PUT /api/v1/applications/:id/release': { resource: 'application', action: 'release', id: p('id'), app: p('id'), snapshot: 'application' },
  'PUT /api/v1/applications/:id/pass': { resource: 'application', action: 'pass', id: p('id'), app: p('id'), snapshot: 'application' },
  'POST /api/v1/applications/:id/home-config': { resource: 'home_config', action: 'update', id: p('id'), app: p('id'), snapshot: 'homeConfig' },
  'POST /api/v1/applications/:id/home-config/revisions/:revisionId/restore': {
    resource: 'home_config',
    action: 'restore',
    id: p('id'),
    app: p('id'),
    snapshot: 'homeConfig',
  },
  // composed pages /xrender/{pageId} (server/routes/pages)
  'POST /api/v1/applications/:id/pages': { resource: 'page', action: 'create', id: a('pageId'), app: p('id') },
  'PUT /api/v1/applications/:id/pages/:pageId': { resource: 'page', action: 'update', id: p('pageId'), app: p('id') },
  'POST /api/v1/applications/:id/pages/:pageId/home-config': { resource: 'page', action: 'update', id: p('pageId'), app: p('id') },
  'POST /api/v1/applications/:id/pages/:pageId/publish': { resource: 'page', action: 'publish', id: p('pageId'), app: p('id') },
  'POST /api/v1/applications/:id/pages/:pageId/withdraw': { resource: 'page', action: 'withdraw', id: p('pageId'), app: p('id') },
  'DELETE /api/v1/applications/:id/pages/:pageId': { resource: 'page', action: 'delete', id: p('pageId'), app: p('id') },
  'POST /api/v1/applications/:id/pages/:pageId/revisions/:revisionId/restore': { resource: 'page', action: 'restore', id: p('pageId'), app: p('id') },
  'POST /api/v1/applications/:id/header-config': { resource: 'site_config', action: 'update', id: p('id'), app: p('id'), snapshot: 'siteConfig' },
  'POST /api/v1/applications/:id/footer-config': { resource: 'site_config', action: 'update', id: p('id'), app: p('id'), snapshot: 'siteConfig' },
  'POST /api/v1/applications/:id/theme-config': { resource: 'site_config', action: 'update', id: p('id'), app: p('id'), snapshot: 'siteConfig' },
  'POST /api/v1/applications/:id/logo': { resource: 'logo', action: 'upload', id: p('id'), app: p('id'), snapshot: 'logo' },
  'DELETE /api/v1/applications/:id/logo': { resource: 'logo', action: 'delete', id: p('id'), app: p('id'), snapshot: 'logo' },
  'POST /toolsApi/applicationExport/export': { resource: 'export', action: 'export', id: b('applicationId'), app: b('applicationId') },
  // content of an application
  'POST /api/v1/notices': { resource: 'notice', action: 'create', id: a('id'), app: b('applicationId'), snapshot: 'notice' },
  'PUT /api/v1/notices/:id': { resource: 'notice', action: 'update', id: p('id'), snapshot: 'notice' },
  'DELETE /api/v1/notices/:id': { resource: 'notice', action: 'delete', id: p('id'), snapshot: 'notice' },
  'POST /api/v1/links': { resource: 'link', action: 'create', id: a('id'), app: b('applicationId'), snapshot: 'link' },
  'PUT /api/v1/links/:linkId': { resource: 'link', action: 'update', id: p('linkId'), snapshot: 'link' },
  'DELETE /api/v1/links/:linkId': { resource: 'link', action: 'delete', id: p('linkId'), snapshot: 'link' },
  'POST /api/v1/applications/:id/resources': { resource: 'resource', action: 'create', id: a('id'), app: p('id'), snapshot: 'resource' },
  'PUT /api/v1/applications/:id/resources/:resourceId': { resource: 'resource', action: 'update', id: p('resourceId'), app: p('id'), snapshot: 'resource' },
  'DELETE /api/v1/applications/:id/resources/:resourceId': { resource: 'resource', action: 'delete', id: p('resourceId'), app: p('id'), snapshot: 'resource' },
  'POST /api/v1/applications/:id/wechat': { resource: 'wechat', action: 'bind', app: p('id') },
  'DELETE /api/v1/applications/:id/wechat': { resource: 'wechat', action: 'unbind', app: p('id') },
  'POST /api/v1/applications/:id/wechats/:wechatId/articles': { resource: 'wechat_article', action: 'create', id: a('id'), app: p('id') },
  'DELETE /api/v1/applications/:id/wechats/:wechatId/articles/:articleId': { resource: 'wechat_article', action: 'delete', id: p('articleId'), app: p('id') },
  // topics and their data (shared by the applications using them: no application id, decision 314)
  'POST /api/v1/topics': { resource: 'topic', action: 'create', id: a('id'), snapshot: 'topic' },
  'PUT /api/v1/topics/:topicId': { resource: 'topic', action: 'update', id: p('topicId'), snapshot: 'topic' },
  'DELETE /api/v1/topics/:topicId': { resource: 'topic', action: 'delete', id: p('topicId'), snapshot: 'topic' },
  'PUT /api/v1/topics/:topicId/categories': { resource: 'topic', action: 'update', id: p('topicId') },
  'POST /api/v1/topics/:topicId/resources': { resource: 'topic_resource', action: 'create', id: a('id'), snapshot: 'topicResource' },
  'PUT /api/v1/topics/:topicId/resources/:resourceId': { resource: 'topic_resource', action: 'update', id: p('resourceId'), snapshot: 'topicResource' },
  'DELETE /api/v1/topics/:topicId/resources/:resourceId': { resource: 'topic_resource', action: 'delete', id: p('resourceId'), snapshot: 'topicResource' },
  'POST /api/v1/topics/:topicId/resources/bulk': {
    resource: 'topic_resource',
    action: bodyAction({ publish: 'publish', withdraw: 'withdraw', delete: 'delete' }, 'update'),
    id: p('topicId'),
  },
  'POST /api/v1/tasks/imports': { resource: 'task', action: 'import', id: a('id') },
  'POST /api/v1/tasks/reindex': { resource: 'task', action: 'create', id: a('id') },
  'POST /api/v1/tasks/:id/cancel': { resource: 'task', action: 'cancel', id: p('id') },
  'POST /api/v1/tasks/:id/retry': { resource: 'task', action: 'retry', id: p('id') },
  'POST /api/v1/xmodules': { resource: 'xmodule', action: 'create', id: a('id'), snapshot: 'xmodule' },
  'PUT /api/v1/xmodules/:id': { resource: 'xmodule', action: 'update', id: p('id'), snapshot: 'xmodule' },
  'DELETE /api/v1/xmodules/:id': { resource: 'xmodule', action: 'delete', id: p('id'), snapshot: 'xmodule' },
  'POST /api/v1/files': { resource: 'file', action: 'upload', id: a('id') },
  'POST /api/v2/files': { resource: 'file', action: 'upload', id: a('id') },
  'DELETE /api/v1/files/:id': { resource: 'file', action: 'delete', id: p('id'), snapshot: 'file' },
  // people, roles and sign-in settings
  'POST /api/v1/applications/managers': { resource: 'manager', action: 'create', id: a('id'), app: b('applicationId'), snapshot: 'manager' },
  'PUT /api/v1/applications/managers': { resource: 'manager', action: 'update', id: b('id'), snapshot: 'manager' },
  'DELETE /api/v1/applications/managers/:id': { resource: 'manager', action: 'delete', id: p('id'), snapshot: 'manager' },
  'DELETE /api/v1/applications/manager_rights': { resource: 'manager_rights', action: 'revoke', id: b('userId') },
  'POST /api/v1/applications/super_managers': {
    resource: 'super_manager',
    action: (body) => (body.super === false ? 'revoke' : 'grant'),
    id: b('userId'),
  },
  'POST /api/v1/applications/users': {
    resource: 'app_user',
    action: bodyAction({ list: null, add: 'create', role: 'update', remove: 'delete' }, 'update'),
    id: b('userId'),
    app: b('applicationId'),
  },
  'POST /api/v1/applications/:id/role-config': { resource: 'role_config', action: 'update', id: p('id'), app: p('id'), snapshot: 'roleConfig' },
  'POST /api/v1/applications/:id/delete_role': { resource: 'role_config', action: 'delete', id: p('id'), app: p('id'), snapshot: 'roleConfig' },
  'PUT /api/v1/applications/:id/oauth-uri': { resource: 'oauth_uri', action: 'update', id: p('id'), app: p('id') },
  'POST /api/v1/applications/:id/oauth/clients': { resource: 'oauth_client', action: 'create', id: a('clientId'), app: p('id') },
  'DELETE /api/v1/applications/:id/oauth/clients/:clientId': { resource: 'oauth_client', action: 'delete', id: p('clientId'), app: p('id') },
  // public API keys (server/routes/apiKeys; decision 635): the body (name, scopes, limit) is recorded, never the key
  'POST /api/v1/applications/:id/api-keys': { resource: 'api_key', action: 'create', id: a('id'), app: p('id') },
  'POST /api/v1/applications/:id/api-keys/:keyId/revoke': { resource: 'api_key', action: 'revoke', id: p('keyId'), app: p('id') },
  // the monitors (server/routes/monitors; decisions 670-679)
  'POST /api/v1/monitors/:id/:code/sources': { resource: 'monitor_source', action: 'create', id: a('id'), app: p('id') },
  'PUT /api/v1/monitors/:id/:code/sources/:sourceId': { resource: 'monitor_source', action: 'update', id: p('sourceId'), app: p('id') },
  'DELETE /api/v1/monitors/:id/:code/sources/:sourceId': { resource: 'monitor_source', action: 'delete', id: p('sourceId'), app: p('id') },
  'POST /api/v1/monitors/:id/:code/sources/:sourceId/run': { resource: 'monitor_source', action: 'run', id: p('sourceId'), app: p('id') },
  'POST /api/v1/monitors/:id/:code/profiles': { resource: 'monitor_profile', action: 'create', id: a('id'), app: p('id') },
  'PUT /api/v1/monitors/:id/:code/profiles/:profileId': { resource: 'monitor_profile', action: 'update', id: p('profileId'), app: p('id') },
  'DELETE /api/v1/monitors/:id/:code/profiles/:profileId': { resource: 'monitor_profile', action: 'delete', id: p('profileId'), app: p('id') },
  'PUT /api/v1/monitors/:id/:code/digest': { resource: 'monitor_channel', action: 'update', id: p('code'), app: p('id') },
  // a manager's own account (console /console/settings/account); codes never stored (decision 313)
  'PUT /api/v1/account/profile': { resource: 'account', action: 'update' },
  'PUT /api/v1/account/bind/mobile': { resource: 'account', action: 'bind' },
  'PUT /api/v1/account/bind/email': { resource: 'account', action: 'bind' },
  'PUT /api/v1/account/bind/wechat': { resource: 'account', action: 'bind' },
  'DELETE /api/v1/account/unbind': { resource: 'account', action: 'unbind' },
  'PUT /api/v2/scholars': { resource: 'account', action: 'update' },
  // readers' comments: the review settings of an application (decision 558)
  'PUT /api/v1/applications/:id/comment-settings': { resource: 'comment_settings', action: 'update', id: p('id'), app: p('id') },
  'PUT /api/v1/applications/:id/sensitive-words': { resource: 'sensitive_words', action: 'update', id: p('id'), app: p('id') },
  // readers' feedback: staff moving one through its states (server/routes/feedback; decision 573)
  'POST /api/v1/feedback/:id/process': { resource: 'feedback', action: 'process', id: p('id'), snapshot: 'feedback' },
  'POST /api/v1/feedback/:id/reply': { resource: 'feedback', action: 'reply', id: p('id'), snapshot: 'feedback' },
  'POST /api/v1/feedback/:id/close': { resource: 'feedback', action: 'close', id: p('id'), snapshot: 'feedback' },
  // a reader's recommended resource: the reviewer's choice of category (server/routes/submissions; decision 611)
  'PUT /api/v1/submissions/recommendations/:id/placement': { resource: 'recommendation', action: 'update', id: p('id'), snapshot: 'recommendation' },
  // reference questions: staff moves and the answer period (server/routes/questions; decision 591)
  'POST /api/v1/applications/:id/questions/:questionId/assign': {
    resource: 'question',
    action: 'assign',
    id: p('questionId'),
    app: p('id'),
    snapshot: 'question',
  },
  'POST /api/v1/applications/:id/questions/:questionId/answer': {
    resource: 'question',
    action: 'answer',
    id: p('questionId'),
    app: p('id'),
    snapshot: 'question',
  },
  'POST /api/v1/applications/:id/questions/:questionId/askback': {
    resource: 'question',
    action: 'askback',
    id: p('questionId'),
    app: p('id'),
    snapshot: 'question',
  },
  'POST /api/v1/applications/:id/questions/:questionId/close': {
    resource: 'question',
    action: 'close',
    id: p('questionId'),
    app: p('id'),
    snapshot: 'question',
  },
  'POST /api/v1/applications/:id/questions/:questionId/publish': {
    resource: 'question',
    action: 'publish',
    id: p('questionId'),
    app: p('id'),
    snapshot: 'question',
  },
  'POST /api/v1/applications/:id/questions/:questionId/unpublish': {
    resource: 'question',
    action: 'unpublish',
    id: p('questionId'),
    app: p('id'),
    snapshot: 'question',
  },
  'PUT /api/v1/applications/:id/questions/settings': { resource: 'question_settings', action: 'update', id: p('id'), app: p('id') },
  // communities (server/routes/communities; decisions 620-629): staff's and moderators' changes
  'POST /api/v1/applications/:id/communities': { resource: 'community', action: 'create', id: a('id'), app: p('id') },
  'PUT /api/v1/applications/:id/communities/:communityId': { resource: 'community', action: 'update', id: p('communityId'), app: p('id') },
  'POST /api/v1/applications/:id/communities/:communityId/archive': {
    resource: 'community',
    action: (body) => (body.archived === false ? 'restore' : 'archive'),
    id: p('communityId'),
    app: p('id'),
  },
  'POST /api/v1/applications/:id/communities/:communityId/requests/:userId/approve': {
    resource: 'community_member',
    action: 'approve',
    id: p('userId'),
    app: p('id'),
  },
  'POST /api/v1/applications/:id/communities/:communityId/requests/:userId/refuse': {
    resource: 'community_member',
    action: 'reject',
    id: p('userId'),
    app: p('id'),
  },
  'POST /api/v1/applications/:id/communities/:communityId/invitations': { resource: 'community_member', action: 'invite', id: p('communityId'), app: p('id') },
  'PUT /api/v1/applications/:id/communities/:communityId/members/:userId/role': {
    resource: 'community_member',
    action: (body) => (body.role === 'moderator' ? 'grant' : 'revoke'),
    id: p('userId'),
    app: p('id'),
  },
  'POST /api/v1/applications/:id/communities/:communityId/posts/:postId/pin': {
    resource: 'community_post',
    action: (body) => (body.pinned === false ? 'unpin' : 'pin'),
    id: p('postId'),
    app: p('id'),
  },
  'POST /api/v1/applications/:id/communities/:communityId/posts/:postId/remove': {
    resource: 'community_post',
    action: 'delete',
    id: p('postId'),
    app: p('id'),
  },
  // the personal centre's sections of an application (server/routes/helix; decision 585)
  'PUT /api/v1/applications/:id/helix': { resource: 'application', action: 'update', id: p('id'), app: p('id') },
  // document delivery: staff answering a request, the daily limit (server/routes/dds; decision 601)
  'POST /api/v1/applications/:id/dds/:requestId/deliver': { resource: 'dds', action: 'deliver', id: p('requestId'), app: p('id'), snapshot: 'dds' },
  'POST /api/v1/applications/:id/dds/:requestId/refuse': { resource: 'dds', action: 'refuse', id: p('requestId'), app: p('id'), snapshot: 'dds' },
  'PUT /api/v1/applications/:id/dds-settings': { resource: 'dds_settings', action: 'update', id: p('id'), app: p('id') },
};

/** Unsafe routes that are not console writes, with the reason (decision 313). */
export const NOT_AUDITED: Record<string, string> = {
  'PUT /api/v3/oauth/digits': 'asks for a sign-in code (nobody signed in yet)',
  'POST /api/v3/oauth/digits': 'signs in',
  'PUT /api/v1/oauth/email/digits': 'asks for a sign-in code',
  'POST /api/v1/oauth/email/digits': 'signs in',
  'POST /api/v1/oauth/login-info': 'signs in by a login-info link',
  'POST /toolsApi/userLogin/login': 'signs in by a login-info link',
  'POST /api/v1/users/anonymous': "a visitor's anonymous user",
  'DELETE /api/v1/session': 'signs out',
  'DELETE /api/v1/sessions': 'signs out everywhere',
  'DELETE /api/v1/sessions/:id': "signs one of the person's own devices out",
  'PUT /api/v1/account/bind/email/digits': 'sends a code to the address being bound (the bind itself is recorded)',
  'POST /api/v1/wechat/dev/scan': 'the development WeChat stand-in',
  'POST /api/v1/analytics/beacon': "a visitor's page views and clicks, counted as daily aggregates (decision 318)",
  'POST /api/v1/actions': "a visitor's clicks, for recommendations",
  'POST /api/v1/recommendations/not-interested': "a visitor's own recommendations",
  'POST /api/v1/subscriptions': "a visitor's journal subscriptions",
  'POST /api/v2/subscriptions': "a visitor's journal subscriptions",
  'POST /api/v3/subscriptions': "a visitor's journal subscriptions",
  'DELETE /api/v1/subscriptions': "a visitor's journal subscriptions",
  'DELETE /api/v3/subscriptions': "a visitor's journal subscriptions",
  'POST /api/v1/users/links': "a visitor's own topic links",
  'POST /api/v1/feedback': "a reader's own feedback (its handling by staff is recorded)",
  'POST /api/v1/questions': "a reader's own question (its handling by staff is recorded)",
  'POST /api/v1/questions/mine/:id/supplement': "a reader's supplement to their own question",
  'POST /api/v1/applications/:id/communities/:communityId/join': "a reader's own membership (its approval is recorded)",
  'POST /api/v1/applications/:id/communities/:communityId/leave': "a reader's own membership",
  'POST /api/v1/applications/:id/communities/:communityId/posts': "a member's own post (its removal is recorded)",
  'POST /api/v1/notifications/:id/read': "a reader's own 站内信 read state",
  'POST /api/v1/notifications/read-all': "a reader's own 站内信 read state",
  'POST /api/v1/helix/favorites': "a reader's own 收藏",
  'DELETE /api/v1/helix/favorites/:id': "a reader's own 收藏",
  'POST /api/v1/helix/history': "a reader's own browsing history",
  'DELETE /api/v1/helix/history': "a reader's own browsing history",
  'POST /api/v1/search/saved': "a reader's own saved search",
  'PUT /api/v1/search/saved/:id': "a reader's own saved search",
  'DELETE /api/v1/search/saved/:id': "a reader's own saved search",
  'DELETE /api/v1/search/history': "a reader's own search history",
  'PUT /api/v1/helix/settings': "a reader's own personal-centre settings",
  'POST /api/v1/dds': "a reader's own document delivery request (its handling by staff is recorded)",
  'POST /toolsApi/headline/save': "a visitor's own news domains",
  'POST /api/v1/applications/user_rights': 'a read sent as POST',
  'POST /oai': 'an OAI-PMH request sent as a form (the protocol allows POST for the same reads as GET)',
  'POST /api/v1/applications/manager_rights': 'a read sent as POST',
  'POST /api/v1/imports/preview': 'reads a file, writes nothing',
  'POST /api/v1/banners/title': 'a read sent as POST',
  'POST /api/v1/modules/top-monographs': 'a read sent as POST',
  'POST /api/v2/modules/top-monographs': 'a read sent as POST',
  'POST /api/v3/modules/top-:kind': 'a read sent as POST',
  'POST /api/v4/modules/top-:kind': 'a read sent as POST',
  'POST /api/v1/resources/conferences/suggestions': 'a read sent as POST',
  'POST /api/v1/resources/institution/fruit-scholar-count': 'a read sent as POST',
  'POST /api/v3/resources/journal': 'a read sent as POST',
  // the moderation engine writes one audit row per submission and transition itself (decision 552)
  'POST /api/v1/submissions/recommendations': 'recorded as a submission (submit) by the moderation engine',
  'DELETE /api/v1/submissions/:id': 'recorded as a withdrawal by the moderation engine',
  // 学者认证与成果认领 (server/routes/scholarClaims; decisions 650-656)
  'POST /api/v1/scholar-claims/code': 'mails a verification code; no record changes',
  'POST /api/v1/scholar-claims': 'recorded as a submission (submit) by the moderation engine',
  'PUT /api/v1/scholar-claims/profile': 'recorded as a submission (submit) by the moderation engine',
  'POST /api/v1/fruit-appeals': 'recorded as a submission (submit) by the moderation engine',
  'POST /api/v1/moderation/review': 'recorded per submission by the moderation engine (server/moderation/engine.ts)',
  'POST /api/v1/comments': 'recorded as a submission (submit) by the moderation engine',
  'DELETE /api/v1/comments/:id': 'recorded as a withdrawal by the moderation engine',
  'POST /api/v1/comments/:id/like': "a reader's 点赞",
  'POST /api/v1/comments/:id/report': "a reader's 举报 (the third one's requeue is recorded by the moderation engine)",
};

/** The methods that write. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The rule of a route (`method`, Fastify `url` pattern), or undefined when it is not recorded. */
export function auditRuleOf(method: string, url: string): AuditRule | undefined {
  return WRITE_METHODS.has(method) ? AUDITED[`${method} ${url}`] : undefined;
}
