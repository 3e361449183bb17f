/**
 * China's 34 provincial-level divisions (省级行政区) by their short names, as the map of `/temp/map`
 * names its regions (app/pages/map/china.geo.json), in the order of GB/T 2260, and the normaliser that
 * reads a stored province (an institution's `province`, free text in the console) as one of them.
 */

/** The 34 divisions: 23 provinces (台湾 included), 5 autonomous regions, 4 municipalities, 2 SARs. */
export const PROVINCES = [
  '北京',
  '天津',
  '河北',
  '山西',
  '内蒙古',
  '辽宁',
  '吉林',
  '黑龙江',
  '上海',
  '江苏',
  '浙江',
  '安徽',
  '福建',
  '江西',
  '山东',
  '河南',
  '湖北',
  '湖南',
  '广东',
  '广西',
  '海南',
  '重庆',
  '四川',
  '贵州',
  '云南',
  '西藏',
  '陕西',
  '甘肃',
  '青海',
  '宁夏',
  '新疆',
  '台湾',
  '香港',
  '澳门',
] as const;

/** A division's short name. */
export type Province = (typeof PROVINCES)[number];

/** The name of the map's 南海诸岛 inset (not a division: it carries no counts). */
export const NANHAI_INSET = '南海诸岛';

/** Romanised names (as institutions abroad and English data write them) → short name. */
const ROMANISED: Readonly<Record<string, Province>> = {
  beijing: '北京',
  tianjin: '天津',
  hebei: '河北',
  shanxi: '山西',
  'inner mongolia': '内蒙古',
  neimenggu: '内蒙古',
  liaoning: '辽宁',
  jilin: '吉林',
  heilongjiang: '黑龙江',
  shanghai: '上海',
  jiangsu: '江苏',
  zhejiang: '浙江',
  anhui: '安徽',
  fujian: '福建',
  jiangxi: '江西',
  shandong: '山东',
  henan: '河南',
  hubei: '湖北',
  hunan: '湖南',
  guangdong: '广东',
  guangxi: '广西',
  hainan: '海南',
  chongqing: '重庆',
  sichuan: '四川',
  guizhou: '贵州',
  yunnan: '云南',
  tibet: '西藏',
  xizang: '西藏',
  shaanxi: '陕西',
  gansu: '甘肃',
  qinghai: '青海',
  ningxia: '宁夏',
  xinjiang: '新疆',
  taiwan: '台湾',
  'hong kong': '香港',
  hongkong: '香港',
  macau: '澳门',
  macao: '澳门',
};

/** Traditional characters a stored name may use. */
const TRADITIONAL: ReadonlyArray<[RegExp, string]> = [
  [/臺/g, '台'],
  [/灣/g, '湾'],
  [/門/g, '门'],
  [/龍/g, '龙'],
  [/遼/g, '辽'],
  [/蘇/g, '苏'],
  [/廣/g, '广'],
  [/東/g, '东'],
  [/陝/g, '陕'],
  [/寧/g, '宁'],
  [/貴/g, '贵'],
  [/雲/g, '云'],
  [/慶/g, '庆'],
];

/** What follows a short name in a full one (北京市, 广西壮族自治区, 香港特别行政区, 台湾省). */
const SUFFIX = /(?:维吾尔|壮族|回族)?(?:特别行政区|自治区|省|市)$/u;

/**
 * The division a stored province names, or null: 北京市 → 北京, 广西壮族自治区 → 广西, 内蒙古自治区 →
 * 内蒙古, 香港特别行政区 / 中国香港 / Hong Kong → 香港, 台湾省 / 臺灣 → 台湾, a short name as itself.
 * Blanks and a leading 中国 are ignored; anything else (a city, a foreign country, empty) is null.
 */
export function normaliseProvince(raw: string | null | undefined): Province | null {
  if (typeof raw !== 'string') return null;
  let s = raw.replace(/\s+/gu, ' ').trim();
  if (!s) return null;
  const romanised = ROMANISED[s.toLowerCase().replace(/\s*(?:province|sar|special administrative region|autonomous region|municipality|city)$/u, '')];
  if (romanised) return romanised;
  s = s.replace(/\s/gu, '');
  for (const [from, to] of TRADITIONAL) s = s.replace(from, to);
  s = s.replace(/^中国/u, '').replace(/^中華人民共和國|^中华人民共和国/u, '');
  const short = s.replace(SUFFIX, '');
  return (PROVINCES as readonly string[]).includes(short) ? (short as Province) : null;
}

/** What the map counts per division (`metric` of GET /api/v1/map/provinces). */
export const MAP_METRICS = ['institutions', 'scholars', 'records'] as const;
/** One of {@link MAP_METRICS}. */
export type MapMetric = (typeof MAP_METRICS)[number];
