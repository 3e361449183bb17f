/**
 * The province normaliser of `/temp/map` (common/provinces.ts) and the map's GeoJSON
 * (app/pages/map/china.geo.json): all 34 provincial-level divisions by name and the 南海诸岛 inset.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NANHAI_INSET, PROVINCES, normaliseProvince } from './provinces.js';

describe('normaliseProvince', () => {
  it('reads full, short, traditional and romanised names as the 34 short names', () => {
    const cases: Array<[string, string]> = [
      ['北京市', '北京'],
      ['北京', '北京'],
      [' 上海市 ', '上海'],
      ['广西壮族自治区', '广西'],
      ['内蒙古自治区', '内蒙古'],
      ['新疆维吾尔自治区', '新疆'],
      ['宁夏回族自治区', '宁夏'],
      ['西藏自治区', '西藏'],
      ['黑龙江省', '黑龙江'],
      ['香港特别行政区', '香港'],
      ['中国香港', '香港'],
      ['澳门特别行政区', '澳门'],
      ['中国澳门', '澳门'],
      ['台湾省', '台湾'],
      ['中国台湾', '台湾'],
      ['臺灣', '台湾'],
      ['Hong Kong', '香港'],
      ['Macao SAR', '澳门'],
      ['Guangdong Province', '广东'],
      ['Inner Mongolia', '内蒙古'],
      ['shaanxi', '陕西'],
      ['Shanxi', '山西'],
    ];
    for (const [raw, short] of cases) expect(normaliseProvince(raw), raw).toBe(short);
  });

  it('answers null for a city, a country, blank or not text', () => {
    for (const raw of ['石家庄市', '美国', '', '   ', '中国', '南海诸岛', null, undefined]) expect(normaliseProvince(raw), String(raw)).toBeNull();
  });

  it('maps every full name of GB/T 2260 to a distinct division', () => {
    const full = [
      '北京市',
      '天津市',
      '河北省',
      '山西省',
      '内蒙古自治区',
      '辽宁省',
      '吉林省',
      '黑龙江省',
      '上海市',
      '江苏省',
      '浙江省',
      '安徽省',
      '福建省',
      '江西省',
      '山东省',
      '河南省',
      '湖北省',
      '湖南省',
      '广东省',
      '广西壮族自治区',
      '海南省',
      '重庆市',
      '四川省',
      '贵州省',
      '云南省',
      '西藏自治区',
      '陕西省',
      '甘肃省',
      '青海省',
      '宁夏回族自治区',
      '新疆维吾尔自治区',
      '台湾省',
      '香港特别行政区',
      '澳门特别行政区',
    ];
    expect(full.map(normaliseProvince)).toEqual([...PROVINCES]);
  });
});

describe('the map of China (china.geo.json)', () => {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../app/pages/map/china.geo.json');
  const geo = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    type: string;
    features: Array<{ properties: { name: string; inset?: boolean }; geometry: { type: string; coordinates: unknown[] } }>;
  };
  const names = geo.features.map((f) => f.properties.name);

  it('has the 34 provincial-level divisions, each once, with a geometry', () => {
    expect(geo.type).toBe('FeatureCollection');
    expect(names.filter((n) => n !== NANHAI_INSET).sort()).toEqual([...PROVINCES].sort());
    for (const f of geo.features) expect(['Polygon', 'MultiPolygon'], f.properties.name).toContain(f.geometry.type);
    for (const f of geo.features) expect(f.geometry.coordinates.length, f.properties.name).toBeGreaterThan(0);
  });

  it('has the 南海诸岛 inset (the dashed line in its frame) at the lower right, south-east of 台湾', () => {
    const inset = geo.features.find((f) => f.properties.name === NANHAI_INSET);
    expect(inset?.properties.inset).toBe(true);
    const rings = (inset!.geometry.coordinates as number[][][][]).flat();
    // the frame and the dashes: a dozen rings, all between 126°E-132.1°E and 18.3°N-25°N
    expect(rings.length).toBeGreaterThanOrEqual(11);
    const points = rings.flat();
    expect(Math.min(...points.map((p) => p[0]))).toBeGreaterThanOrEqual(126);
    expect(Math.max(...points.map((p) => p[0]))).toBeLessThan(132.2);
    expect(Math.min(...points.map((p) => p[1]))).toBeGreaterThan(18.2);
    expect(Math.max(...points.map((p) => p[1]))).toBeLessThanOrEqual(25);
  });

  it('gives 台湾 its 钓鱼岛 and places the divisions where they are (北京 near 116°E 40°N)', () => {
    const taiwan = geo.features.find((f) => f.properties.name === '台湾')!;
    const pts = (taiwan.geometry.coordinates as number[][][][]).flat(2);
    expect(pts.some(([x, y]) => Math.abs(x - 123.47) < 0.05 && Math.abs(y - 25.74) < 0.05)).toBe(true);
    const beijing = geo.features.find((f) => f.properties.name === '北京')!;
    const bp = (beijing.geometry.coordinates as number[][][]).flat();
    const cx = bp.reduce((a, p) => a + p[0], 0) / bp.length;
    const cy = bp.reduce((a, p) => a + p[1], 0) / bp.length;
    expect(Math.abs(cx - 116.4)).toBeLessThan(0.6);
    expect(Math.abs(cy - 40.1)).toBeLessThan(0.6);
  });
});
