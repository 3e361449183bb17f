import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** A catalogue entry as migration 007 seeds it (the shape of modules/xmodule/catalogue.ts at the time). */
interface SeedEntry {
  moduleName: string;
  type: string;
  group: string;
  name: string;
  alias: string;
  more?: string;
  isNeedLogin: boolean;
  params: readonly Record<string, unknown>[];
}

/**
 * The built-in renderers' catalogue entries, a frozen copy of modules/xmodule/builtins.ts as it stood
 * when this migration was written and still at commit 5cfaf26 (the stats entry's generated params
 * written out, keys in the same order, so the stored JSON is the same). Never edit: a later change to
 * the built-ins is a new migration (docs/decisions.md 269).
 */
const BUILTIN_CATALOGUE: readonly SeedEntry[] = [
  {
    moduleName: 'search-box',
    type: 'default',
    group: '检索',
    name: '站内检索框',
    alias: '站内检索',
    more: '/microapp/explore',
    isNeedLogin: false,
    params: [
      {
        field: 'placeholder',
        name: '提示文字',
        type: 'input',
        defaultValue: '请输入关键词，检索本站资源',
        rule: { max: 40, message: '提示文字不能超过 40 个字' },
        attrs: { maxLength: 40 },
      },
      {
        field: 'buttonText',
        name: '按钮文字',
        type: 'input',
        defaultValue: '检索',
        rule: { required: true, max: 8, message: '请输入按钮文字（不超过 8 个字）' },
        attrs: { maxLength: 8 },
      },
      {
        field: 'type',
        name: '检索范围',
        type: 'select',
        optionsUrl: '/api/v1/xmodules/options/resource-types',
        tips: '留空则检索全部资源',
        attrs: { placeholder: '全部资源', allowClear: true },
      },
      {
        field: 'hotWords',
        name: '热门词',
        type: 'input',
        tips: '多个词用逗号分隔，显示在检索框下方',
        attrs: { placeholder: '例如：人工智能，碳中和' },
        rule: { max: 200 },
      },
    ],
  },
  {
    moduleName: 'text-block',
    type: 'default',
    group: '内容',
    name: '文本块',
    alias: '简介',
    isNeedLogin: false,
    params: [
      {
        field: 'content',
        name: '正文',
        type: 'input',
        rule: { required: true, max: 2000, message: '请输入正文（不超过 2000 字）' },
        attrs: { rows: 5, placeholder: '纯文本，空行分段' },
      },
      {
        field: 'align',
        name: '对齐',
        type: 'radio',
        defaultValue: 'left',
        options: [
          { label: '居左', value: 'left' },
          { label: '居中', value: 'center' },
        ],
      },
      { field: 'tinted', name: '浅色底纹', type: 'switch', defaultValue: false },
    ],
  },
  {
    moduleName: 'stats',
    type: 'default',
    group: '内容',
    name: '数据统计',
    alias: '数据统计',
    isNeedLogin: false,
    params: [
      {
        field: 'count',
        name: '数字个数',
        type: 'radio',
        defaultValue: '3',
        options: [
          { label: '2 个', value: '2' },
          { label: '3 个', value: '3' },
          { label: '4 个', value: '4' },
        ],
      },
      {
        field: 'value1',
        name: '数字 1',
        type: 'input',
        rule: { required: true, max: 12, message: '请输入数字 1（不超过 12 个字）' },
        attrs: { placeholder: '例如：24,168 或 1.2万' },
      },
      {
        field: 'label1',
        name: '说明 1',
        type: 'input',
        rule: { required: true, max: 12, message: '请输入说明 1（不超过 12 个字）' },
        attrs: { placeholder: '例如：收录学者' },
      },
      {
        field: 'value2',
        name: '数字 2',
        type: 'input',
        rule: { required: true, max: 12, message: '请输入数字 2（不超过 12 个字）' },
        attrs: { placeholder: '例如：24,168 或 1.2万' },
      },
      {
        field: 'label2',
        name: '说明 2',
        type: 'input',
        rule: { required: true, max: 12, message: '请输入说明 2（不超过 12 个字）' },
        attrs: { placeholder: '例如：收录学者' },
      },
      {
        field: 'value3',
        name: '数字 3',
        type: 'input',
        rule: { required: true, max: 12, message: '请输入数字 3（不超过 12 个字）' },
        attrs: { placeholder: '例如：24,168 或 1.2万' },
        isShow: { field: 'count', in: ['3', '4'] },
      },
      {
        field: 'label3',
        name: '说明 3',
        type: 'input',
        rule: { required: true, max: 12, message: '请输入说明 3（不超过 12 个字）' },
        attrs: { placeholder: '例如：收录学者' },
        isShow: { field: 'count', in: ['3', '4'] },
      },
      {
        field: 'value4',
        name: '数字 4',
        type: 'input',
        rule: { required: true, max: 12, message: '请输入数字 4（不超过 12 个字）' },
        attrs: { placeholder: '例如：24,168 或 1.2万' },
        isShow: { field: 'count', equals: '4' },
      },
      {
        field: 'label4',
        name: '说明 4',
        type: 'input',
        rule: { required: true, max: 12, message: '请输入说明 4（不超过 12 个字）' },
        attrs: { placeholder: '例如：收录学者' },
        isShow: { field: 'count', equals: '4' },
      },
    ],
  },
  {
    moduleName: 'image-banner',
    type: 'default',
    group: '图片',
    name: '图片横幅',
    alias: '图片横幅',
    isNeedLogin: false,
    params: [
      {
        field: 'image',
        name: '图片地址',
        type: 'input',
        rule: { required: true, pattern: '(https?://|/)\\S+', message: '请输入以 http(s):// 或 / 开头的图片地址' },
        attrs: { placeholder: 'https://… 或 /站内路径' },
      },
      {
        field: 'link',
        name: '点击跳转地址',
        type: 'input',
        rule: { pattern: '(https?://|/)\\S+', message: '请输入以 http(s):// 或 / 开头的地址' },
        attrs: { placeholder: '可选' },
      },
      { field: 'alt', name: '图片说明', type: 'input', rule: { max: 60 } },
      {
        field: 'height',
        name: '高度（px）',
        type: 'number',
        defaultValue: 160,
        rule: { required: true, min: 60, max: 600, message: '高度须为 60 到 600 之间的数字' },
        attrs: { precision: 0 },
      },
      {
        field: 'fit',
        name: '填充方式',
        type: 'select',
        defaultValue: 'cover',
        options: [
          { label: '铺满（裁切）', value: 'cover' },
          { label: '完整显示', value: 'contain' },
        ],
      },
    ],
  },
];

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '007_xmodule_catalogue';

/**
 * The custom component catalogue (spec 1 §3 'Custom component catalogue entry'), seeded with
 * the built-in renderers of modules/xmodule/renderers (their entries frozen above). params is JSON text
 * (an array of params).
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('xmodule_catalogue'), dialect)
    .addColumn('module_name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('more', 'text')
    .addColumn('is_need_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('xmodule_catalogue_key', ['module_name', 'type'])
    .execute();
  const t = new Date().toISOString();
  await db
    .insertInto('xmodule_catalogue')
    .values(
      BUILTIN_CATALOGUE.map((e) => ({
        module_name: e.moduleName,
        type: e.type,
        group_name: e.group,
        name: e.name,
        alias: e.alias,
        more: e.more ?? null,
        is_need_login: e.isNeedLogin ? 1 : 0,
        params: JSON.stringify(e.params),
        created_at: t,
        updated_at: t,
      })),
    )
    .execute();
}
