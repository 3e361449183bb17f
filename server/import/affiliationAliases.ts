/**
 * The Chinese names of the mainland Chinese universities CSRankings lists under English names (decision 257
 * §7), so that their scholars link to the university's record from the MOE list (`institutions`
 * import) and 清华大学 lists its scholars. The MOE list has no English names; this table was written
 * from the universities' official English names (as on their own web sites) and checked against the
 * Chinese names of `moe_universities_2025.csv` (every value below is a 学校名称 there). It covers the 38
 * affiliations of country-info.csv with country `cn` except 'Chinese Academy of Sciences', an academy
 * of many institutes that is not the MOE list's 中国科学院大学 (decision 257).
 */
export const CSRANKINGS_CHINESE_NAMES: Readonly<Record<string, string>> = {
  BUPT: '北京邮电大学',
  'Beihang University': '北京航空航天大学',
  'Beijing Jiaotong University': '北京交通大学',
  'CUHK (SZ)': '香港中文大学（深圳）',
  'Central South University': '中南大学',
  'Chongqing University': '重庆大学',
  'East China Normal University': '华东师范大学',
  'Fudan University': '复旦大学',
  HUST: '华中科技大学',
  'Harbin Institute of Technology': '哈尔滨工业大学',
  'Hunan University': '湖南大学',
  NWPU: '西北工业大学',
  'NYU Shanghai': '上海纽约大学',
  'Nanjing University': '南京大学',
  'Northwest University': '西北大学',
  'Peking University': '北京大学',
  'Renmin University of China': '中国人民大学',
  SUFE: '上海财经大学',
  SUSTech: '南方科技大学',
  'Shandong University': '山东大学',
  'Shanghai Jiao Tong University': '上海交通大学',
  'ShanghaiTech University': '上海科技大学',
  'Shenzhen University': '深圳大学',
  'Sichuan University': '四川大学',
  'Soochow University': '苏州大学',
  'Sun Yat-sen University': '中山大学',
  'Tianjin University': '天津大学',
  'Tongji University': '同济大学',
  'Tsinghua University': '清华大学',
  UESTC: '电子科技大学',
  USTC: '中国科学技术大学',
  'Westlake University': '西湖大学',
  'Wuhan University': '武汉大学',
  "Xi'an Jiaotong University": '西安交通大学',
  'Xiamen University': '厦门大学',
  'Xidian University': '西安电子科技大学',
  'Yangzhou University': '扬州大学',
  'Zhejiang University': '浙江大学',
};

/** The Chinese name of a CSRankings affiliation, or null when the table has none. */
export function chineseNameOf(affiliation: string): string | null {
  return CSRANKINGS_CHINESE_NAMES[affiliation] ?? null;
}
