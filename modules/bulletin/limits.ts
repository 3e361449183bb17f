/**
 * Limits and checks of the bulletin module that both its definition (definition.ts) and its schema
 * (schema.ts) use: apart from both, so the schema does not import the definition that imports its type.
 */

/** Most items a bulletin panel may show. */
export const BULLETIN_MAX_SIZE = 20;
