/** Shapes of the monitors' console calls (server/routes/monitors; docs/decisions.md 670-679). */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { recordId } from '../../http/fields.js';
import { MONITOR_CODES, MONITOR_DIGESTS, MONITOR_FILE_KINDS, MONITOR_PROFILE_KINDS, MONITOR_SOURCE_KINDS } from '../../../common/monitors.js';
import { validSchedule } from '../../monitors/run.js';

export const channelParams = z.object({ id: recordId(MSG.applicationNotFound), code: z.enum(MONITOR_CODES, { error: MSG.monitorNotFound }) });
export const sourceParams = channelParams.extend({ sourceId: recordId(MSG.monitorSourceNotFound) });
export const profileParams = channelParams.extend({ profileId: recordId(MSG.monitorProfileNotFound) });

const noControl = (s: string) => !/[\u0000-\u001f\u007f<>]/.test(s);

/** A source: name, kind, address (http(s) for OAI-PMH and feeds; a drop folder's name for files), schedule. */
export const sourceBody = z
  .object({
    name: z
      .string({ error: MSG.monitorSourceNameRequired })
      .trim()
      .min(1, MSG.monitorSourceNameRequired)
      .max(60, MSG.monitorSourceNameTooLong)
      .refine(noControl, MSG.monitorSourceNameRequired),
    kind: z.enum(MONITOR_SOURCE_KINDS, { error: MSG.monitorSourceKindUnknown }),
    url: z.string({ error: MSG.monitorSourceUrlInvalid }).trim().max(500, MSG.monitorSourceUrlInvalid),
    setSpec: z
      .string({ error: MSG.monitorSetInvalid })
      .trim()
      .max(200, MSG.monitorSetInvalid)
      .regex(/^[A-Za-z0-9\-_.!~*'():]*$/, MSG.monitorSetInvalid)
      .nullish()
      .transform((v) => v || null),
    metadataPrefix: z
      .string({ error: MSG.monitorPrefixInvalid })
      .trim()
      .max(60, MSG.monitorPrefixInvalid)
      .regex(/^[A-Za-z0-9\-_.]*$/, MSG.monitorPrefixInvalid)
      .nullish()
      .transform((v) => v || null),
    fileKind: z.enum(MONITOR_FILE_KINDS, { error: MSG.monitorFileKindUnknown }).nullish(),
    schedule: z.string({ error: MSG.monitorScheduleInvalid }).trim().max(100, MSG.monitorScheduleInvalid).refine(validSchedule, MSG.monitorScheduleInvalid),
    enabled: z.boolean({ error: MSG.badRequest }).default(true),
  })
  .superRefine((s, ctx) => {
    if (s.kind === 'file') {
      if (!/^[A-Za-z0-9_-]{1,60}$/.test(s.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: MSG.monitorDropInvalid });
      if (!s.fileKind) ctx.addIssue({ code: 'custom', path: ['fileKind'], message: MSG.monitorFileKindUnknown });
    } else if (!/^https?:\/\/[^\s]+$/i.test(s.url) || !URL.canParse(s.url))
      ctx.addIssue({ code: 'custom', path: ['url'], message: MSG.monitorSourceUrlInvalid });
  });

/** A watch profile: name, kind, 1-50 terms of at most 100 characters. */
export const profileBody = z.object({
  name: z
    .string({ error: MSG.monitorProfileNameRequired })
    .trim()
    .min(1, MSG.monitorProfileNameRequired)
    .max(60, MSG.monitorProfileNameRequired)
    .refine(noControl, MSG.monitorProfileNameRequired),
  kind: z.enum(MONITOR_PROFILE_KINDS, { error: MSG.monitorProfileKindUnknown }),
  terms: z
    .array(
      z
        .string({ error: MSG.monitorTermsRequired })
        .trim()
        .min(1, MSG.monitorTermsRequired)
        .max(100, MSG.monitorTermsRequired)
        .refine(noControl, MSG.monitorTermsRequired),
      {
        error: MSG.monitorTermsRequired,
      },
    )
    .min(1, MSG.monitorTermsRequired)
    .max(50, MSG.monitorTermsRequired),
});

/** The digest's period and whether the caller receives it. */
export const digestBody = z.object({
  digest: z.enum(MONITOR_DIGESTS, { error: MSG.monitorDigestUnknown }),
  subscribed: z.boolean({ error: MSG.badRequest }),
});
