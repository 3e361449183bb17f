/**
 * The resources a manager edits in the console:
 * for each type its editable listing fields (spec 1 §3 'Listing items', the field conventions of the
 * module panels) and a zod schema built from them, shared by the console form and the server
 * (server/routes/resources). Pure: no React, no Node.
 *
 * A field has a `name` (a key of the resource's `fields` JSON; a dotted name such as `institution.name`
 * is a nested object), a Chinese `label`, a `kind` (how it is edited and checked) and `required`.
 * Plain text refuses markup like every title (docs/decisions.md #4); URLs are http(s) or site paths.
 */
import { z } from 'zod';
import { linkSchema, plainText } from './homeConfigSchema.js';
import { MSG } from './messages.js';
import { REPORT_TYPES } from './reports.js';
import { RESOURCE_TYPE_LABELS, RESOURCE_TYPES, type ResourceType } from './constants.js';

/** The types managed in the console (the types without a real data set). */
export const CONSOLE_RESOURCE_TYPES = [
  'news',
  'policy',
  'standard',
  'book',
  'sciencedata',
  'patent',
  'report',
  'project',
  'tool',
  'job',
  'bulletin',
  'wechat_article',
] as const;
export type ConsoleResourceType = (typeof CONSOLE_RESOURCE_TYPES)[number];

/** One resource as the console shows and edits it (GET /api/v1/applications/{id}/resources). */
export interface ConsoleResource {
  id: number;
  type: string;
  title: string;
  date: string | null;
  /** the stored listing fields (all of them, also those the console does not edit) */
  fields: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/**
 * How a field is edited: one-line text, multi-line text, link, yyyy-MM-dd, number, list of names, one of
 * options; and (reports) rich text (HTML, sanitised by the server), an uploaded PDF
 * (`/files/<key>`, the server checks the stored file is a PDF), an image (uploaded or a link) and an on/off switch.
 */
export type ResourceFieldKind = 'text' | 'textarea' | 'url' | 'date' | 'number' | 'list' | 'select' | 'html' | 'pdf' | 'image' | 'switch';

export interface ResourceField {
  /** key in `fields`; a dotted name is a nested object (`institution.name`) */
  name: string;
  /** Chinese label of the form field and the table column */
  label: string;
  kind: ResourceFieldKind;
  required?: boolean;
  /** the choices of a `select` */
  options?: readonly string[];
  /** number bounds (kind 'number') */
  min?: number;
  max?: number;
  /** a hint under the form field */
  extra?: string;
  /** digits after the point of a `number` (default 0: a whole number), e.g. 3 for an impact factor */
  decimals?: number;
  /** longest text of a `text` (200) or `textarea` (2000), in characters */
  maxLength?: number;
}

export interface ResourceTypeSpec {
  /** Chinese name of the type */
  label: string;
  /** label of the title field */
  titleLabel: string;
  /** label of the date field (the date orders the panel, newest first) */
  dateLabel: string;
  /** the listing field the date is also stored under (e.g. `update_time` of a job), if the panels read it there */
  dateAs?: string;
  /** the listing field the date's year is also stored under, as a number (an article's `publish_year`) */
  yearAs?: string;
  /** the listing field the title is also stored under (an institution's `institution`) */
  titleAs?: string;
  /** true: the type has no date (journals, scholars, institutions); the form does not ask for one and an edit keeps the stored one */
  noDate?: boolean;
  /**
   * The fields whose values are the record's search text besides its title (docs/decisions.md 260: the
   * short fields each importer names, never the abstract), read from the stored fields after an edit, so
   * fields the form does not show (a journal's 小类) stay searchable. Without it: every text field.
   */
  search?: readonly string[];
  fields: readonly ResourceField[];
}

/** A type's spec as declared below: everything but its label (RESOURCE_TYPE_LABELS). */
type DeclaredSpec = Omit<ResourceTypeSpec, 'label'>;

const summary: ResourceField = { name: 'summary', label: '摘要', kind: 'textarea' };
const url: ResourceField = { name: 'url', label: '原文链接', kind: 'url' };
const cover: ResourceField = { name: 'cover', label: '封面图片', kind: 'url', extra: '图片地址：https://… 或 /站内路径' };
const authors: ResourceField = { name: 'author', label: '作者', kind: 'list', extra: '多个作者依次输入，回车分隔' };

/** The editable fields of each console type (spec 1 §3 'Listing items'). */
const CONSOLE_TYPE_SPECS: Record<ConsoleResourceType, DeclaredSpec> = {
  news: { titleLabel: '新闻标题', dateLabel: '发布日期', fields: [cover, summary, { name: 'source', label: '来源', kind: 'text' }, url] },
  policy: {
    titleLabel: '政策名称',
    dateLabel: '发布日期',
    fields: [{ name: 'issuer', label: '发文机关', kind: 'text' }, { name: 'docNumber', label: '文号', kind: 'text' }, summary, url],
  },
  standard: {
    titleLabel: '标准名称',
    dateLabel: '发布日期',
    dateAs: 'article_date',
    fields: [
      { name: 'standard_no', label: '标准号', kind: 'text', required: true },
      { name: 'status', label: '状态', kind: 'select', options: ['现行', '即将实施', '被代替', '废止'] },
      url,
    ],
  },
  book: {
    titleLabel: '书名',
    dateLabel: '出版日期',
    fields: [
      cover,
      { name: 'year', label: '出版年份', kind: 'number', min: 1000, max: 2100 },
      { name: 'author', label: '作者', kind: 'text' },
      { name: 'publisher', label: '出版社', kind: 'text' },
    ],
  },
  sciencedata: {
    titleLabel: '数据集名称',
    dateLabel: '发布日期',
    dateAs: 'publish_date',
    fields: [{ name: 'publisher', label: '发布机构', kind: 'text' }, summary, url],
  },
  patent: { titleLabel: '专利名称', dateLabel: '公开日期', fields: [{ ...authors, label: '发明人' }, summary, url] },
  // research reports (docs/decisions.md 300-302): `/console/reports` and /microapp/report
  report: {
    titleLabel: '报告名称',
    dateLabel: '发布日期',
    fields: [
      { name: 'reportType', label: '报告类型', kind: 'select', options: REPORT_TYPES, required: true },
      authors,
      { name: 'institution', label: '发布机构', kind: 'text' },
      { ...summary, extra: '列表和详情页的摘要，纯文本' },
      { name: 'body', label: '正文', kind: 'html' },
      { name: 'pdf', label: 'PDF 全文', kind: 'pdf', extra: '只接受 PDF 文件（按文件内容检查），不超过 20M' },
      { name: 'restrictDownload', label: MSG.restrictDownloadLabel, kind: 'switch', extra: MSG.reportRestrictHint },
      { ...cover, kind: 'image', extra: '上传 jpg/png 图片，或填写图片地址' },
      url,
    ],
  },
  project: {
    titleLabel: '项目名称',
    dateLabel: '立项日期',
    fields: [
      { ...authors, label: '负责人' },
      { name: 'undertaking_institution', label: '承担单位', kind: 'text' },
      { name: 'funding_institution', label: '资助机构', kind: 'text' },
      { name: 'start_date', label: '开始日期', kind: 'date' },
      summary,
      url,
    ],
  },
  tool: {
    titleLabel: '工具名称',
    dateLabel: '收录日期',
    fields: [
      { name: 'description', label: '简介', kind: 'textarea' },
      { ...cover, label: '图标' },
      { name: 'link', label: '工具链接', kind: 'url', required: true },
    ],
  },
  job: {
    titleLabel: '职位名称',
    dateLabel: '更新日期',
    dateAs: 'update_time',
    fields: [
      { name: 'institution.name', label: '招聘单位', kind: 'text', required: true },
      { name: 'institution.logo', label: '单位标志', kind: 'url' },
      { name: 'institution.subjects', label: '学科领域', kind: 'list' },
      { name: 'work_address', label: '工作地点', kind: 'text' },
      { name: 'salary', label: '薪资', kind: 'text' },
      { name: 'work_experience', label: '工作经验', kind: 'text' },
      { name: 'work_time', label: '工作性质', kind: 'select', options: ['全职', '兼职', '实习', '博士后'] },
      { name: 'edu_cation', label: '学历要求', kind: 'select', options: ['不限', '本科', '硕士', '博士'] },
    ],
  },
  bulletin: {
    titleLabel: '快报标题',
    dateLabel: '更新日期',
    dateAs: 'update_time',
    fields: [
      { name: 'bulletinType', label: '快报类型', kind: 'select', options: ['快报', '研究报告', '快讯'], required: true },
      cover,
      { name: 'group', label: '分组', kind: 'text' },
    ],
  },
  wechat_article: {
    titleLabel: '文章标题',
    dateLabel: '发文日期',
    dateAs: 'articleTime',
    fields: [
      { name: 'wechatId', label: '公众号', kind: 'text', required: true },
      { name: 'groupId', label: '分组编号', kind: 'text' },
      { name: 'groupName', label: '分组名称', kind: 'text' },
      { name: 'thumb_media_url', label: '封面图片', kind: 'url' },
      { name: 'url', label: '文章链接', kind: 'url', required: true },
      { name: 'digest', label: '摘要', kind: 'textarea' },
    ],
  },
};

/** The types filled by an import (server/import) or by no data set at all: every resource type but the console ones. */
export type ImportedResourceType = Exclude<ResourceType, ConsoleResourceType>;

/**
 * The editable fields of the imported types (on
 * a topic's data page): the fields the importers write (server/import/*.ts) and the panels and detail
 * pages read (modules/, app/pages/visitor/fields.ts). An edit replaces only these; every other stored
 * field (a journal's 小类, a scholar's DBLP name, …) is kept as it was.
 */
const IMPORTED_TYPE_SPECS: Record<ImportedResourceType, DeclaredSpec> = {
  article: {
    titleLabel: '论文标题',
    dateLabel: '发表日期',
    yearAs: 'publish_year',
    search: ['author', 'keywords', 'journal', 'category', 'discipline'],
    fields: [
      authors,
      { name: 'keywords', label: '关键词', kind: 'list', extra: '多个关键词依次输入，回车分隔' },
      { name: 'journal', label: '期刊/来源', kind: 'text' },
      { name: 'category', label: '门类', kind: 'text', extra: '一级门类，如：工学' },
      { name: 'discipline', label: '学科', kind: 'text', extra: '二级学科，如：计算机科学与技术' },
      { name: 'doi', label: 'DOI', kind: 'text', extra: '如：10.1000/xyz123' },
      { name: 'abstract', label: '摘要', kind: 'textarea', maxLength: 10_000 },
      url,
    ],
  },
  journal: {
    titleLabel: '刊名',
    dateLabel: '日期',
    noDate: true,
    search: ['issn', 'eissn', 'cn', 'subject', 'collection', 'subcategories', 'abbreviation', 'english_title', 'publisher', 'sponsor', 'field'],
    fields: [
      { name: 'issn', label: 'ISSN', kind: 'text', extra: '如：1234-567X' },
      { name: 'cn', label: 'CN 号', kind: 'text', extra: '国内统一连续出版物号，如：11-1234/TP' },
      { name: 'impact_factor', label: '影响因子', kind: 'number', min: 0, max: 1000, decimals: 3 },
      { name: 'frequency', label: '出版周期', kind: 'text', extra: '如：月刊' },
      { name: 'subject', label: '学科', kind: 'text' },
      { name: 'partition', label: '分区', kind: 'number', min: 1, max: 4, extra: '1 到 4 区' },
      { name: 'collection', label: '收录', kind: 'text', extra: '如：SCIE、CCF A类' },
      { name: 'publisher', label: '出版者', kind: 'text' },
      cover,
      url,
    ],
  },
  conference: {
    titleLabel: '会议名称',
    dateLabel: '开始日期',
    dateAs: 'start_date',
    search: ['short_name', 'description', 'address', 'country_zh', 'category'],
    fields: [
      { name: 'short_name', label: '简称', kind: 'text', extra: '如：ACL' },
      { name: 'rank_ccf', label: 'CCF 等级', kind: 'select', options: ['A', 'B', 'C', 'N'], extra: 'N：未列入 CCF 推荐目录' },
      { name: 'year', label: '年份', kind: 'number', min: 1900, max: 2100 },
      { name: 'end_date', label: '结束日期', kind: 'date' },
      { name: 'address', label: '地点', kind: 'text' },
      { name: 'category', label: '领域', kind: 'text' },
      { name: 'description', label: '简介', kind: 'textarea' },
      { name: 'link', label: '会议网址', kind: 'url' },
    ],
  },
  scholar: {
    titleLabel: '姓名',
    dateLabel: '日期',
    noDate: true,
    search: ['institution', 'country', 'research_field'],
    fields: [
      { name: 'institution', label: '所属机构', kind: 'text' },
      { name: 'professional_title', label: '职称', kind: 'text' },
      { name: 'academic_title', label: '学术称号', kind: 'text' },
      { name: 'research_field', label: '研究领域', kind: 'text' },
      { name: 'country', label: '国家/地区', kind: 'text' },
      { name: 'homepage', label: '主页', kind: 'url' },
      { name: 'avatar', label: '头像', kind: 'url', extra: '图片地址：https://… 或 /站内路径' },
    ],
  },
  institution: {
    titleLabel: '机构名称',
    dateLabel: '日期',
    noDate: true,
    titleAs: 'institution',
    search: ['code', 'authority', 'location', 'province', 'level', 'note', 'country'],
    fields: [
      { name: 'province', label: '省份', kind: 'text' },
      { name: 'location', label: '所在地', kind: 'text' },
      { name: 'level', label: '办学层次', kind: 'text', extra: '如：本科、专科' },
      { name: 'authority', label: '主管部门', kind: 'text' },
      { name: 'code', label: '学校标识码', kind: 'text' },
      { name: 'url', label: '网址', kind: 'url' },
      { name: 'logo', label: '标志', kind: 'url', extra: '图片地址：https://… 或 /站内路径' },
    ],
  },
  // types no data set fills (the fruit and activity panels show articles and conferences): a plain listing item
  fruit: { titleLabel: '成果名称', dateLabel: '发布日期', fields: [authors, summary, url] },
  activity: { titleLabel: '活动名称', dateLabel: '活动日期', fields: [{ name: 'address', label: '地点', kind: 'text' }, summary, url] },
  notice: { titleLabel: '标题', dateLabel: '发布日期', fields: [summary, url] },
  resource: { titleLabel: '资源名称', dateLabel: '发布日期', fields: [summary, url] },
};

const DECLARED_SPECS: Record<ResourceType, DeclaredSpec> = { ...CONSOLE_TYPE_SPECS, ...IMPORTED_TYPE_SPECS };

/**
 * The editable fields of every resource type (the console types and the imported ones), each with its
 * type's Chinese name (common/constants.ts RESOURCE_TYPE_LABELS, the one declaration of it).
 */
export const RESOURCE_TYPE_SPECS: Record<ResourceType, ResourceTypeSpec> = Object.fromEntries(
  RESOURCE_TYPES.map((t) => [t, { label: RESOURCE_TYPE_LABELS[t], ...DECLARED_SPECS[t] }]),
) as Record<ResourceType, ResourceTypeSpec>;

/** True when `t` is a resource type (each has its fields: {@link RESOURCE_TYPE_SPECS}). */
export const isResourceType = (t: unknown): t is ResourceType => typeof t === 'string' && (RESOURCE_TYPES as readonly string[]).includes(t);

/** True when `t` is a console type. */
export const isConsoleResourceType = (t: unknown): t is ConsoleResourceType =>
  typeof t === 'string' && (CONSOLE_RESOURCE_TYPES as readonly string[]).includes(t);

/** yyyy-MM-dd of a real calendar day. */
export function isIsoDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** An empty form value ('' / null / undefined / [] / false / an editor's empty paragraph) counts as 'not given'. */
const blank = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === false ||
  (typeof v === 'string' && (v.trim() === '' || v.trim() === '<p></p>')) ||
  (Array.isArray(v) && v.length === 0);

/** Longest rich-text field, characters of HTML. */
export const HTML_FIELD_MAX = 200_000;
/**
 * A file stored by the upload service: `/files/<key>` (server/routes/files). A key is 16 random bytes in
 * base64url and an extension, so it may start with '-' or '_' (one upload in 32 did, and was refused as
 * not uploaded); it never starts with '.'.
 */
export const STORED_FILE_PATH = /^\/files\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}$/;

export const dateSchema = z.string().trim().refine(isIsoDay, { message: '日期格式应为 yyyy-MM-dd' });

/** A year (2024) or a year and month (2024-03): the precision a reference import keeps (decision 510). */
export const PARTIAL_DATE = /^\d{4}(?:-(?:0[1-9]|1[0-2]))?$/;

/**
 * A record's own date: a day, or the year or year-month an imported entry gave (decision 510), so that
 * editing an imported record in the console saves its date as it is instead of refusing it or inventing
 * a day; picking a date in the form makes it a day. Date fields (a project's start_date, …) take days only.
 */
export const recordDateSchema = z
  .string()
  .trim()
  .refine((s) => isIsoDay(s) || PARTIAL_DATE.test(s), { message: '日期格式应为 yyyy-MM-dd' });

/** The zod schema of one field's value (required or optional; a blank optional value becomes undefined). */
export function fieldValueSchema(f: ResourceField): z.ZodType<unknown> {
  const required = `请输入${f.label}`;
  let s: z.ZodType<unknown>;
  switch (f.kind) {
    case 'text':
      s = plainText(f.maxLength ?? 200, required);
      break;
    case 'textarea':
      s = plainText(f.maxLength ?? 2000, required);
      break;
    case 'url':
      s = linkSchema.refine((v) => v !== '', { message: required });
      break;
    case 'date':
      s = z.string({ error: required }).pipe(dateSchema);
      break;
    case 'number': {
      const range = `${f.label}须为 ${f.min ?? 0} 到 ${f.max ?? 1e9} 之间的${f.decimals ? '数' : '整数'}`;
      const n = z.coerce
        .number({ error: range })
        .min(f.min ?? 0, range)
        .max(f.max ?? 1e9, range);
      s = f.decimals ? n.refine((v) => Number.isFinite(v) && Math.abs(v * 10 ** f.decimals! - Math.round(v * 10 ** f.decimals!)) < 1e-6, range) : n.int(range);
      break;
    }
    case 'list':
      s = z
        .array(plainText(100, required), { error: `${f.label}应为列表` })
        .min(1, required)
        .max(50, `${f.label}最多 50 项`);
      break;
    case 'select':
      s = z.enum(f.options as [string, ...string[]], { error: `请选择${f.label}` });
      break;
    case 'html':
      s = z.string({ error: MSG.invalidInput }).max(HTML_FIELD_MAX, `${f.label}不能超过 ${HTML_FIELD_MAX.toLocaleString('en-US')} 个字符`);
      break;
    case 'pdf':
      s = z.string({ error: MSG.reportPdfInvalid }).regex(STORED_FILE_PATH, MSG.reportPdfInvalid);
      break;
    case 'image':
      s = linkSchema.refine((v) => v !== '', { message: required });
      break;
    case 'switch':
      s = z.boolean({ error: `${f.label}应为是或否` });
      break;
  }
  const missing = f.kind === 'select' ? `请选择${f.label}` : required;
  return f.required
    ? z.preprocess(
        (v) => (blank(v) ? undefined : v),
        z
          .unknown()
          .refine((v) => v !== undefined, { message: missing })
          // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- zod's input of a required field: any value but undefined
          .pipe(s as z.ZodType<unknown, {} | null>),
      )
    : z.preprocess((v) => (blank(v) ? undefined : v), s.optional());
}

/** Reads a dotted name out of a nested object. */
export function getPath(obj: Record<string, unknown> | null | undefined, name: string): unknown {
  let cur: unknown = obj;
  for (const k of name.split('.')) {
    if (!cur || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

/** Writes a dotted name into a nested object (creating the objects on the way); undefined deletes. */
export function setPath(obj: Record<string, unknown>, name: string, value: unknown): void {
  const keys = name.split('.');
  let cur = obj;
  for (const k of keys.slice(0, -1)) {
    const next = cur[k];
    if (!next || typeof next !== 'object' || Array.isArray(next)) cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1];
  if (value === undefined) delete cur[last];
  else cur[last] = value;
}

/**
 * The schema of a type's `fields` object: each editable field checked by its kind, unknown keys
 * refused (400 naming them). Nested names are checked as nested objects. The result holds only the
 * given fields (blank optional ones are dropped).
 */
export function fieldsSchema(type: ResourceType) {
  const spec = RESOURCE_TYPE_SPECS[type];
  const shape: Record<string, z.ZodType<unknown>> = {};
  const nested: Record<string, Record<string, z.ZodType<unknown>>> = {};
  for (const f of spec.fields) {
    const [head, ...rest] = f.name.split('.');
    if (rest.length === 0) shape[head] = fieldValueSchema(f);
    else (nested[head] ??= {})[rest.join('.')] = fieldValueSchema(f);
  }
  for (const [head, inner] of Object.entries(nested)) {
    const anyRequired = spec.fields.some((f) => f.required && f.name.startsWith(`${head}.`));
    const obj = z.strictObject(inner, { error: (iss) => (iss.code === 'unrecognized_keys' ? '包含不认识的字段' : MSG.invalidInput) });
    shape[head] = anyRequired ? z.preprocess((v) => v ?? {}, obj) : obj.optional();
  }
  return z.strictObject(shape, { error: (iss) => (iss.code === 'unrecognized_keys' ? `包含不认识的字段：${iss.keys.join('、')}` : MSG.invalidInput) });
}

/** The body of creating or changing one resource of any type: title, date and the type's fields. */
export function resourceBodySchema(type: ResourceType) {
  const spec = RESOURCE_TYPE_SPECS[type];
  return z.object({
    title: plainText(500, `请输入${spec.titleLabel}`),
    date: z.preprocess((v) => (blank(v) ? null : v), recordDateSchema.nullable()).optional(),
    fields: z.preprocess((v) => v ?? {}, fieldsSchema(type)),
  });
}
export type ResourceBody = { title: string; date?: string | null; fields: Record<string, unknown> };
