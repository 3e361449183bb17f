/** Inputs of the task and console-import calls. */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { recordId } from '../../http/fields.js';
import { IMPORT_KINDS } from '../../import/run.js';

export const taskIdParams = z.object({ id: recordId(MSG.taskNotFound) });
export const taskListQuery = z.object({
  page: z.coerce.number({ error: MSG.invalidInput }).int().min(1).max(100_000).default(1),
  size: z.coerce.number({ error: MSG.invalidInput }).int().min(1).max(100).default(20),
});
/** The multipart field `kind` of an import. */
export const importKindField = z.enum(IMPORT_KINDS, { error: MSG.importKindUnknown });
/** The multipart field `topic` of an import: the topic's name. */
export const importTopicField = z.string({ error: MSG.topicRequired }).trim().min(1, MSG.topicRequired).max(40, MSG.importTopicTooLong);
/**
 * The multipart field `mapping` of an import or a preview: JSON, field name → the file's
 * column (or null, 不导入); at most 40 fields.
 */
export const importMappingSchema = z
  .record(z.string().max(100), z.string().max(500).nullable(), { error: MSG.importMappingInvalid })
  .refine((m) => Object.keys(m).length <= 40, MSG.importMappingInvalid);
