/**
 * Answer of POST /api/v1/resources/institution/fruit-scholar-count (spec 1 §3 'Institution'; spec 2 §7
 * 'Content'; server/routes/institutions).
 */
import { z } from 'zod';

const institutionCount = z.object({ institution: z.string().describe('机构名称'), count: z.number().int() });

/** Both lists in the order of the names asked (0 where nothing names the institution). */
export const institutionCountsAnswer = z.object({
  fruit_count: z.array(institutionCount).describe('各机构的科研成果数（论文、专利、报告）'),
  scholar_count: z.array(institutionCount).describe('各机构的学者数'),
});
export type InstitutionCountsAnswer = z.infer<typeof institutionCountsAnswer>;
export type InstitutionCount = z.infer<typeof institutionCount>;
