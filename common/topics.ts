/**
 * The answers of the console's topic calls (server/routes/topics; issue 11 §3), one shape for the
 * server that builds them and the console that reads them.
 */

/** A topic as GET /api/v1/topics lists it. */
export interface TopicSummary {
  id: number;
  title: string;
  cover: string | null;
  description: string | null;
  createdAt: string;
  /** resources linked to the topic (all types, published or not) */
  resources: number;
  /** the applications using it */
  applications: Array<{ id: number; name: string }>;
  /** whether the signed-in user may open its data page */
  manageable: boolean;
}

/** One row of a topic's data list (GET /api/v1/topics/{id}/resources). */
export interface TopicResource {
  id: number;
  type: string;
  title: string;
  date: string | null;
  fields: Record<string, unknown>;
  category: string | null;
  subcategory: string | null;
  published: boolean;
  updatedAt: string;
}

/** GET /api/v1/topics/{id}/stats: resources per type, all and published. */
export interface TopicStats {
  id: number;
  title: string;
  types: Array<{ type: string; total: number; published: number }>;
}

/** A category of a topic's two-level tree (GET /api/v1/topics/{id}/categories): the label is also the value. */
export interface CategoryNode {
  label: string;
  value: string;
  children?: CategoryNode[];
}
