/**
 * How a resource row is shown in a listing (spec 1 §3 'Listing items'): its JSON fields plus id, type,
 * title and date. Used by every panel read, search and the personal pages.
 */
export type ResourceItem = { id: number; type: string; title: string; date: string | null } & Record<string, unknown>;

/** Present a resource row as a listing item: its JSON fields plus id, type, title, date. */
export function presentResource(r: { id: number; type: string; title: string; date: string | null; fields: string }): ResourceItem {
  let fields: Record<string, unknown> = {};
  try { fields = JSON.parse(r.fields); } catch { /* a broken row shows without its fields */ }
  return { ...fields, id: r.id, type: r.type, title: r.title, date: r.date };
}

