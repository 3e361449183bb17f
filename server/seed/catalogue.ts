/**
 * The demo catalogue (issue: demo application on the first start). Every text here was written for
 * Atrium: the people, institutions, journals, papers, conferences, projects and news are invented, so
 * the demo shows plausible Chinese sci-tech content without copying anyone's. Images are the SVGs under
 * app/public/demo (served at /demo/...). The resource link portals of the link panel are real public
 * sites, named and linked only; their covers are our own drawings.
 *
 * Field names are the listing fields of spec 1 §3 'Listing items'; `presentResource` spreads them
 * into each panel item.
 */
import type { ResourceInput } from '../resources/store.js';

/** The topic the demo application shows (the importer's default topic too). */
export const DEMO_TOPIC = '综合资源';

/** Prefix of every demo resource's sourceKey, so demo rows can be told from imported ones. */
export const DEMO_KEY_PREFIX = 'demo:';

/** A demo resource: a resource without its topic (the seed links all of them to DEMO_TOPIC). */
export type DemoResource = Omit<ResourceInput, 'topicId'>;

const img = (name: string) => `/demo/${name}.svg`;

/** Category paths of the topic's two-level tree. */
const CS = ['工程技术', '计算机科学'] as const;
const EE = ['工程技术', '电子信息'] as const;
const ENERGY = ['工程技术', '能源动力'] as const;
const MATERIAL = ['工程技术', '材料科学'] as const;
const OCEAN = ['自然科学', '地球科学'] as const;
const PHYSICS = ['自然科学', '物理学'] as const;
const CROP = ['农业与环境科学', '作物学'] as const;
const ECOLOGY = ['农业与环境科学', '生态学'] as const;
const cat = (path: readonly [string, string]) => ({ categoryOne: path[0], categoryTwo: path[1] });

// ---------------------------------------------------------------------------------------------
// Institutions (spec 1 §3 'Institution': id, title, logo, scholars, fruits, institution)

/**
 * The demo institutions, in listing order. Their tallies `scholars` and `fruits` are what the site
 * counts live (server/routes/institutions/service.ts): the demo scholars naming them and the demo papers
 * whose `affiliation` names them, so a card shows the same numbers either way.
 */
export const DEMO_INSTITUTIONS: DemoResource[] = [
  {
    key: 'donghu',
    title: '东湖理工大学',
    short: '东湖',
    kind: '高等院校',
    location: '湖北省武汉市',
    path: CS,
    intro: '以信息、材料和土木学科见长的理工科大学，设有中文信息处理与知识工程重点实验室。',
  },
  {
    key: 'lanwan',
    title: '蓝湾海洋研究院',
    short: '蓝湾',
    kind: '科研院所',
    location: '山东省青岛市',
    path: OCEAN,
    intro: '从事近海观测、海洋环境预报和海洋生态研究，运行一支覆盖黄海、东海的观测浮标阵列。',
  },
  {
    key: 'xiling',
    title: '西岭农业科学研究院',
    short: '西岭',
    kind: '科研院所',
    location: '四川省成都市',
    path: CROP,
    intro: '面向西南丘陵山区的作物育种与栽培研究机构，保存水稻、玉米和油菜种质资源两万余份。',
  },
  {
    key: 'beichen',
    title: '北辰信息技术研究所',
    short: '北辰',
    kind: '科研院所',
    location: '北京市海淀区',
    path: EE,
    intro: '聚焦集成电路设计、嵌入式系统和边缘智能，承担多项芯片设计工具与验证平台研制任务。',
  },
  {
    key: 'qingxi',
    title: '青溪新能源实验室',
    short: '青溪',
    kind: '新型研发机构',
    location: '江苏省常州市',
    path: ENERGY,
    intro: '围绕固态电池、储能系统安全和氢能利用开展研究，建有电池材料中试线。',
  },
  {
    key: 'qiming',
    title: '启明量子科学中心',
    short: '启明',
    kind: '科研院所',
    location: '安徽省合肥市',
    path: PHYSICS,
    intro: '研究超导量子计算、量子精密测量与量子通信器件，面向高校开放低温测量平台。',
  },
  {
    key: 'changhe',
    title: '长河材料科学研究院',
    short: '长河',
    kind: '科研院所',
    location: '陕西省西安市',
    path: MATERIAL,
    intro: '从事高温合金、先进陶瓷与增材制造材料研究，每年秋季举办面向公众的开放日。',
  },
  {
    key: 'yunling',
    title: '云岭生物多样性研究中心',
    short: '云岭',
    kind: '科研院所',
    location: '云南省昆明市',
    path: ECOLOGY,
    intro: '在滇西北设有三个长期生态监测样地，研究高山植物多样性格局与保护策略。',
  },
].map((it, i) => ({
  type: 'institution' as const,
  sourceKey: `${DEMO_KEY_PREFIX}institution:${it.key}`,
  title: it.title,
  date: null,
  fields: {
    logo: img(`institution-${i + 1}`),
    institution: it.title,
    short_name: it.short,
    institution_type: it.kind,
    location: it.location,
    scholars: scholarRows().filter((r) => r.inst === it.title).length,
    fruits: articleRows().filter((a) => affiliationOf(a) === it.title).length,
    description: it.intro,
  },
  searchText: `${it.short} ${it.kind} ${it.location} ${it.intro}`,
  ...cat(it.path),
}));

// ---------------------------------------------------------------------------------------------
// Scholars (spec 1 §3 'Scholar': id, title, avatar, professional_title, academic_title, institution,
// research_field, fruits_total). `institutionId` is filled in by the seed once institutions have ids.

/**
 * The demo scholars' rows, in listing order; `inst` names one of DEMO_INSTITUTIONS, `fruits_total` is
 * the number of demo papers they are an author of. (A function declaration, so that the institutions
 * above can count them.)
 */
function scholarRows() {
  return [
    {
      key: 'lin-zhiyuan',
      name: '林知远',
      pro: '教授',
      academic: '国家杰青',
      inst: '东湖理工大学',
      field: '机器学习、知识图谱、科技文献挖掘',
      path: CS,
    },
    {
      key: 'su-qinghe',
      name: '苏青禾',
      pro: '研究员',
      academic: '科技创新领军人才',
      inst: '蓝湾海洋研究院',
      field: '物理海洋学、海气相互作用',
      path: OCEAN,
    },
    {
      key: 'gu-xingye',
      name: '顾星野',
      pro: '研究员',
      academic: '国家杰青',
      inst: '启明量子科学中心',
      field: '超导量子计算、量子纠错',
      path: PHYSICS,
    },
    { key: 'chen-ruoxi', name: '陈若溪', pro: '教授', academic: '国家优青', inst: '东湖理工大学', field: '自然语言处理、中文信息处理', path: CS },
    { key: 'zhou-muzhi', name: '周牧之', pro: '研究员', academic: '', inst: '西岭农业科学研究院', field: '水稻分子育种、耐逆遗传', path: CROP },
    {
      key: 'han-qihang',
      name: '韩启航',
      pro: '研究员',
      academic: '国家优青',
      inst: '北辰信息技术研究所',
      field: '低功耗集成电路、边缘计算芯片',
      path: EE,
    },
    {
      key: 'song-yutong',
      name: '宋雨桐',
      pro: '研究员',
      academic: '',
      inst: '云岭生物多样性研究中心',
      field: '植物生态学、生物多样性保护',
      path: ECOLOGY,
    },
    { key: 'xu-cheng', name: '许澄', pro: '副研究员', academic: '', inst: '青溪新能源实验室', field: '固态电池、储能材料', path: ENERGY },
    { key: 'jiang-li', name: '蒋砺', pro: '研究员', academic: '', inst: '长河材料科学研究院', field: '高温合金、增材制造', path: MATERIAL },
  ];
}

/** The demo scholars, in listing order; `fields.institution` names one of DEMO_INSTITUTIONS. */
export const DEMO_SCHOLARS: DemoResource[] = scholarRows().map((it, i) => ({
  type: 'scholar' as const,
  sourceKey: `${DEMO_KEY_PREFIX}scholar:${it.key}`,
  title: it.name,
  date: null,
  fields: {
    avatar: img(`scholar-${i + 1}`),
    professional_title: it.pro,
    academic_title: it.academic,
    institution: it.inst,
    institutionId: null,
    research_field: it.field,
    fruits_total: articleRows().filter((a) => a.author.includes(it.name)).length,
  },
  searchText: `${it.inst} ${it.field} ${it.pro} ${it.academic}`.trim(),
  ...cat(it.path),
}));

// ---------------------------------------------------------------------------------------------
// Journals (spec 1 §3 'Journal': id, title, cover, feed_time, impact_factor, collection, issn, is_subscribed)

/** ISSN with its check character (ISO 3297), from the first seven digits. */
export function issnOf(seven: string): string {
  const sum = [...seven].reduce((s, d, i) => s + Number(d) * (8 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return `${seven.slice(0, 4)}-${seven.slice(4)}${check === 10 ? 'X' : check}`;
}

/** The demo journals, in listing order. */
export const DEMO_JOURNALS: DemoResource[] = [
  {
    key: 'zxzs',
    title: '智能系统与知识计算',
    en: 'Intelligent Systems and Knowledge Computing',
    issue: '2026年第11期',
    ifactor: 3.412,
    coll: 'CSCD 核心库',
    issn: '2976051',
    cn: '42-1987/TP',
    freq: '月刊',
    path: CS,
  },
  {
    key: 'hgyb',
    title: '海洋观测与预报研究',
    en: 'Ocean Observation and Forecasting Research',
    issue: '2026年第6期',
    ifactor: 2.186,
    coll: 'CSCD 核心库',
    issn: '2976163',
    cn: '37-1562/P',
    freq: '双月刊',
    path: OCEAN,
  },
  {
    key: 'zzcx',
    title: '作物种质创新',
    en: 'Crop Germplasm Innovation',
    issue: '2026年第10期',
    ifactor: 1.874,
    coll: '北大核心',
    issn: '2976274',
    cn: '51-1733/S',
    freq: '月刊',
    path: CROP,
  },
  {
    key: 'xpsj',
    title: '芯片设计与电子系统',
    en: 'Chip Design and Electronic Systems',
    issue: '2026年第5期',
    ifactor: 2.035,
    coll: '北大核心',
    issn: '2976385',
    cn: '11-6248/TN',
    freq: '双月刊',
    path: EE,
  },
  {
    key: 'xxcn',
    title: '新型储能材料与器件',
    en: 'Advanced Energy Storage Materials and Devices',
    issue: '2026年第4期',
    ifactor: 4.027,
    coll: 'EI',
    issn: '2976496',
    cn: '32-1849/TK',
    freq: '季刊',
    path: ENERGY,
  },
  {
    key: 'lzkx',
    title: '量子科学与技术进展',
    en: 'Progress in Quantum Science and Technology',
    issue: '2026年第3期',
    ifactor: 2.653,
    coll: 'CSCD 扩展库',
    issn: '2976507',
    cn: '34-1316/O4',
    freq: '季刊',
    path: PHYSICS,
  },
  {
    key: 'sdst',
    title: '山地生态研究',
    en: 'Mountain Ecology Research',
    issue: '2026年第9期',
    ifactor: 1.562,
    coll: '北大核心',
    issn: '2976618',
    cn: '53-1208/Q',
    freq: '月刊',
    path: ECOLOGY,
  },
  {
    key: 'gwcl',
    title: '高温材料与增材制造',
    en: 'High-Temperature Materials and Additive Manufacturing',
    issue: '2026年第8期',
    ifactor: 3.108,
    coll: 'CSCD 核心库',
    issn: '2976729',
    cn: '61-1427/TG',
    freq: '月刊',
    path: MATERIAL,
  },
].map((it, i) => ({
  type: 'journal' as const,
  sourceKey: `${DEMO_KEY_PREFIX}journal:${it.key}`,
  title: it.title,
  date: null,
  fields: {
    cover: img(`journal-${i + 1}`),
    feed_time: it.issue,
    impact_factor: it.ifactor,
    collection: it.coll,
    issn: issnOf(it.issn),
    cn: `CN ${it.cn}`,
    title_en: it.en,
    frequency: it.freq,
    is_subscribed: false,
  },
  searchText: `${it.en} ${issnOf(it.issn)} ${it.coll}`,
  ...cat(it.path),
}));

// ---------------------------------------------------------------------------------------------
// Articles (type 'article'; spec 1 §3 'Article': date, publish_year; plus author list, journal, keywords, abstract)

/** The demo papers' rows, newest first (a function declaration, so that the lists above can count them). */
function articleRows() {
  return [
    {
      key: 'kg-construction',
      date: '2026-10-15',
      title: '面向中文科技文献的知识图谱自动构建方法',
      author: ['陈若溪', '林知远', '何嘉木'],
      journal: '智能系统与知识计算',
      keywords: ['知识图谱', '实体识别', '关系抽取', '科技文献'],
      path: CS,
      abstract:
        '针对中文科技文献术语密集、实体嵌套多的特点，提出一种结合领域词典与远程监督的知识图谱构建流程。在十二万篇论文摘要上的实验表明，实体识别 F1 值提高 4.6 个百分点，关系抽取结果可直接用于学者与机构画像。',
    },
    {
      key: 'rag-qa',
      date: '2026-09-20',
      title: '检索增强的大语言模型学术问答能力评测',
      author: ['林知远', '王一诺'],
      journal: '智能系统与知识计算',
      keywords: ['大语言模型', '检索增强生成', '学术问答', '评测基准'],
      path: CS,
      abstract:
        '构建了包含两千道学科问题的中文学术问答评测集，比较了不同检索策略对回答准确性和引用可靠性的影响。结果显示，按段落检索并保留出处的方案可将引用错误率降低约三分之一。',
    },
    {
      key: 'cold-water',
      date: '2026-08-30',
      title: '黄海冷水团季节演变的多源观测分析',
      author: ['苏青禾', '刘沧', '赵听澜'],
      journal: '海洋观测与预报研究',
      keywords: ['黄海冷水团', '浮标观测', '温跃层', '季节变化'],
      path: OCEAN,
      abstract:
        '综合浮标阵列、船测断面和卫星遥感资料，分析了 2021—2025 年黄海冷水团的形成、维持与消退过程。冷水团核心温度的年际差异与冬季风强度显著相关，可为近海渔业生产预报提供参考。',
    },
    {
      key: 'heat-rice',
      date: '2026-07-18',
      title: '水稻孕穗期耐热主效位点的定位与育种利用',
      author: ['周牧之', '杨穗', '冉青'],
      journal: '作物种质创新',
      keywords: ['水稻', '耐热性', '数量性状位点', '分子标记辅助选择'],
      path: CROP,
      abstract:
        '利用 236 个重组自交系群体，在两年三点高温胁迫试验中定位到一个稳定表达的耐热主效位点，并开发了紧密连锁的分子标记。导入该位点的改良系在高温年份结实率平均提高 11.2%。',
    },
    {
      key: 'edge-npu',
      date: '2026-06-25',
      title: '一种面向边缘设备的低功耗神经网络加速器设计',
      author: ['韩启航', '赵明澈'],
      journal: '芯片设计与电子系统',
      keywords: ['神经网络加速器', '低功耗设计', '边缘计算', '存算一体'],
      path: EE,
      abstract:
        '提出一种支持稀疏权重与八位量化的卷积加速结构，采用近存计算减少数据搬运。在 28 纳米工艺下完成设计，典型视觉任务能效达到每瓦 5.8 万亿次运算，面积较基线方案减少 23%。',
    },
    {
      key: 'sulfide-interface',
      date: '2026-05-12',
      title: '硫化物固态电解质界面稳定性研究进展',
      author: ['许澄', '方砚'],
      journal: '新型储能材料与器件',
      keywords: ['固态电池', '硫化物电解质', '界面稳定性', '锂金属负极'],
      path: ENERGY,
      abstract:
        '综述了硫化物固态电解质与高电压正极、锂金属负极之间的界面反应机理，归纳了包覆、缓冲层和原位界面构筑三类改性策略，并讨论了其在规模化制备中的可行性。',
    },
    {
      key: 'qubit-readout',
      date: '2026-04-08',
      title: '超导量子比特读出误差的抑制方法',
      author: ['顾星野', '沈一舟', '陆微'],
      journal: '量子科学与技术进展',
      keywords: ['超导量子比特', '色散读出', '读出误差', '量子纠错'],
      path: PHYSICS,
      abstract:
        '分析了多比特芯片色散读出中的串扰与弛豫误差来源，提出基于读出脉冲整形和多态判别的联合抑制方法。在 16 比特样品上，平均单次读出保真度由 95.1% 提高到 98.3%。',
    },
    {
      key: 'alpine-meadow',
      date: '2026-03-02',
      title: '滇西北高山草甸植物多样性的海拔格局',
      author: ['宋雨桐', '李苔'],
      journal: '山地生态研究',
      keywords: ['高山草甸', '物种多样性', '海拔梯度', '长期监测'],
      path: ECOLOGY,
      abstract:
        '基于 3200—4600 米海拔范围内 48 个固定样方十年的调查数据，发现物种丰富度在中海拔出现峰值，且近五年峰值位置平均上移约 60 米，提示气候变暖正在改变高山植物群落的分布。',
    },
    {
      key: 'superalloy-am',
      date: '2026-01-16',
      title: '激光增材制造镍基高温合金的组织调控与高温蠕变性能',
      author: ['蒋砺', '孟川'],
      journal: '高温材料与增材制造',
      keywords: ['镍基高温合金', '激光增材制造', '热处理', '蠕变性能'],
      path: MATERIAL,
      abstract:
        '研究了激光粉末床熔融成形镍基高温合金的凝固组织与析出相演变，提出分级固溶加时效的热处理制度。处理后柱状晶间的碳化物连续分布得到改善，850 摄氏度下的持久寿命较铸造合金提高约 40%。',
    },
  ];
}

/** The institution of a paper: its first author's, when that author is a demo scholar. */
function affiliationOf(a: { author: readonly string[] }): string | null {
  return scholarRows().find((s) => s.name === a.author[0])?.inst ?? null;
}

/** The demo papers, newest first; `affiliation` is the first author's institution (counted by the institution cards). */
export const DEMO_ARTICLES: DemoResource[] = articleRows().map((it) => ({
  type: 'article' as const,
  sourceKey: `${DEMO_KEY_PREFIX}article:${it.key}`,
  title: it.title,
  date: it.date,
  fields: {
    author: it.author,
    affiliation: affiliationOf(it),
    journal: it.journal,
    keywords: it.keywords,
    abstract: it.abstract,
    publish_year: Number(it.date.slice(0, 4)),
    category: it.path[0],
    discipline: it.path[1],
  },
  searchText: [...it.author, it.journal, ...it.keywords].join(' '),
  ...cat(it.path),
}));

// ---------------------------------------------------------------------------------------------
// Projects (type 'project'; spec 1 §3 'Project': id, type, title, author list, undertaking_institution,
// funding_institution, start_date)

/** The demo research projects, newest first. */
export const DEMO_PROJECTS: DemoResource[] = [
  {
    key: 'heat-stable-rice',
    title: '高温逆境下水稻稳产新品种培育与示范',
    author: ['周牧之', '杨穗'],
    inst: '西岭农业科学研究院',
    fund: '省级重点研发计划',
    start: '2025-06-01',
    end: '2028-05-31',
    path: CROP,
  },
  {
    key: 'literature-service',
    title: '科技文献智能服务关键技术研究与应用示范',
    author: ['林知远', '陈若溪'],
    inst: '东湖理工大学',
    fund: '国家重点研发计划',
    start: '2025-01-01',
    end: '2027-12-31',
    path: CS,
  },
  {
    key: 'coastal-monitoring',
    title: '近海生态环境立体监测网络关键技术',
    author: ['苏青禾'],
    inst: '蓝湾海洋研究院',
    fund: '国家自然科学基金',
    start: '2024-09-01',
    end: '2028-08-31',
    path: OCEAN,
  },
].map((it) => ({
  type: 'project' as const,
  sourceKey: `${DEMO_KEY_PREFIX}project:${it.key}`,
  title: it.title,
  date: it.start,
  fields: { author: it.author, undertaking_institution: it.inst, funding_institution: it.fund, start_date: it.start, end_date: it.end },
  searchText: [...it.author, it.inst, it.fund].join(' '),
  ...cat(it.path),
}));

// ---------------------------------------------------------------------------------------------
// Conferences (type 'conference'; spec 1 §3 'Conference': id, type, title, logo, start_date, end_date,
// country, state, city, address)

/** The demo conferences, by start date (newest first). */
export const DEMO_CONFERENCES: DemoResource[] = [
  {
    key: 'apac-info-2027',
    title: '2027 亚太科技信息资源建设研讨会',
    start: '2027-06-09',
    end: '2027-06-11',
    country: '新加坡',
    state: null,
    city: '新加坡',
    address: '滨海会展中心 3 层',
    host: '亚太科技信息服务联盟（筹）',
    path: CS,
  },
  {
    key: 'chip-2027',
    title: '智能芯片与系统设计学术年会（2027）',
    start: '2027-05-14',
    end: '2027-05-16',
    country: '中国',
    state: '北京',
    city: '北京',
    address: '海淀区北辰信息技术研究所学术报告厅',
    host: '北辰信息技术研究所',
    path: EE,
  },
  {
    key: 'crop-2027',
    title: '2027 全国作物种质资源创新大会',
    start: '2027-04-16',
    end: '2027-04-18',
    country: '中国',
    state: '四川',
    city: '成都',
    address: '西岭农业科学研究院国际交流中心',
    host: '西岭农业科学研究院',
    path: CROP,
  },
  {
    key: 'ocean-7',
    title: '第七届近海观测技术研讨会',
    start: '2027-03-20',
    end: '2027-03-22',
    country: '中国',
    state: '山东',
    city: '青岛',
    address: '蓝湾海洋研究院学术会堂',
    host: '蓝湾海洋研究院',
    path: OCEAN,
  },
  {
    key: 'cip-youth-2026',
    title: '2026 中文信息处理青年学者论坛',
    start: '2026-12-12',
    end: '2026-12-13',
    country: '中国',
    state: '湖北',
    city: '武汉',
    address: '东湖理工大学学术交流中心',
    host: '东湖理工大学',
    path: CS,
  },
  {
    key: 'storage-2026',
    title: '2026 新型储能材料与安全研讨会',
    start: '2026-11-06',
    end: '2026-11-08',
    country: '中国',
    state: '江苏',
    city: '常州',
    address: '青溪新能源实验室会议中心',
    host: '青溪新能源实验室',
    path: ENERGY,
  },
].map((it, i) => ({
  type: 'conference' as const,
  sourceKey: `${DEMO_KEY_PREFIX}conference:${it.key}`,
  title: it.title,
  date: it.start,
  fields: {
    logo: img(`conference-${i + 1}`),
    start_date: it.start,
    end_date: it.end,
    country: it.country,
    state: it.state,
    city: it.city,
    address: it.address,
    organizer: it.host,
  },
  searchText: [it.country, it.state, it.city, it.address, it.host].filter(Boolean).join(' '),
  ...cat(it.path),
}));

// ---------------------------------------------------------------------------------------------
// News (type 'news'; fields cover, summary, source)

/** The demo news, newest first. */
export const DEMO_NEWS: DemoResource[] = [
  {
    date: '2026-11-18',
    title: '东湖理工大学开放中文科技文献知识图谱服务平台',
    source: '东湖理工大学',
    summary: '平台收录约一百二十万篇中文论文的实体与关系数据，提供学者、机构和研究主题的关联检索，面向高校图书馆免费开放接口。',
    path: CS,
  },
  {
    date: '2026-11-12',
    title: '蓝湾海洋研究院完成年度近海观测浮标布放',
    source: '蓝湾海洋研究院',
    summary: '12 套新一代观测浮标已在黄海中部海域布放完毕，可连续回传水温、盐度和海流剖面数据，为冬季海洋环境预报提供支撑。',
    path: OCEAN,
  },
  {
    date: '2026-11-05',
    title: '耐热水稻新品系通过西南区域试验',
    source: '西岭农业科学研究院',
    summary: '“西岭优 7 号”在连续两年的区域试验中表现稳定，高温年份结实率明显高于对照品种，预计明年进入生产试验阶段。',
    path: CROP,
  },
  {
    date: '2026-10-28',
    title: '北辰信息技术研究所低功耗边缘计算芯片流片成功',
    source: '北辰信息技术研究所',
    summary: '芯片集成自研神经网络加速单元，在典型图像识别任务中功耗低于 0.5 瓦，已在智能巡检终端上完成样机验证。',
    path: EE,
  },
  {
    date: '2026-10-20',
    title: '青溪新能源实验室固态电池中试线投入运行',
    source: '青溪新能源实验室',
    summary: '中试线具备年产 20 兆瓦时硫化物固态电芯的能力，首批样品已送第三方机构开展针刺、过充等安全测试。',
    path: ENERGY,
  },
  {
    date: '2026-10-09',
    title: '多比特超导量子芯片读出保真度取得新进展',
    source: '启明量子科学中心',
    summary: '研究团队采用脉冲整形与多态判别相结合的读出方案，使 16 比特芯片的平均读出保真度超过 98%，相关论文已在线发表。',
    path: PHYSICS,
  },
  {
    date: '2026-09-26',
    title: '云岭生物多样性研究中心发布高山植物监测年度报告',
    source: '云岭生物多样性研究中心',
    summary: '报告汇总了滇西北三个长期样地十年的调查结果，记录到 31 种植物分布海拔上移，建议加强高海拔种群的就地保护。',
    path: ECOLOGY,
  },
  {
    date: '2026-09-15',
    title: '长河材料科学研究院举办第十届公众开放日',
    source: '长河材料科学研究院',
    summary: '开放日展示了增材制造高温合金叶片、透明陶瓷等研究成果，两千余名市民和中学生走进实验室参观体验。',
    path: MATERIAL,
  },
].map((it, i) => ({
  type: 'news' as const,
  sourceKey: `${DEMO_KEY_PREFIX}news:${i + 1}`,
  title: it.title,
  date: it.date,
  fields: { cover: img(`news-${i + 1}`), summary: it.summary, source: it.source },
  searchText: `${it.source} ${it.summary}`,
  ...cat(it.path),
}));

/** The whole demo catalogue, institutions first (scholars link to them). */
export const DEMO_RESOURCES: DemoResource[] = [
  ...DEMO_INSTITUTIONS,
  ...DEMO_SCHOLARS,
  ...DEMO_JOURNALS,
  ...DEMO_ARTICLES,
  ...DEMO_PROJECTS,
  ...DEMO_CONFERENCES,
  ...DEMO_NEWS,
];

// ---------------------------------------------------------------------------------------------
// The application's own content

/** A notice of the demo application (spec 1 §3 'Notice'); content is simple, already safe HTML. */
export interface DemoNotice {
  title: string;
  /** one of the notice types of spec 1 §3 */
  type: '消息公告' | '资源动态' | '展览预告' | '培训通知' | '活动报道' | '人才招聘' | '活动通知';
  content: string;
  top: 0 | 1;
  /** ISO date-time (UTC) */
  publishDateTime: string;
}

/** The demo notices, newest first (the first one is pinned). */
export const DEMO_NOTICES: DemoNotice[] = [
  {
    title: '关于本站演示数据的说明',
    type: '消息公告',
    top: 1,
    publishDateTime: '2026-11-20T02:00:00.000Z',
    content:
      '<p>本站首页的新闻、学者、机构、期刊、论文、会议和项目均为 Atrium 自带的<strong>演示数据</strong>，人物与机构均为虚构。</p><p>管理员可在控制台修改首页模块，或用 <code>npm run atrium -- import</code> 导入真实目录。</p>',
  },
  {
    title: '新增期刊导航与学者信息',
    type: '资源动态',
    top: 0,
    publishDateTime: '2026-11-16T01:30:00.000Z',
    content: '<p>期刊导航新增 6 种中文科技期刊的最新刊期与收录信息，学者栏目新增 8 位学者的研究方向与成果统计。</p>',
  },
  {
    title: '“中文科技文献检索与知识图谱工具”培训通知',
    type: '培训通知',
    top: 0,
    publishDateTime: '2026-11-10T06:00:00.000Z',
    content:
      '<p>培训时间：12 月 3 日（周四）14:30—16:30。</p><ul><li>文献检索策略与检索式构建</li><li>知识图谱平台的学者、机构关联检索</li></ul><p>欢迎师生报名参加。</p>',
  },
  {
    title: '新型储能材料研讨会顺利召开',
    type: '活动报道',
    top: 0,
    publishDateTime: '2026-11-09T08:00:00.000Z',
    content: '<p>来自 40 余家单位的 200 多位代表参加了研讨会，围绕固态电解质、电池安全评测等议题展开交流。</p>',
  },
  {
    title: '2026 中文信息处理青年学者论坛参会通知',
    type: '活动通知',
    top: 0,
    publishDateTime: '2026-11-03T03:00:00.000Z',
    content: '<p>论坛将于 12 月 12—13 日在武汉举行，设大模型评测、知识工程、信息检索三个分论坛。</p><p>报名截止日期：12 月 1 日。</p>',
  },
  {
    title: '“近海观测七十年”科普图片展即将开展',
    type: '展览预告',
    top: 0,
    publishDateTime: '2026-10-27T02:00:00.000Z',
    content: '<p>展览以八十余幅图片回顾我国近海观测技术的发展历程，展期两周，地点为图书馆一层展厅。</p>',
  },
  {
    title: '信息服务部招聘数据工程师',
    type: '人才招聘',
    top: 0,
    publishDateTime: '2026-10-15T01:00:00.000Z',
    content: '<p>岗位职责：科技资源数据的采集、清洗与入库，参与门户站点的运行维护。</p><p>要求：计算机、信息管理等相关专业硕士及以上学历。</p>',
  },
];

/** A resource portal of the link panel (spec 1 §3 link module: specificDataObject item id, title, url, cover, name). */
export interface DemoPortal {
  id: string;
  title: string;
  url: string;
  cover: string;
  name: string;
}

/** Public Chinese literature portals shown in the link (topic navigation) panel; covers are our SVGs. */
export const DEMO_PORTALS: DemoPortal[] = [
  { id: 'demo-portal-nstl', title: '国家科技图书文献中心', url: 'https://www.nstl.gov.cn', cover: img('portal-1'), name: 'NSTL' },
  { id: 'demo-portal-cnki', title: '中国知网', url: 'https://www.cnki.net', cover: img('portal-2'), name: 'CNKI' },
  { id: 'demo-portal-wanfang', title: '万方数据', url: 'https://www.wanfangdata.com.cn', cover: img('portal-3'), name: '万方' },
  { id: 'demo-portal-ncpssd', title: '国家哲学社会科学文献中心', url: 'https://www.ncpssd.org', cover: img('portal-4'), name: 'NCPSSD' },
];

/** A slide of the carousel panel (spec 1 §3 'Carousel item'). */
export interface DemoSlide {
  id: number;
  dataType: 'picture';
  url: string;
  redirectUri: string;
  title: string;
  description: string;
}

/** The carousel slides: our own banners. Ids are timestamps, as the editor makes them. */
export const DEMO_SLIDES: DemoSlide[] = [
  {
    id: 1763596800000,
    dataType: 'picture',
    url: img('banner-1'),
    redirectUri: '',
    title: 'Atrium 科技信息门户',
    description: '汇聚科技资讯、学者、机构、期刊、会议与科研成果的一站式信息门户',
  },
  {
    id: 1763596800001,
    dataType: 'picture',
    url: img('banner-2'),
    redirectUri: '',
    title: '2026 中文信息处理青年学者论坛',
    description: '12 月 12—13 日 · 武汉 · 大模型评测、知识工程与信息检索',
  },
  {
    id: 1763596800002,
    dataType: 'picture',
    url: img('banner-3'),
    redirectUri: 'https://www.nstl.gov.cn',
    title: '开放获取 共享资源',
    description: '从资源导航直达国家级科技文献服务平台',
  },
];
