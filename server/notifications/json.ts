/** A stored JSON array of strings read back; anything else (a damaged value) reads as []. */
export function parseJsonArray(text: string | null | undefined): string[] {
  try {
    const v: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
