/**
 * Limits and checks of the xmodule module that both its definition (definition.ts) and its schema
 * (schema.ts) use: apart from both, so the schema does not import the definition that imports its type.
 */

/** spec 2 §9: xmodule minHeight 100; custom height minimum 100. */
export const XMODULE_MIN_HEIGHT = 100;
