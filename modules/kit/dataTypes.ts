/**
 * The `dataType` field of the tabbed list modules (research outputs, activities; spec 1 §3 `dataType`):
 * the chosen data types, one tab each, at least one (请选择数据类型) and at most all of them. Used by their
 * schemas (modules/<type>/schema.ts), so it loads zod: the visitor's panels do not import it.
 */
import { z } from 'zod';
import { MSG } from '../../common/messages.js';

/** The zod array of `types` a tabbed module stores: 1 to types.length entries, each one of `types`. */
export function dataTypesField<const T extends readonly [string, ...string[]]>(types: T) {
  return z
    .array(z.enum(types, { error: MSG.dataTypeRequired }))
    .min(1, MSG.dataTypeRequired)
    .max(types.length);
}
