/**
 * Parses a request part with a zod schema, or throws a 400 naming the fields (docs/architecture.md §Errors and messages).
 */
import type { z } from 'zod';
import { fromZod } from './errors.js';

export function parse<S extends z.ZodType>(schema: S, value: unknown, where: 'body' | 'query' | 'params' = 'body'): z.infer<S> {
  const input = value ?? (where === 'body' ? undefined : {});
  const r = schema.safeParse(input);
  if (!r.success) throw fromZod(r.error, where, input);
  return r.data;
}
