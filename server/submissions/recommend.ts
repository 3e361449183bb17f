/**
 * Readers' recommended resources, kind `resource_verify` of the moderation engine (issue 29 §6;
 * docs/decisions.md 610-612): a link (title and address, stored as a 资源 record), a record of a
 * catalogue type with its fields (common/resourceFields.ts, checked as the console checks them), or one
 * BibTeX / RIS entry read with the import code (server/import/citations.ts). The recommendation keeps
 * the record to create; approval creates it, published, in the application's topic under the category
 * the reviewer set (or the reader suggested), indexed for the site's search; a later rejection, reopening
 * or withdrawal takes it out of the topic again (unpublished), and a new approval puts it back.
 */
import type { Db } from '../db/index.js';
import type { User } from '../db/schema.js';
import { badRequest, conflict, notFound, tooMany } from '../http/errors.js';
import { hit } from '../http/rateLimit.js';
import { submit, type Actor } from '../moderation/engine.js';
import { parseResourceBody, searchTextOf, storedFields } from '../routes/resources/service.js';
import { bibtexParser, risParser } from '../import/citations.js';
import { ImportFileError } from '../import/types.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { RESOURCE_TYPE_LABELS, type ResourceType } from '../../common/constants.js';
import { RECOMMEND_LINK_TYPE, type CitationFormat, type RecommendRecordType } from '../../common/submissions.js';

/** What a reader sends (validated by server/routes/submissions/schema.ts). */
export type RecommendInput =
  | { mode: 'url'; title: string; url: string; summary?: string }
  | { mode: 'record'; type: RecommendRecordType; title: string; date?: string | null; fields?: Record<string, unknown> }
  | { mode: 'citation'; format: CitationFormat; text: string };

/** The record a recommendation will create. */
interface Parsed {
  type: ResourceType;
  title: string;
  date: string | null;
  fields: Record<string, unknown>;
  searchText: string;
}

/** Recommendations a reader may send per application and day (decision 612). */
export const RECOMMEND_DAILY_LIMIT = 20;

/**
 * The record of a recommendation: a link as a 资源 (`resource`) record with `url` (and `summary`); a
 * record checked against its type's fields (400 naming the field); a citation read by the import
 * parsers: exactly one entry (400 on `body.text` when none can be read or there are several).
 */
export async function parseRecommendation(input: RecommendInput): Promise<Parsed> {
  if (input.mode === 'url') {
    const body = parseResourceBody(RECOMMEND_LINK_TYPE, {
      title: input.title,
      date: null,
      fields: { url: input.url, ...(input.summary ? { summary: input.summary } : {}) },
    });
    const fields = storedFields(RECOMMEND_LINK_TYPE, body);
    return { type: RECOMMEND_LINK_TYPE, title: body.title, date: null, fields, searchText: searchTextOf(RECOMMEND_LINK_TYPE, fields) };
  }
  if (input.mode === 'record') {
    const body = parseResourceBody(input.type, { title: input.title, date: input.date ?? null, fields: input.fields ?? {} });
    const fields = storedFields(input.type, body);
    return { type: input.type, title: body.title, date: body.date ?? null, fields, searchText: searchTextOf(input.type, fields) };
  }
  const parse = input.format === 'bibtex' ? await bibtexParser() : await risParser();
  let items;
  try {
    items = parse(input.text, '').items;
  } catch (err) {
    const why = err instanceof ImportFileError ? err.message : MSG.recommendCitationUnreadable;
    throw badRequest(why, { 'body.text': why });
  }
  if (items.length !== 1) {
    const why = items.length ? MSG.recommendCitationOne : MSG.recommendCitationUnreadable;
    throw badRequest(why, { 'body.text': why });
  }
  const it = items[0];
  return { type: it.type, title: it.title, date: it.date ?? null, fields: it.fields, searchText: it.searchText ?? '' };
}

/**
 * Stores a reader's recommendation for the application and puts it in the queue, in one transaction
 * (400 from {@link parseRecommendation}; 429 after {@link RECOMMEND_DAILY_LIMIT} a day). Returns the
 * recommendation's and the submission's ids. The application's topic is needed at approval (409
 * MSG.applicationNoTopic to the reviewer otherwise).
 */
export async function recommend(
  db: Db,
  applicationId: number,
  input: RecommendInput & { category?: string | null; subcategory?: string | null },
  user: User,
  actor: Actor,
): Promise<{ id: number; submissionId: number }> {
  const parsed = await parseRecommendation(input);
  if (!(await hit(db, `recommend:${applicationId}:${user.id}`, RECOMMEND_DAILY_LIMIT, 24 * 3600_000)))
    throw tooMany(fillMsg(MSG.recommendTooMany, { n: RECOMMEND_DAILY_LIMIT }));
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('resource_recommendations')
      .values({
        application_id: applicationId,
        author_id: user.id,
        mode: input.mode,
        type: parsed.type,
        title: parsed.title,
        date: parsed.date,
        fields: JSON.stringify(parsed.fields),
        search_text: parsed.searchText,
        category: input.category || null,
        subcategory: input.category ? input.subcategory || null : null,
        resource_id: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const summary = `${RESOURCE_TYPE_LABELS[parsed.type]}：${parsed.title}`;
    const submissionId = await submit(tx, { applicationId, kind: 'resource_verify', refId: row.id, authorId: user.id, summary, flags: [], marks: [] }, actor);
    return { id: row.id, submissionId };
  });
}

/** The application of a recommendation (the reviewer's access), or 404 该推荐不存在. */
export async function recommendationApplication(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('resource_recommendations').select('application_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.recommendNotFound);
  return row.application_id;
}

/**
 * The reviewer sets where an approved recommendation goes (category and subcategory of the topic; empty:
 * none). Only while it waits (409 otherwise): an approved record is moved on the topic's data page.
 */
export async function placeRecommendation(db: Db, id: number, category: string | null, subcategory: string | null): Promise<void> {
  const s = await db.selectFrom('submissions').select('status').where('kind', '=', 'resource_verify').where('ref_id', '=', id).executeTakeFirst();
  if (!s || s.status !== 'pending') throw conflict(MSG.recommendPlaceOnlyPending);
  await db
    .updateTable('resource_recommendations')
    .set({ category: category || null, subcategory: category ? subcategory || null : null })
    .where('id', '=', id)
    .execute();
}
