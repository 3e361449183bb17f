/**
 * Limits and checks of the activity module that both its definition (definition.ts) and its schema
 * (schema.ts) use: apart from both, so the schema does not import the definition that imports its type.
 */

export const ACTIVITY_DATA_TYPES = ['conference', 'project'] as const;
