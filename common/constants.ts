/**
 * Business constants and limits of spec 2 §9 (and spec 1 §3 defaults), shared by browser and server.
 */

/**
 * The module types of spec 1 §3: the stored config's `type` enum and the module registry's keys
 * (modules/registry.ts), in the order of the console's 添加模块 menu. The one list of module types.
 */
export const MODULE_TYPES = [
  'news',
  'notice',
  'link',
  'scholar',
  'institution',
  'journal',
  'activity',
  'fruit',
  'carousel',
  // module lists: policy, standard, book, sciencedata, resource links, tools
  'policy',
  'standard',
  'book',
  'sciencedata',
  'resource',
  'tool',
  // feeds: wechat articles, jobs, bulletins, embedded pages
  'wechat_article',
  'job',
  'bulletin',
  'iframe',
  // custom components, layouts
  'xmodule',
  'flex',
] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];

/** spec 1 §3 'Users, resource types, actions' */
export const RESOURCE_TYPES = [
  'article',
  'news',
  'patent',
  'project',
  'scholar',
  'report',
  'institution',
  'journal',
  'conference',
  'standard',
  'policy',
  'book',
  'sciencedata',
  'fruit',
  'activity',
  'notice',
  'resource',
  // tools of a topic (spec 1 §3 'Tool item'; module lists, docs/decisions.md #24)
  'tool',
  // items of the bulletin, job and wechat_article panels (spec 1 §3 'Listing items'; managed in the console or imported)
  'bulletin',
  'job',
  'wechat_article',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** Chinese names of resource types, for labels and pages. */
export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  article: '论文',
  news: '新闻',
  patent: '专利',
  project: '项目',
  scholar: '学者',
  report: '报告',
  institution: '机构',
  journal: '期刊',
  conference: '会议',
  standard: '标准',
  policy: '政策',
  book: '图书',
  sciencedata: '科学数据',
  fruit: '成果',
  activity: '活动',
  notice: '通知公告',
  resource: '资源',
  tool: '工具',
  bulletin: '快报',
  job: '招聘',
  wechat_article: '公众号文章',
};

/** spec 1 §3 'Bulletin types': quick report, research report, flash news. */
export const BULLETIN_TYPES = ['快报', '研究报告', '快讯'] as const;
export type BulletinType = (typeof BULLETIN_TYPES)[number];

/** Span 0..5 (spec 1 §3, spec 2 §9): the fraction of the 1210 px container a panel takes. */
export const SPAN_FRACTIONS = [1 / 4, 1 / 3, 1 / 2, 2 / 3, 3 / 4, 1] as const;
export const SPAN_LABELS = ['1/4', '1/3', '1/2', '2/3', '3/4', '100%'] as const;
export type Span = 0 | 1 | 2 | 3 | 4 | 5;

export const SAVE_LOADING_MS = 600;
export const MESSAGE_DURATION_MS = 3000;
export const CAROUSEL_INTERVAL_MS = 5000;
export const DEFAULT_PRIMARY_COLOR = '#06f';
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_CHOICES = [10, 20, 30, 40, 50, 100] as const;
export const CONSOLE_PAGE_SIZE = 20;
export const DIALOG_WIDTH = 536;
export const USER_COOKIE_MS = 864e5;
/** Verification codes: life, wrong tries, resend interval. */
export const CODE_TTL_MS = 5 * 60_000;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_MS = 60_000;
/** Most verification codes one client address (IPv6 by /64) may have sent to one phone or e-mail address in 24 hours (decisions 247, 402) */
export const DAILY_CODE_LIMIT = 10;
/** Most verification codes sent to one phone or e-mail address in 24 hours, whoever asked (decision 402) */
export const DAILY_CODE_TARGET_LIMIT = 20;
export const DAILY_CODE_WINDOW_MS = 24 * 60 * 60_000;
/** Most wrong code tries one phone or e-mail address takes in an hour, across its codes, from any address (decision 401) */
export const CODE_TRIES_PER_TARGET_PER_HOUR = 20;
/** Most of those from one client address (IPv6 by /64) (decision 401) */
export const CODE_TRIES_PER_TARGET_ADDRESS_PER_HOUR = 10;
/** Codes one client address may ask for per minute. */
export const CODE_PER_ADDRESS_PER_MIN = 5;

/** Uploads (spec 2 §5, §9): image limit in KB, attachment limit in MB (enforced, docs/decisions.md 80). */
export const IMAGE_MAX_KB = 2048;
export const ATTACHMENT_MAX_MB = 20;
/** Upload progress stays at or below this until the server answers (spec 2 §4, §9). */
export const UPLOAD_PROGRESS_CAP = 99;
/** Image viewer (spec 2 §4, §9). */
export const VIEWER_Z_INDEX = 2000;
export const VIEWER_ZOOM_STEP = 0.2;
export const VIEWER_WHEEL_STEP = 0.015;
export const VIEWER_MIN_SCALE = 0.2;
export const VIEWER_ROTATE_STEP = 90;
/** spec 1 §3 'Notice': the notice types (消息公告 is the default of a new notice, spec 1 §4). */
export const NOTICE_TYPES = ['消息公告', '资源动态', '展览预告', '培训通知', '活动报道', '人才招聘', '活动通知'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];
/** spec 1 §4: active 1 = 已发布, 0 = 未发布; -1 in a list filter = no filter. */
export const ACTIVE_ANY = -1;
/** spec 1 §5: a link cover is a JPG or PNG of at most 500 KB. */
export const LINK_COVER_MAX_KB = 500;
/**
 * spec 2 §5, §9: the rich-text editor's image and attachment limits are the upload limits above
 * (IMAGE_MAX_KB, ATTACHMENT_MAX_MB: its files go through the same upload calls); table 100 rows x 8
 * columns, height 400 px.
 */
export const EDITOR_TABLE_MAX_ROWS = 100;
export const EDITOR_TABLE_MAX_COLS = 8;
export const EDITOR_MIN_HEIGHT = 400;
/** spec 1 §2, spec 2 §9: content dialogs 1000 px (lists), 735 px (editors), 914 px (pinned link editor). */
export const CONTENT_LIST_WIDTH = 1000;
export const CONTENT_EDITOR_WIDTH = 735;
export const LINK_EDITOR_PINNED_WIDTH = 914;
/** spec 2 §9 'Pagination': default pager count. */
export const PAGER_COUNT = 7;

// extras: institution counts and the feed pages
/** Separator of the institution names in POST /api/v1/resources/institution/fruit-scholar-count (decision 110). */
export const INSTITUTION_NAME_SEPARATOR = '|';
/** At most this many names in one count request. */
export const INSTITUTION_COUNT_MAX_NAMES = 50;
/** At most this many characters in one institution name. */
export const INSTITUTION_NAME_MAX = 200;
/** Items per page of the jobs, wechat and bulletin list pages. */
export const FEED_PAGE_SIZE = 10;

// personalisation (helper personal)
/** spec 1 §3 'Users, resource types, actions': the action types a user's action may have. */
export const ACTION_TYPES = ['browse', 'link', 'vote', 'comment', 'collect', 'share', 'upload', 'download', 'transfer', 'hot', 'subscribe'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
/** At most this many actions per user per minute (POST /api/v1/actions). */
export const ACTIONS_PER_MINUTE = 120;
/** spec 2 §7 'Subscriptions': default count of POST /api/v4/modules/top-journal when none is given. */
export const TOP_JOURNAL_DEFAULT_COUNT = 51;

/** GET /api/v1/session/signing-key answers `{ key, serverTime }`: the browser's key and the server's clock (ms). */
export const SIGNING_KEY_PATH = '/api/v1/session/signing-key';

/** The five QR code / app entries of footerConfig, in the order the footer shows them (spec 1 §3). */
export const FOOTER_MEDIA_KEYS = ['serviceAccount', 'subscriptionAccount', 'miniProgram', 'iosApp', 'androidApp'] as const;
export type FooterMediaKey = (typeof FOOTER_MEDIA_KEYS)[number];

/** The most resources one citation export holds (GET /api/v1/citations; the explore page's ticks stop there; decision 272). */
export const CITATION_EXPORT_MAX = 100;
