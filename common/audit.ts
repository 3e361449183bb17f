/**
 * The audit log of console writes (`/console/logs`; docs/decisions.md 312-317), shared by
 * the server (server/audit, server/routes/auditLogs) and the console page (app/console/logs): the
 * resource kinds and actions an entry names, their Chinese labels, the shape of an entry and of its
 * changes. No React, no Node APIs.
 */

/** What a write touched; the keys are stored in `audit_log.resource`. */
export const AUDIT_RESOURCES = {
  application: '应用',
  home_config: '首页配置',
  site_config: '站点外观',
  logo: '站点标志',
  revision: '首页版本',
  notice: '通知',
  link: '资源链接',
  resource: '资源',
  topic: '专题',
  topic_resource: '专题数据',
  xmodule: '自定义组件',
  file: '文件',
  wechat: '公众号',
  wechat_article: '公众号文章',
  manager: '应用管理员',
  manager_rights: '管理员权限',
  super_manager: '超级管理员',
  app_user: '应用用户',
  role_config: '角色配置',
  oauth_client: '客户端',
  api_key: '开放接口密钥',
  oauth_uri: '单点登录',
  task: '后台任务',
  export: '应用导出',
  account: '账号',
  submission: '审核项',
  comment_settings: '评论设置',
  sensitive_words: '敏感词',
  feedback: '意见反馈',
  recommendation: '资源推荐',
  question: '参考咨询',
  question_settings: '参考咨询设置',
  community: '社区',
  community_member: '社区成员',
  community_post: '社区帖子',
  dds: '文献传递',
  dds_settings: '文献传递设置',
  page: '页面',
  monitor_source: '监测采集源',
  monitor_profile: '监测主题',
  monitor_channel: '监测频道',
} as const;
export type AuditResource = keyof typeof AUDIT_RESOURCES;

/** What the write did; the keys are stored in `audit_log.action`. */
export const AUDIT_ACTIONS = {
  create: '创建',
  update: '修改',
  delete: '删除',
  publish: '发布',
  withdraw: '撤回',
  release: '上线',
  pass: '审核通过',
  restore: '恢复',
  upload: '上传',
  import: '导入',
  cancel: '取消',
  retry: '重试',
  export: '导出',
  bind: '绑定',
  unbind: '解绑',
  grant: '授权',
  revoke: '取消授权',
  submit: '提交',
  approve: '审核通过',
  reject: '驳回',
  reopen: '重新审核',
  process: '开始处理',
  reply: '回复',
  close: '关闭',
  assign: '分配',
  answer: '答复',
  askback: '追问',
  unpublish: '撤下',
  archive: '归档',
  invite: '邀请',
  pin: '置顶',
  unpin: '取消置顶',
  deliver: '传递全文',
  refuse: '无法提供',
  run: '运行',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Chinese names of the fields most entries change; any other field is shown by its own name. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  state: '处理状态',
  reply: '回复',
  title: '标题',
  type: '类型',
  content: '内容',
  top: '置顶',
  top_order: '置顶顺序',
  active: '启用',
  publish_date_time: '发布时间',
  create_date_time: '创建时间',
  restrict_download: '附件限下载',
  module_id: '所属模块',
  application_id: '应用',
  user_id: '用户',
  url: '链接地址',
  cover: '封面',
  link_category: '链接分类',
  name: '名称',
  host: '域名',
  topic_id: '专题',
  logo: '标志',
  status: '状态',
  home_config: '首页配置',
  header_config: '页头配置',
  footer_config: '页脚配置',
  theme_config: '主题配置',
  role_config: '角色配置',
  default_user_role: '默认角色',
  restrict_download_default: '默认限下载',
  rights: '权限',
  date: '日期',
  description: '简介',
  module_name: '组件标识',
  group_name: '分组',
  alias: '别名',
  params: '参数',
  is_need_login: '需要登录',
  more: '更多链接',
};

/**
 * The label of a stored field name: a known name's Chinese label; a part of a known field keeps its path
 * after the label (`home_config[0].template[2]` → `首页配置 [0].template[2]`, `header_config.menus` →
 * `页头配置 menus`); a resource's `fields.title` → the label of `title` (or `title`); anything else as it is.
 */
export function auditFieldLabel(field: string): string {
  if (AUDIT_FIELD_LABELS[field]) return AUDIT_FIELD_LABELS[field];
  const m = /^([a-z_]+)([.[].*)$/.exec(field);
  if (!m) return field;
  if (m[1] === 'fields') return AUDIT_FIELD_LABELS[m[2].slice(1)] ?? m[2].slice(1);
  return AUDIT_FIELD_LABELS[m[1]] ? `${AUDIT_FIELD_LABELS[m[1]]} ${m[2].replace(/^\./, '')}` : field;
}

/**
 * What changed, field by field. `mode` 'diff': both sides read from the stored row (only the fields that
 * changed); 'body': no stored row to compare, `after` is the request's fields (secrets hidden).
 * A side that did not exist (a creation's before, a deletion's after) is absent.
 */
export interface AuditChanges {
  mode: 'diff' | 'body';
  fields: Array<{ field: string; before?: unknown; after?: unknown }>;
}

/** One entry as the API answers it: common/contracts/auditLogs.ts (`AuditEntry`). */

/** The label of a stored resource key (unknown keys shown as they are). */
export function auditResourceLabel(key: string): string {
  return (AUDIT_RESOURCES as Record<string, string>)[key] ?? key;
}

/** The label of a stored action key (unknown keys shown as they are). */
export function auditActionLabel(key: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[key] ?? key;
}

/** 'YYYY-MM-DD HH:mm:ss' in China Standard Time (UTC+8, no daylight saving) for an ISO instant: how entries show their time. */
export function auditTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** An ISO 8601 instant as the server stores times (`2026-11-29T00:10:42.089Z`, or with an offset). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Whether `s` is a stored instant (ISO 8601 with Z or an offset), shown in China time by {@link auditValueTime}. */
export const isIsoInstant = (s: string): boolean => ISO_INSTANT.test(s) && !Number.isNaN(Date.parse(s));

/**
 * A stored value with every ISO instant in it (the value itself, or a string anywhere inside an object
 * or array) as 'YYYY-MM-DD HH:mm:ss' in China Standard Time, the way entries show their own time
 * ({@link auditTime}; decision 428). Other values are returned as they are.
 */
export function auditValueTime(value: unknown): unknown {
  if (typeof value === 'string') return isIsoInstant(value) ? auditTime(value) : value;
  if (Array.isArray(value)) return value.map(auditValueTime);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, auditValueTime(v)]));
  return value;
}

/** Whether a stored text is HTML (rich text: it holds a tag such as `<p>`, `<br/>`, `<a href>`). */
export const isHtmlText = (s: string): boolean => /<\/?[a-zA-Z][a-zA-Z0-9-]*(\s[^<>]*)?\/?>/.test(s);

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** Tags that end a line of text (blocks, line breaks, list items, table rows). */
const BREAKING = /<\/?(p|div|br|li|ul|ol|h[1-6]|tr|table|blockquote|pre|hr|section|article|figure|figcaption)\b[^>]*>/gi;

/**
 * The text a reader sees in rich text (HTML): blocks and line breaks become line ends, images their alt
 * text in brackets, other tags are dropped, entities decoded, blank lines folded (decision 428). Pure
 * (no DOM): the audit drawer and its tests use it.
 */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<img\b[^>]*?\balt\s*=\s*("([^"]*)"|'([^']*)')[^>]*>/gi, (_m, _q, a, b) => ((a ?? b) ? `[${a ?? b}]` : ''))
    .replace(BREAKING, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
        return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** The most rows one CSV export holds (newest first); the console says so when a search has more. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** The default retention of entries, days (ATRIUM_AUDIT_RETENTION_DAYS; 0 keeps them forever). */
export const AUDIT_RETENTION_DEFAULT_DAYS = 365;
