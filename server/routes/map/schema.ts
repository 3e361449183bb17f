/** Query and path shapes of the map of China's reads (server/routes/map; issue 31 §3). */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { MAP_METRICS, normaliseProvince, type Province } from '../../../common/provinces.js';
import { applicationRef } from '../../http/fields.js';

/** The application whose topic is counted (optional: without it, every record the viewer may read). */
const application = { applicationId: applicationRef.optional() };

/** GET /api/v1/map/provinces: `metric` institutions (default) / scholars / records; anything else 400 in Chinese. */
export const mapProvincesQuery = z.object({
  ...application,
  metric: z.enum(MAP_METRICS, { error: MSG.mapMetricInvalid }).default('institutions'),
});

/** GET /api/v1/map/provinces/{province}: a division by any name the normaliser reads (北京, 北京市, 广西壮族自治区 …). */
export const mapProvinceParams = z.object({
  province: z
    .string({ error: MSG.mapProvinceInvalid })
    .max(40, MSG.mapProvinceInvalid)
    .transform((s, ctx): Province => {
      const p = normaliseProvince(s);
      if (!p) {
        ctx.addIssue({ code: 'custom', message: MSG.mapProvinceInvalid });
        return z.NEVER;
      }
      return p;
    }),
});

/** Its query: the application, as above. */
export const mapProvinceQuery = z.object(application);
