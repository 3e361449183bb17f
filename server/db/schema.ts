/**
 * Table types of the Atrium database (Kysely). Timestamps are ISO-8601 UTC strings; JSON columns are
 * text holding JSON, so that SQLite and PostgreSQL store the same thing (docs/decisions.md).
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  phone: string | null;
  email: string | null;
  name: string;
  affiliation: string;
  /** 'super' (super manager, all applications) or 'user'. Application managers are in application_managers. */
  role: string;
  anonymous: number;
  created_at: string;
  /** WeChat identity bound in account settings (migration 014_account); null when none */
  wechat_openid?: string | null;
}

/** The news domains a user follows (migration 027; docs/decisions.md 294). */
export interface UserHeadlinesTable {
  user_id: number;
  /** JSON array of domain labels */
  domains: string;
  updated_at: string;
}

export interface SessionsTable {
  /** sha256 of the random token kept in the visitor's cookie; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  /** the browser's User-Agent when it signed in (at most 300 characters; migration 031) */
  user_agent: Generated<string | null>;
  /** the client address it signed in from (migration 031) */
  ip: Generated<string | null>;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  /** 'sms:+86 13800000000' or 'email:a@b.cn' */
  target: string;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  used: number;
  /** the target as the daily caps count it (migration 036; decision 403) */
  cap_key: Generated<string>;
  /** the client address that asked for it, IPv6 by /64; '' when none (migration 036; decision 402) */
  requester: Generated<string>;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

/** Nonces of signed requests that changed something, kept until their timestamp leaves the window (decision 222). */
/** A QR ticket of the official-account WeChat provider: `openid` once scanned (migration 018). */
export interface WechatTicketsTable {
  ticket: string;
  openid: string | null;
  expires_at: string;
}

export interface RequestNoncesTable {
  nonce: string;
  expires_at: string;
}

export interface TopicsTable {
  id: Generated<number>;
  title: string;
  cover: string | null;
  /** what the topic holds, shown in the console (migration 023) */
  description: string | null;
  created_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  topic_id: number;
  /** null for a first-level category */
  parent_id: number | null;
  label: string;
}

export interface ApplicationsTable {
  id: Generated<number>;
  name: string;
  host: string;
  topic_id: number | null;
  logo: string | null;
  /** 'draft' | 'submitted' | 'released' (common/roles.ts APPLICATION_STATUSES, migration 012_roles) */
  status: string;
  home_config: string;
  header_config: string;
  footer_config: string;
  theme_config: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** JSON list of roles `{ id, name, rights }` (common/roles.ts roleConfigSchema; migration 012_roles) */
  role_config: Generated<string>;
  /** id of the role new users of the application get */
  default_user_role: Generated<string>;
  /** single sign-on settings, JSON `{ issuer, clientId, clientSecret? }` (migration 011_signin) */
  oauth_uri?: string | null;
  /** e-mail suffixes allowed to sign in on this host, comma-separated (migration 011_signin) */
  mail_allow_suffix?: string | null;
  /** 1: new notices restrict their attachments to users with `download` unless they say otherwise (migration 017) */
  restrict_download_default: Generated<number>;
  /** 1: 详情页需登录, a visitor who is not signed in is sent from /microapp/** and /container/** to sign in (migration 034) */
  detail_signin: Generated<number>;
  /** 1: 新用户需审核, a reader who has not joined the site is held until a reviewer approves them (migration 053; decisions 660-664) */
  audit_new_users: Generated<number>;
}

/** A manager of one application with rights (migration 012_roles rebuilt it with an id and rights). */
export interface ApplicationManagersTable {
  id: Generated<number>;
  application_id: number;
  user_id: number;
  /** JSON list of MANAGER_RIGHTS (common/roles.ts); rows written before 012 hold every right */
  rights: Generated<string>;
  created_at: Generated<string>;
}

/** A user of an application with one role of its roleConfig (migration 012_roles). */
export interface ApplicationUsersTable {
  application_id: number;
  user_id: number;
  role_id: string;
  created_at: string;
}

export interface ResourcesTable {
  id: Generated<number>;
  type: string;
  /** stable identity of the item in its source (ISSN, MOE code, homepage, ...), unique per type: re-imports update */
  source_key: string;
  title: string;
  date: string | null;
  /** JSON object with the type's fields (spec 1 §3 'Listing items') */
  fields: string;
  /** what is indexed for search besides the title: keywords, authors and other short fields (not the abstract) */
  search_text: string;
  created_at: string;
  updated_at: string;
  /** the import task that created it and has not published it yet (migration 038; docs/decisions.md 410) */
  import_task: Generated<number | null>;
}

export interface ResourceTopicsTable {
  resource_id: number;
  topic_id: number;
  category_one: string | null;
  category_two: string | null;
  /** the resource's type and date ('' when none), kept here for the ordered panel reads */
  type: string;
  date_key: string;
  /** 1: visitors see it in this topic; 0: withdrawn by a manager (migration 023, default 1) */
  published: Generated<number>;
  /** the import task whose unpublished link this is, until it publishes (migration 038; docs/decisions.md 410) */
  import_task: Generated<number | null>;
}

/** A record withdrawn from a topic, for the OAI-PMH provider's deleted records (migration 040; server/oai). */
export interface OaiTombstonesTable {
  topic_id: number;
  resource_id: number;
  type: string;
  category_one: string | null;
  category_two: string | null;
  /** ISO 8601 UTC with milliseconds, as resources.updated_at */
  deleted_at: string;
}

/** How many resources of a type a topic has (kept by upsertResources; read by unfiltered panel reads). */
export interface TopicTypeCountsTable {
  topic_id: number;
  type: string;
  n: number;
}

export interface NoticesTable {
  id: Generated<number>;
  application_id: number;
  module_id: string | null;
  user_id: number | null;
  title: string;
  /** one of the notice types of spec 1 §3 (消息公告, ...) */
  type: string;
  /** sanitised HTML */
  content: string;
  top: number;
  active: number;
  publish_date_time: string;
  create_date_time: string;
  /** 1: the attachments are for users with the right `download` only (migration 016; decision 213) */
  restrict_download: Generated<number>;
}

/**
 * The attachments (file keys) a notice marked restrict_download links to (migration 016_user_rights;
 * docs/decisions.md 213-215): GET /files/{key} of such a key needs the right `download` in one of the
 * applications listed here. Rewritten with the notice; deleted with it.
 */
export interface RestrictedFilesTable {
  file_key: string;
  notice_id: number;
  application_id: number;
}

/** A report's PDF kept for readers holding 下载附件 (migration 026, docs/decisions.md 302). */
export interface RestrictedResourceFilesTable {
  file_key: string;
  resource_id: number;
  topic_id: number;
}

export interface LinksTable {
  id: Generated<number>;
  application_id: number;
  module_id: string | null;
  user_id: number | null;
  title: string;
  url: string;
  cover: string | null;
  link_category: string | null;
  top: number;
  top_order: number;
  active: number;
  publish_date_time: string;
  create_date_time: string;
}

/** An uploaded file (migration 008_files; server/files, server/routes/files). */
export interface FilesTable {
  id: Generated<number>;
  /** generated storage key: random id + extension of the detected type */
  key: string;
  /** the client's file name, sanitised, for display and downloads only */
  original_name: string;
  content_type: string;
  /** bytes */
  size: number;
  /** pixels, images only */
  width: number | null;
  height: number | null;
  uploader_id: number | null;
  created_at: string;
}

/** An official account bound to an application (migration 004; server/routes/wechats). */
export interface WechatAccountsTable {
  id: Generated<number>;
  application_id: number;
  /** the account's id (letters, digits, _ and -), unique per application */
  wechat_id: string;
  name: string;
  created_at: string;
}

/** The custom component catalogue (spec 1 §3): one row per (module_name, type). */
export interface XmoduleCatalogueTable {
  id: Generated<number>;
  module_name: string;
  type: string;
  group_name: string;
  name: string;
  alias: string;
  more: string | null;
  is_need_login: number;
  /** JSON array of params (modules/xmodule/catalogue.ts paramSchema) */
  params: string;
  created_at: string;
  updated_at: string;
}

/** A saved home config of an application, kept for history (migration 006; docs/decisions.md 61). */
export interface HomeConfigRevisionsTable {
  id: Generated<number>;
  application_id: number;
  /** the user who saved it (null once that user is deleted) */
  author_id: number | null;
  /** the author's name at the time */
  author_name: string;
  /** plain-text summary of the change, e.g. 添加模块「通知公告」 (max 200) */
  summary: string;
  /** the whole home config (list form) as JSON */
  home_config: string;
  created_at: string;
}

/** A way a user signs in besides phone/e-mail (migration 011_signin): 'oidc:<issuer>' + subject, or 'fingerprint' + its hash. */
export interface UserIdentitiesTable {
  provider: string;
  subject: string;
  user_id: number;
  created_at: string;
}

/** An OAuth client an application registers for client login (migration 011_signin; spec 2 §7). */
export interface OauthClientsTable {
  client_id: string;
  application_id: number;
  name: string;
  /** JSON `{ issuer, clientId, clientSecret? }` of the OpenID provider this client signs in with */
  sso: string;
  created_at: string;
}

/** A user's action on a resource (spec 1 §3 'Users, resource types, actions', decision 150). */
export interface UserActionsTable {
  id: Generated<number>;
  user_id: number;
  resource_id: number;
  /** the resource's type (article, journal, ...) */
  type: string;
  /** browse, link, vote, comment, collect, share, upload, download, transfer, hot, subscribe */
  action: string;
  created_at: string;
}

/** A resource a user marked 不感兴趣 on the recommendation page (decision 151). */
export interface RecommendationDismissalsTable {
  user_id: number;
  resource_id: number;
  created_at: string;
}

/** A journal subscription (spec 2 §7 'Subscriptions'); app_id 0 = made without an application (v1/v2). */
export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  resource_id: number;
  app_id: number;
  created_at: string;
}

/** One of a user's personal topic links, in the user's order (migration 014_account; spec 1 §1). */
export interface UserLinksTable {
  id: Generated<number>;
  user_id: number;
  /** 'link' */
  kind: string;
  /** 0-based place in the user's list */
  position: number;
  resource_id: number;
  /** JSON text { id, title, url, cover } as the client sent it (checked on save) */
  resource_object: string;
  created_at: string;
}

/** The scholar resource a user claimed (migration 014_account; PUT /api/v2/scholars). */
export interface ScholarClaimsTable {
  user_id: number;
  resource_id: number;
  created_at: string;
}

/** The shared visitor cache's generation (one row, id 1). */
export interface CacheGenerationTable {
  id: number;
  generation: number;
}

/** Login-info links used once already (hash of the link; kept until it expires). */
export interface UsedLoginLinksTable {
  link_hash: string;
  expires_at: string;
}

/** Which build of the search index the database holds (server/search/indexer.ts; one row, name 'grams'). */
export interface SearchIndexStateTable {
  name: string;
  version: number;
}

/** A monitoring channel of an application (migration 055; docs/decisions.md 670). */
export interface MonitorChannelsTable {
  id: Generated<number>;
  application_id: number;
  /** nstl, sci, stis, stm or xjbt (common/monitors.ts) */
  code: string;
  topic_id: number;
  /** off, daily or weekly */
  digest: Generated<string>;
  last_digest_at: string | null;
  created_at: string;
}

/** A harvest source of a channel (migration 055). */
export interface MonitorSourcesTable {
  id: Generated<number>;
  channel_id: number;
  name: string;
  /** oai, feed or file */
  kind: string;
  url: string;
  set_spec: string | null;
  metadata_prefix: string | null;
  /** a file drop's import kind: articles (CSV), bibtex, ris */
  file_kind: string | null;
  /** cron expression (five fields) */
  schedule: string;
  enabled: Generated<number>;
  next_run_at: string | null;
  /** ISO time: the `from` of the next incremental harvest (the start of the last successful one) */
  harvested_until: string | null;
  /** the resumption token a failed run stopped at */
  resume_token: string | null;
  last_run_at: string | null;
  /** running, done, failed */
  last_status: string | null;
  last_error: string | null;
  last_added: number | null;
  last_duration_ms: number | null;
  created_at: string;
}

/** A record harvested into a channel under its deduplication key (migration 055). */
export interface MonitorItemsTable {
  id: Generated<number>;
  channel_id: number;
  source_id: number | null;
  dedup_key: string;
  resource_id: number;
  created_at: string;
}

/** One run of a source (migration 055). */
export interface MonitorRunsTable {
  id: Generated<number>;
  source_id: number;
  channel_id: number;
  status: string;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  added: Generated<number>;
  error: string | null;
}

/** A watch profile of a channel (migration 055). */
export interface MonitorProfilesTable {
  id: Generated<number>;
  channel_id: number;
  name: string;
  /** keywords, scholars, institutions, journals */
  kind: string;
  /** JSON array of terms */
  terms: string;
  created_at: string;
}

/** A record that matched a watch profile (migration 055). */
export interface MonitorHitsTable {
  id: Generated<number>;
  profile_id: number;
  resource_id: number;
  term: string;
  created_at: string;
}

/** A manager receiving a channel's digest (migration 055). */
export interface MonitorSubscribersTable {
  channel_id: number;
  user_id: number;
}

/** A background task (server/tasks; migration 024): an import run from the console. */
export interface TasksTable {
  id: Generated<number>;
  /** 'import' */
  kind: string;
  /** queued, running, done, failed, cancelled, interrupted */
  status: string;
  title: string;
  /** JSON: what the task does (an import: kind, topic, stored file, original name) */
  params: string;
  /** rows to write and written so far */
  total: Generated<number>;
  done: Generated<number>;
  /** JSON array of `{ file?, line, reason }`: the rows skipped (at most 1,000) */
  log: Generated<string>;
  /** JSON: the summary when done */
  result: Generated<string | null>;
  /** the Chinese message of a failure */
  error: Generated<string | null>;
  cancel_requested: Generated<number>;
  /** the server process running it */
  owner: Generated<string | null>;
  created_by: number | null;
  created_at: string;
  started_at: Generated<string | null>;
  finished_at: Generated<string | null>;
  heartbeat_at: Generated<string | null>;
  /** 1 once an import began to publish what it wrote (migration 038; docs/decisions.md 410) */
  publishing: Generated<number>;
}

/**
 * One console write (server/audit; migration 028; docs/decisions.md 312-317). `changes` is JSON of
 * {@link import('../../common/audit.js').AuditChanges}: per field, the value before and after.
 */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  user_id: number | null;
  /** the user's name and masked phone or e-mail, as they were at the time */
  user_label: string;
  ip: string;
  application_id: number | null;
  /** a key of AUDIT_RESOURCES (common/audit.ts) */
  resource: string;
  resource_id: string | null;
  /** a key of AUDIT_ACTIONS (common/audit.ts) */
  action: string;
  method: string;
  /** the route pattern (`/api/v1/notices/:id`), never the raw URL */
  route: string;
  changes: string;
  status: number;
}

/** Daily usage aggregates of an application (migration 029; server/analytics): key '' for a plain total. */
export interface UsageDailyTable {
  application_id: number;
  /** YYYY-MM-DD (the server's time zone, docs/decisions.md 319) */
  day: string;
  /** one of USAGE_METRICS (common/analytics.ts) */
  metric: string;
  key: string;
  count: number;
}

/** The distinct visitors of a day: salted hashes only (migration 029). */
export interface UsageVisitorsTable {
  application_id: number;
  day: string;
  visitor_hash: string;
}

/** A reader's submission under review (migration 042; server/moderation): one row per submitted thing of a kind. */
export interface SubmissionsTable {
  id: Generated<number>;
  application_id: number;
  /** a kind of the registry (server/moderation/kinds.ts): 'comment', … */
  kind: string;
  /** the id of the submitted row of that kind (comments.id, …) */
  ref_id: number;
  author_id: number;
  /** a short plain text for the queue */
  summary: string;
  /** 'pending' | 'approved' | 'rejected' | 'withdrawn' (common/moderation.ts) */
  status: string;
  /** JSON array of why it waits for a reviewer (common/moderation.ts QUEUE_FLAGS) */
  flags: Generated<string>;
  /** JSON array of the words to mark for the reviewer (敏感词 hits) */
  marks: Generated<string>;
  /** the rejection reason the author sees */
  reason: string | null;
  reviewer_id: number | null;
  created_at: string;
  updated_at: string;
  reviewed_at: string | null;
}

/** A message to a reader (站内信, migration 042): kept for the personal centre. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  application_id: number | null;
  kind: string;
  title: string;
  /** plain text, never HTML */
  body: string;
  link: string | null;
  created_at: string;
  read_at: string | null;
}

/** A reader's comment (migration 043; server/routes/comments). */
/** A reader's recommended resource, reviewed as `resource_verify` (migration 049; docs/decisions.md 610-612). */
export interface ResourceRecommendationsTable {
  id: Generated<number>;
  application_id: number;
  author_id: number;
  /** 'link' | 'record' | 'citation' (common/submissions.ts) */
  mode: string;
  /** the resource type to create */
  type: string;
  title: string;
  date: string | null;
  /** JSON: the fields to store */
  fields: string;
  /** the search text besides the title */
  search_text: string;
  category: string | null;
  subcategory: string | null;
  /** the resource created on approval */
  resource_id: number | null;
  created_at: string;
}

/** A reader held for approval on one application, reviewed as `auditUser` (migration 053; docs/decisions.md 660-664). */
export interface ReaderApprovalsTable {
  id: Generated<number>;
  application_id: number;
  user_id: number;
  /** the state of its submission: 'pending' | 'approved' | 'rejected' | 'withdrawn' */
  status: string;
  /** the reason of a rejection, shown to the reader */
  reason: string | null;
  created_at: string;
  updated_at: string;
}

/** The outbox of notification e-mails (migration 046; decision 581). */
export interface NotificationMailsTable {
  id: Generated<number>;
  notification_id: number;
  user_id: number;
  address: string;
  /** 'pending', 'sent' or 'failed' */
  status: Generated<string>;
  attempts: Generated<number>;
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A reader's personal-centre settings (migration 046; decision 582). */
export interface ReaderSettingsTable {
  user_id: number;
  /** JSON array of notification groups whose e-mail is off */
  mail_off: Generated<string>;
  history_off: Generated<number>;
  updated_at: string;
}

/** A favourite (我的收藏) or a browsing-history entry (浏览历史) of a reader (migration 046). */
export interface ReaderItemsTable {
  id: Generated<number>;
  user_id: number;
  application_id: number;
  /** 'resource', 'report', 'notice' or 'wechat' */
  target_type: string;
  target_id: string;
  title: string;
  /** the site path of the item */
  path: string;
  at: string;
}

/** Which personal-centre sections an application turned off (migration 046; decision 585). */
export interface HelixSettingsTable {
  application_id: number;
  /** JSON array of section keys */
  sections_off: Generated<string>;
  updated_at: string;
}

export interface CommentsTable {
  id: Generated<number>;
  application_id: number;
  /** 'notice' | 'resource' | 'report' | 'wechat' (common/comments.ts) */
  target_type: string;
  target_id: string;
  parent_id: number | null;
  author_id: number;
  /** plain text, as written (trimmed) */
  body: string;
  /** 1 while readers see it */
  visible: number;
  /** 1 while it waits for approval before it is shown */
  held: number;
  like_count: Generated<number>;
  report_count: Generated<number>;
  created_at: string;
}

export interface CommentLikesTable {
  comment_id: number;
  user_id: number;
  created_at: string;
}

export interface CommentReportsTable {
  comment_id: number;
  user_id: number;
  reason: string;
  created_at: string;
}

/** Comment settings of an application (migration 043): 'pre' 先审后发 / 'post' 先发后审, open target types as JSON. */
export interface CommentSettingsTable {
  application_id: number;
  mode: string;
  targets: string;
  updated_at: string;
}

export interface SensitiveWordsTable {
  application_id: number;
  word: string;
}

/** The version of an application's sensitive-word list, raised by each save (migration 054; server/comments/words.ts). */
export interface SensitiveWordVersionsTable {
  application_id: number;
  version: number;
}

/** A reader's feedback to a site (migration 045; server/routes/feedback; common/feedback.ts). */
/** A community (社区, docs/decisions.md 620-629). */
export interface CommunitiesTable {
  id: Generated<number>;
  application_id: number;
  name: string;
  /** plain text */
  description: string;
  /** the cover's key in the uploads storage and its content type, or null */
  cover_key: string | null;
  cover_type: string | null;
  /** a key of COMMUNITY_JOIN_RULES */
  join_rule: string;
  /** when it was archived (readable, no new posts or members), null while active */
  archived_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A member of a community, or a request to join, or an invitation. */
export interface CommunityMembersTable {
  community_id: number;
  user_id: number;
  /** a key of COMMUNITY_ROLES */
  role: string;
  /** `active`, `requested` (waiting for approval) or `invited` (not yet accepted) */
  state: string;
  created_at: string;
  updated_at: string;
}

/** A post of a community: title and plain text. */
export interface CommunityPostsTable {
  id: Generated<number>;
  community_id: number;
  author_id: number;
  title: string;
  body: string;
  pinned: Generated<number>;
  removed_at: string | null;
  removed_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface FeedbackTable {
  id: Generated<number>;
  application_id: number;
  user_id: number;
  /** a key of FEEDBACK_CATEGORIES */
  category: string;
  /** plain text, 1-2,000 characters */
  content: string;
  /** the site path it came from, or null */
  page: string | null;
  /** the screenshot's key in the file storage and its content type, or null */
  screenshot_key: string | null;
  screenshot_type: string | null;
  /** a key of FEEDBACK_STATES */
  state: Generated<string>;
  reply: string | null;
  /** the staff member who last moved it */
  handler_id: number | null;
  replied_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A key of the public read API (migration 051; server/publicApi; decisions 630-639). */
export interface ApiKeysTable {
  id: Generated<number>;
  application_id: number;
  name: string;
  /** the key's first characters, shown in the console (`atr_xxxxxxxx`) */
  prefix: string;
  /** SHA-256 of the whole key, hex; the key itself is never stored */
  key_hash: string;
  /** JSON array of read groups (PUBLIC_API_SCOPES) */
  scopes: string;
  rate_per_minute: number;
  created_by: number | null;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** Calls of a public API key per UTC day (migration 051). */
export interface ApiKeyUsageTable {
  key_id: number;
  /** YYYY-MM-DD, UTC */
  day: string;
  count: number;
}

/** A reader's reference question 参考咨询 (migration 047; server/questions; common/questions.ts). */
export interface QuestionsTable {
  id: Generated<number>;
  application_id: number;
  user_id: number;
  /** plain text, 1-100 characters */
  title: string;
  /** plain text, 1-4,000 characters */
  content: string;
  /** a key of QUESTION_DISCIPLINES */
  discipline: string;
  /** a key of QUESTION_STATES */
  state: Generated<string>;
  /** the staff member it is assigned to, or null */
  assignee_id: number | null;
  answered_at: string | null;
  closed_at: string | null;
  /** 1 when shown in the site's public FAQ */
  faq_published: Generated<number>;
  /** the question's wording in the FAQ (plain text; staff may strip personal details), or null for the title and text */
  faq_question: string | null;
  faq_published_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One entry of a question's thread: a staff answer (sanitised HTML), an ask-back or a reader's supplement (plain text). */
export interface QuestionMessagesTable {
  id: Generated<number>;
  question_id: number;
  author_id: number | null;
  /** answer | askback | supplement */
  kind: string;
  body: string;
  created_at: string;
}

/** A file a reader attached to a question, checked by content and stored privately. */
export interface QuestionAttachmentsTable {
  id: Generated<number>;
  question_id: number;
  name: string;
  storage_key: string;
  content_type: string;
  size: number;
  created_at: string;
}

/** An application's answer period for questions, in working days (default 3). */
export interface QuestionSettingsTable {
  application_id: number;
  due_days: Generated<number>;
  updated_at: string;
}

/** A reader's document delivery request (migration 048; server/dds; common/dds.ts). Texts are plain. */
export interface DdsRequestsTable {
  id: Generated<number>;
  application_id: number;
  user_id: number;
  /** the catalogue record the request came from (a detail page's 文献传递), or null when typed */
  resource_id: number | null;
  title: string;
  authors: string;
  journal: string;
  year: string;
  volume: string;
  issue: string;
  pages: string;
  /** normalised (common/dds.ts normaliseDoi), or '' */
  doi: string;
  note: string;
  /** a key of DDS_STATES */
  state: Generated<string>;
  /** the 无法提供 reason */
  reason: string | null;
  /** the delivered file in the file storage; null before delivery and after the purge removed it */
  file_key: string | null;
  file_name: string | null;
  file_type: string | null;
  file_size: number | null;
  handler_id: number | null;
  delivered_at: string | null;
  /** when the download link stops working (delivery + 7 days) */
  expires_at: string | null;
  downloads: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A site's document delivery settings (migration 048): the requests a reader may send a day. */
export interface DdsSettingsTable {
  application_id: number;
  daily_limit: number;
  updated_at: string;
}

/** A composed page of an application (`/xrender/{pageId}`, migration 056, decisions 700-705). */
export interface PagesTable {
  id: Generated<number>;
  application_id: number;
  /** the path id: an ASCII slug, unique within the application */
  page_id: string;
  title: string;
  /** draft | published */
  state: string;
  /** the page's configuration in the home configuration's list form, as JSON */
  home_config: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

/** A reader's saved advanced search on a site (migration 057, decision 684). */
export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  application_id: number;
  name: string;
  /** the search as /exploreV3's query string (c, from, to, sort, type, filters) */
  query: string;
  /** 1: new results are sent daily as a 站内信 (and its e-mail) */
  notify: number;
  /** the highest resource id already told of: newer ids are new results */
  seen_id: number;
  notified_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The version of a commented target's comments (migration 060, decision 695): raised by every write that changes them. */
export interface CommentVersionsTable {
  application_id: number;
  target_type: string;
  target_id: string;
  version: number;
}

/** A literature analysis shared by the server processes (migration 059, decision 710). */
export interface LiteratureAnalysesTable {
  /** a hash of the query and the viewer's rows (server/routes/search: the visitor cache's key) */
  key: string;
  /** the visitor cache's generation it was made in: a later generation makes it stale */
  generation: number;
  status: 'running' | 'ready';
  /** the analysis as JSON, once ready */
  result: string | null;
  /** the process computing it (server/search/analysisStore.ts) */
  owner: string;
  started_at: string;
  /** renewed while it is computed: an old one means its process is gone */
  heartbeat_at: string;
  finished_at: string | null;
}

/** A search a signed-in reader ran on a site (migration 057, decision 685). */
export interface SearchHistoryTable {
  id: Generated<number>;
  user_id: number;
  application_id: number;
  query: string;
  total: number;
  created_at: string;
}

/** A saved configuration of a composed page (like HomeConfigRevisionsTable). */
export interface PageRevisionsTable {
  id: Generated<number>;
  page_row_id: number;
  author_id: number | null;
  author_name: string;
  summary: string;
  home_config: string;
  created_at: string;
}

/** A claim of a scholar profile or an edit of a verified one, reviewed as `user_examine` (migration 052; decisions 650-653). */
export interface ScholarRequestsTable {
  id: Generated<number>;
  application_id: number;
  author_id: number;
  scholar_id: number;
  /** 'claim' | 'profile' (common/scholarClaims.ts) */
  request: string;
  /** a claim's evidence: 'email' | 'document' */
  evidence: string | null;
  email: string | null;
  document_key: string | null;
  document_name: string | null;
  document_type: string | null;
  note: string;
  biography: string | null;
  /** JSON [{title,url}] of a profile edit */
  links: string | null;
  created_at: string;
}

/** The verified owner of a scholar profile (migration 052; decision 651). */
export interface ScholarVerificationsTable {
  scholar_id: number;
  user_id: number;
  request_id: number;
  verified_at: string;
}

/** A verified scholar's 认领 or 申诉 of a research output, reviewed as `fruit_appeal` (migration 052; decisions 654-655). */
export interface FruitAppealsTable {
  id: Generated<number>;
  application_id: number;
  author_id: number;
  scholar_id: number;
  resource_id: number;
  /** 'claim' | 'appeal' */
  mode: string;
  reason: string;
  created_at: string;
}

/** An output's author link to a scholar (migration 052; decision 655): state 'author' | 'disputed'. */
export interface OutputAuthorsTable {
  resource_id: number;
  scholar_id: number;
  state: string;
  updated_at: string;
}

/** One change of an output's author link (migration 052; decision 655): states '' | 'author' | 'disputed'. */
export interface AttributionHistoryTable {
  id: Generated<number>;
  resource_id: number;
  scholar_id: number;
  from_state: string;
  to_state: string;
  user_id: number | null;
  submission_id: number | null;
  at: string;
}

export interface Database {
  pages: PagesTable;
  page_revisions: PageRevisionsTable;
  saved_searches: SavedSearchesTable;
  search_history: SearchHistoryTable;
  literature_analyses: LiteratureAnalysesTable;
  comment_versions: CommentVersionsTable;
  dds_requests: DdsRequestsTable;
  dds_settings: DdsSettingsTable;
  api_keys: ApiKeysTable;
  monitor_channels: MonitorChannelsTable;
  monitor_sources: MonitorSourcesTable;
  monitor_items: MonitorItemsTable;
  monitor_runs: MonitorRunsTable;
  monitor_profiles: MonitorProfilesTable;
  monitor_hits: MonitorHitsTable;
  monitor_subscribers: MonitorSubscribersTable;
  api_key_usage: ApiKeyUsageTable;
  questions: QuestionsTable;
  question_messages: QuestionMessagesTable;
  question_attachments: QuestionAttachmentsTable;
  question_settings: QuestionSettingsTable;
  submissions: SubmissionsTable;
  notifications: NotificationsTable;
  notification_mails: NotificationMailsTable;
  reader_settings: ReaderSettingsTable;
  favorites: ReaderItemsTable;
  browsing_history: ReaderItemsTable;
  helix_settings: HelixSettingsTable;
  comments: CommentsTable;
  resource_recommendations: ResourceRecommendationsTable;
  reader_approvals: ReaderApprovalsTable;
  scholar_requests: ScholarRequestsTable;
  scholar_verifications: ScholarVerificationsTable;
  fruit_appeals: FruitAppealsTable;
  output_authors: OutputAuthorsTable;
  attribution_history: AttributionHistoryTable;
  comment_likes: CommentLikesTable;
  comment_reports: CommentReportsTable;
  comment_settings: CommentSettingsTable;
  sensitive_words: SensitiveWordsTable;
  sensitive_word_versions: SensitiveWordVersionsTable;
  feedback: FeedbackTable;
  communities: CommunitiesTable;
  community_members: CommunityMembersTable;
  community_posts: CommunityPostsTable;
  audit_log: AuditLogTable;
  usage_daily: UsageDailyTable;
  usage_visitors: UsageVisitorsTable;
  tasks: TasksTable;
  search_index_state: SearchIndexStateTable;
  used_login_links: UsedLoginLinksTable;
  cache_generation: CacheGenerationTable;
  user_links: UserLinksTable;
  scholar_claims: ScholarClaimsTable;
  user_identities: UserIdentitiesTable;
  oauth_clients: OauthClientsTable;
  user_actions: UserActionsTable;
  recommendation_dismissals: RecommendationDismissalsTable;
  subscriptions: SubscriptionsTable;
  files: FilesTable;
  notices: NoticesTable;
  restricted_files: RestrictedFilesTable;
  restricted_resource_files: RestrictedResourceFilesTable;
  links: LinksTable;
  users: UsersTable;
  sessions: SessionsTable;
  user_headlines: UserHeadlinesTable;
  verification_codes: VerificationCodesTable;
  rate_limits: RateLimitsTable;
  request_nonces: RequestNoncesTable;
  wechat_tickets: WechatTicketsTable;
  topics: TopicsTable;
  categories: CategoriesTable;
  applications: ApplicationsTable;
  application_managers: ApplicationManagersTable;
  application_users: ApplicationUsersTable;
  resources: ResourcesTable;
  resource_topics: ResourceTopicsTable;
  oai_tombstones: OaiTombstonesTable;
  topic_type_counts: TopicTypeCountsTable;
  wechat_accounts: WechatAccountsTable;
  xmodule_catalogue: XmoduleCatalogueTable;
  home_config_revisions: HomeConfigRevisionsTable;
}

export type User = Selectable<UsersTable>;
export type Application = Selectable<ApplicationsTable>;
export type NewApplication = Insertable<ApplicationsTable>;
export type ApplicationUpdate = Updateable<ApplicationsTable>;
export type Resource = Selectable<ResourcesTable>;
