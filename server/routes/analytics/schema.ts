/**
 * Inputs of the analytics calls: the beacon's body (events of common/analytics.ts, at most
 * BEACON_MAX_EVENTS, each kind with its fields; an unknown kind is refused) and the console's range query.
 */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { RESOURCE_TYPES } from '../../../common/constants.js';
import { BEACON_MAX_EVENTS, USAGE_MAX_PATH, USAGE_MAX_QUERY } from '../../../common/analytics.js';

const moduleId = z
  .string({ error: MSG.analyticsEventInvalid })
  .min(1, MSG.analyticsEventInvalid)
  .max(64, MSG.analyticsEventInvalid)
  .regex(/^[\w-]+$/, MSG.analyticsEventInvalid);

/** Unknown fields of an event (a strict object) are refused with this message. */
const invalid = { error: MSG.analyticsEventInvalid };

const event = z.discriminatedUnion(
  'k',
  [
    z.strictObject(
      {
        k: z.literal('pageview'),
        p: z.string({ error: MSG.analyticsEventInvalid }).startsWith('/', MSG.analyticsEventInvalid).max(USAGE_MAX_PATH, MSG.analyticsEventInvalid),
      },
      invalid,
    ),
    z.strictObject({ k: z.literal('panel_view'), m: moduleId }, invalid),
    z.strictObject({ k: z.literal('panel_click'), m: moduleId }, invalid),
    z.strictObject(
      {
        k: z.literal('resource_open'),
        t: z.enum(RESOURCE_TYPES, { error: MSG.analyticsEventInvalid }),
        i: z
          .number({ error: MSG.analyticsEventInvalid })
          .int(MSG.analyticsEventInvalid)
          .min(1, MSG.analyticsEventInvalid)
          .max(2 ** 31 - 1, MSG.analyticsEventInvalid),
      },
      invalid,
    ),
    z.strictObject(
      {
        k: z.literal('search'),
        q: z.string({ error: MSG.analyticsEventInvalid }).trim().min(1, MSG.analyticsEventInvalid).max(USAGE_MAX_QUERY, MSG.analyticsEventInvalid),
        n: z.number({ error: MSG.analyticsEventInvalid }).int(MSG.analyticsEventInvalid).min(0, MSG.analyticsEventInvalid).max(1e9, MSG.analyticsEventInvalid),
      },
      invalid,
    ),
    z.strictObject({ k: z.literal('signin') }, invalid),
  ],
  { error: MSG.analyticsKindUnknown },
);

/** One event of a beacon, validated. */
export type BeaconEvent = z.infer<typeof event>;

/** POST /api/v1/analytics/beacon: `{ e: [event, ...] }`, 1 to BEACON_MAX_EVENTS events. */
export const beaconBody = z.strictObject(
  {
    e: z.array(event, { error: MSG.analyticsBeaconInvalid }).min(1, MSG.analyticsBeaconInvalid).max(BEACON_MAX_EVENTS, MSG.analyticsTooManyEvents),
  },
  { error: MSG.analyticsBeaconInvalid },
);

const day = (message: string) => z.iso.date({ error: message });

/** GET /api/v1/applications/{id}/analytics?from&to: both days optional (default: the last 7 days). */
export const analyticsQuery = z.object({
  from: day(MSG.analyticsRangeInvalid).optional(),
  to: day(MSG.analyticsRangeInvalid).optional(),
});

/** The application's id in the path (a positive integer, else 400). */
export const analyticsParams = z.object({
  id: z.coerce
    .number({ error: MSG.applicationNotFound })
    .int(MSG.applicationNotFound)
    .min(1, MSG.applicationNotFound)
    .max(2 ** 31 - 1, MSG.applicationNotFound),
});
