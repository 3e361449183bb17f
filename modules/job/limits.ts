/**
 * Limits and checks of the job module that both its definition (definition.ts) and its schema
 * (schema.ts) use: apart from both, so the schema does not import the definition that imports its type.
 */

/** Most items a job panel may show. */
export const JOB_MAX_SIZE = 20;
