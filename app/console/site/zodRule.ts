/**
 * An antd Form rule from a zod schema of common/siteConfig.ts, so the console checks a field with the
 * very rule (and Chinese message) the server applies.
 */
import type { z } from 'zod';

/**
 * A `{ validator }` rule: resolves when `schema` accepts the value, else rejects with the schema's first
 * message. With `optional`, an empty value ('' or undefined) passes without asking the schema.
 */
export function zodRule(schema: z.ZodType, opts: { optional?: boolean } = {}) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (opts.optional && (value === undefined || value === null || value === '')) return;
      const r = schema.safeParse(value ?? '');
      if (!r.success) throw new Error(r.error.issues[0]?.message);
    },
  };
}

/**
 * Turns the server's `fields` keys (`footerConfig.friendLinks.0.url`) into antd name paths under the
 * form (`['friendLinks', 0, 'url']`), dropping the wrapping key.
 */
export function fieldPath(key: string, wrapper: string): Array<string | number> {
  const parts = key.replace(/^(body\.)?/, '').split('.');
  if (parts[0] === wrapper) parts.shift();
  return parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}
