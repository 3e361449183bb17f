/**
 * The catalogue entries of the built-in renderers (modules/xmodule/renderers). Migration 007 seeded
 * them from its own frozen copy (server/db/migrations/007_xmodule_catalogue.ts) and reads nothing
 * here: a change to an entry that stored catalogues need is a new migration.
 * Each entry passes `catalogueEntrySchema` (modules/xmodule/xmodule.test.ts).
 */
import type { CatalogueEntryInput } from './catalogue.js';

const LINK_PATTERN = '(https?://|/)\\S+';

export const BUILTIN_CATALOGUE: CatalogueEntryInput[] = [
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
      ...[1, 2, 3, 4].flatMap((i) => {
        const isShow = i === 3 ? { field: 'count', in: ['3', '4'] } : i === 4 ? { field: 'count', equals: '4' } : undefined;
        return [
          {
            field: `value${i}`,
            name: `数字 ${i}`,
            type: 'input' as const,
            rule: { required: true, max: 12, message: `请输入数字 ${i}（不超过 12 个字）` },
            attrs: { placeholder: '例如：24,168 或 1.2万' },
            ...(isShow ? { isShow } : {}),
          },
          {
            field: `label${i}`,
            name: `说明 ${i}`,
            type: 'input' as const,
            rule: { required: true, max: 12, message: `请输入说明 ${i}（不超过 12 个字）` },
            attrs: { placeholder: '例如：收录学者' },
            ...(isShow ? { isShow } : {}),
          },
        ];
      }),
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
        rule: { required: true, pattern: LINK_PATTERN, message: '请输入以 http(s):// 或 / 开头的图片地址' },
        attrs: { placeholder: 'https://… 或 /站内路径' },
      },
      {
        field: 'link',
        name: '点击跳转地址',
        type: 'input',
        rule: { pattern: LINK_PATTERN, message: '请输入以 http(s):// 或 / 开头的地址' },
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
