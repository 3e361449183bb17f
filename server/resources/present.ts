/**
 * How a resource row is shown in a listing (spec 1 §3 'Listing items'): its JSON fields plus id, type,
 * title and date. Used by every panel read, search and the personal pages.
 */
export type ResourceItem = { id: number; type: string; title: string; date: string | null } & Record<string, unknown>;

/** The JSON object stored in a text column; {} when the text is not JSON or not an object (a broken row shows without its fields). */
export function parseFields(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Present a resource row as a listing item: its JSON fields plus id, type, title, date. */
export function presentResource(r: { id: number; type: string; title: string; date: string | null; fields: string }): ResourceItem {
  return { ...parseFields(r.fields), id: r.id, type: r.type, title: r.title, date: r.date };
}
