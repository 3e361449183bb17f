/**
 * Limits of the flex module that both its definition (definition.ts) and its schema (schema.ts) use:
 * apart from both, so the schema does not import the definition that imports its type.
 */

/** Upper bounds of our own (the spec gives none): slots per flex, gap and padding in px. */
export const FLEX_MAX_SLOTS = 12;

export const FLEX_MAX_GAP = 200;

export const FLEX_MAX_PADDING = 200;

/** Modules one slot may hold. */
export const FLEX_MAX_SLOT_MODULES = 20;
