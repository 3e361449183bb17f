/**
 * Limits and checks of the fruit module that both its definition (definition.ts) and its schema
 * (schema.ts) use: apart from both, so the schema does not import the definition that imports its type.
 */

export const FRUIT_DATA_TYPES = ['article', 'patent', 'report'] as const;
