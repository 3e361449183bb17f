/**
 * Inputs of the console resource manager: the list query, the path ids and the bodies. The
 * per-type `fields` schema comes from common/resourceFields.ts (the console form uses the same one).
 */
import { z } from 'zod';
import { recordId } from '../../http/fields.js';
import { CONSOLE_RESOURCE_TYPES } from '../../../common/resourceFields.js';
import { MSG } from '../../../common/messages.js';
import { suggestText } from '../../../common/validation.js';
import { CONSOLE_PAGE_SIZE } from '../../../common/constants.js';

const id = recordId;

export const typeSchema = z.enum(CONSOLE_RESOURCE_TYPES, { error: MSG.unknownResourceType });

export const appParams = z.object({ id: id(MSG.applicationNotFound) });
export const resourceParams = z.object({ id: id(MSG.applicationNotFound), resourceId: id(MSG.resourceNotFound) });

/** GET …/resources?type&page&size&query: page 1-based, console page size 20 by default (spec 2 §9). */
export const listQuery = z.object({
  type: typeSchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(CONSOLE_PAGE_SIZE),
  query: z.string().trim().max(100).optional(),
});

/** The envelope of a create body: the type, the rest is checked against the type's schema. */
export const createEnvelope = z.looseObject({
  type: typeSchema,
  /** false: a draft visitors do not see until it is published (the reports page, docs/decisions.md 301); default true */
  published: z.boolean({ error: MSG.invalidInput }).optional(),
});

/** The envelope of a change body: an optional type that must match the stored one. */
export const updateEnvelope = z.looseObject({ type: z.string().optional() });

/** POST /api/v1/resources/conferences/suggestions { q } (decision 296) */
export const conferenceSuggestBody = z.object({ q: suggestText });

/**
 * POST /api/v3/resources/journal (body not shown; decision 296): `issn` (exact, 1234-567X) or `q` (the
 * start of the journal's title), or neither (all journals in title order); page from 1, size 1-50 (10).
 */
export const journalLookupBody = z.object({
  q: z.string({ error: MSG.invalidInput }).trim().max(100, MSG.suggestQueryTooLong).optional(),
  issn: z
    .string({ error: MSG.issnInvalid })
    .trim()
    .toUpperCase()
    .regex(/^\d{4}-\d{3}[\dX]$/, MSG.issnInvalid)
    .optional(),
  page: z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).min(1, MSG.invalidInput).max(10_000, MSG.invalidInput).default(1),
  size: z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).min(1, MSG.invalidInput).max(50, MSG.invalidInput).default(10),
});
