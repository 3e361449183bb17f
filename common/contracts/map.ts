/**
 * Answers of the map of China's reads (`/temp/map`, issue 31 §3; server/routes/map): the count of one
 * metric per provincial-level division, and one division's institutions with their counts.
 */
import { z } from 'zod';
import { MAP_METRICS, PROVINCES } from '../provinces.js';

/** GET /api/v1/map/provinces: every one of the 34 divisions, in the order of GB/T 2260, 0 where none. */
export const mapProvincesAnswer = z.object({
  metric: z.enum(MAP_METRICS).describe('统计项：institutions 机构 / scholars 学者 / records 成果'),
  provinces: z.array(z.object({ province: z.enum(PROVINCES).describe('省级行政区（简称）'), count: z.number().int() })).describe('34 个省级行政区的数量'),
  unplaced: z.number().int().describe('未填写（或无法识别）省份、未计入地图的机构数'),
});
export type MapProvincesAnswer = z.infer<typeof mapProvincesAnswer>;

/** GET /api/v1/map/provinces/{province}: the division's institutions, most scholars first. */
export const mapProvinceAnswer = z.object({
  province: z.enum(PROVINCES),
  institutions: z
    .array(
      z.object({
        id: z.number().int().describe('机构记录 id'),
        title: z.string().describe('机构名称'),
        scholars: z.number().int().describe('学者数'),
        records: z.number().int().describe('成果数（论文、专利、报告）'),
      }),
    )
    .describe('该省份的机构'),
});
export type MapProvinceAnswer = z.infer<typeof mapProvinceAnswer>;
