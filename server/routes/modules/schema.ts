/** Query bodies of the panel reads (spec 2 §7 'Content'). */
import { z } from 'zod';

const id = z.coerce.number().int().min(1);

export const topBody = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  count: z.coerce.number().int().min(1).max(100).default(8),
  topicId: id.nullish(),
  topicName: z.string().max(100).nullish(),
  categoryLevelOne: z.string().max(100).nullish(),
  categoryLevelTwo: z.string().max(100).nullish(),
});

export const appItemsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  count: z.coerce.number().int().min(1).max(100).default(8),
  applicationId: id,
  moduleId: z.string().max(64).optional(),
  orderByPublish: z.string().optional(),
  orderField: z.string().optional(),
});
