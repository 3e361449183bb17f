/**
 * Limits and checks of the iframe module that both its definition (definition.ts) and its schema
 * (schema.ts) use: apart from both, so the schema does not import the definition that imports its type.
 */

/** True for an absolute http:// or https:// address with a host (nothing else may be embedded). */
export function isHttpUrl(s: string): boolean {
  if (!/^https?:\/\//i.test(s) || /\s/.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}
