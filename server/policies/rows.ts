/**
 * Which rows a viewer may read (docs/architecture.md §Access down to the row; decision 394), declared
 * on each route beside its access (`config.rows`, server/http/contract.ts) and applied by the services
 * as the filter they are handed; they do not decide visibility again.
 *
 * Rules (`RowRule`):
 * - `resources`: the catalogue's records (resources) through their topic links. A visitor, a plain user
 *   and a manager read the records published in a topic that is not hidden: a topic is hidden while it
 *   belongs to applications none of which is released (a draft's own topic); a topic of a released
 *   application, and a shared catalogue that belongs to no application, are not. A manager also reads
 *   every record (published or not) in the topics of the applications they manage (their previews); a
 *   super manager reads every record. A record with no published link (withdrawn everywhere, or linked
 *   to no topic) is hidden. A read by topic (id or title) of a topic the viewer may not read answers 404
 *   专题不存在, as for one that does not exist.
 * - `site`: one application's content (configuration, notices, links, reports, tools, feeds): a released
 *   application is everyone's, a draft its managers' (404 应用不存在 otherwise, decision 248); unpublished
 *   items and the items of 仅登录可见 modules as server/policies/visibility.ts says.
 * - `own`: the viewer's own rows (account, sessions, subscriptions, personal links, headlines).
 * - `managed`: the rows of the application its manager access names (the console).
 * - `all`: every row (super managers' routes).
 * - `none`: reads no stored row another person could own (sign-in steps, health, beacons, uploads' bytes
 *   that are checked by their own rule).
 * A route whose access says `manager`, `super`, `self` or `owner` has its rule implied (`managed`, `all`,
 * `own`, `own`); every other route declares one, or the visibility matrix fails
 * (server/routes/visibilityMatrix.test.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../http/errors.js';
import { MSG } from '../../common/messages.js';
import type { AccessKind } from './access.js';
import type { RequestScope } from './scope.js';

export type RowRuleKind = 'resources' | 'site' | 'own' | 'managed' | 'all' | 'none';

/** A route's row rule (see the file comment). */
export interface RowRule {
  kind: RowRuleKind;
}

export const resourceRows: RowRule = { kind: 'resources' };
export const siteRows: RowRule = { kind: 'site' };
export const ownRows: RowRule = { kind: 'own' };
export const noRows: RowRule = { kind: 'none' };
export const managedRows: RowRule = { kind: 'managed' };

const ROW_WORDS: Record<RowRuleKind, string> = {
  resources: MSG.rowsResources,
  site: MSG.rowsSite,
  own: MSG.rowsOwn,
  managed: MSG.rowsManaged,
  all: MSG.rowsAll,
  none: MSG.rowsNone,
};

/** Which rows a rule lets the caller read, in the words of the API document. */
export const describeRows = (rule: RowRule): string => ROW_WORDS[rule.kind];

/** The rule a route's access implies, or undefined when the route must declare its own. */
export function impliedRows(access: AccessKind | undefined): RowRuleKind | undefined {
  switch (access) {
    case 'manager':
      return 'managed';
    case 'super':
      return 'all';
    case 'self':
    case 'owner':
      return 'own';
    default:
      return undefined;
  }
}

/**
 * The records a viewer may read (plain data: it crosses to the read pool's worker threads): every one
 * (`all`), or those with a published link to a topic not in `hidden` and every one linked to a topic of
 * `any`; with `within`, only through links to those topics.
 */
export type ResourceRows = { all: true } | { all: false; hidden: number[]; any: number[]; within?: number[] };

/** The rows a caller owns: every one for a super manager, else those of `userId` (the signed-in caller). */
export type OwnedBy = { all: true } | { all: false; userId: number };

/** The rows the request's viewer owns (see {@link OwnedBy}); the route's access has made sure they are signed in. */
export function ownedBy(scope: RequestScope): OwnedBy {
  if (scope.superManager) return { all: true };
  if (!scope.signedIn) throw new Error('ownedBy: 未登录');
  return { all: false, userId: scope.viewer!.id };
}

/** Every record: for the console's reads, whose route access (a manager of the application, a super manager) already scopes them. */
export const EVERY_RECORD: ResourceRows = { all: true };

/** The records the request's viewer may read (see the file comment); memoised by the scope's lookups. */
export async function resourceRowsOf(scope: RequestScope): Promise<ResourceRows> {
  if (scope.superManager) return { all: true };
  const [hidden, managed] = await Promise.all([scope.hiddenTopics(), scope.managedTopics()]);
  return { all: false, hidden, any: managed };
}

/** What a panel of an application shows of the catalogue: the records published in its topic (none without one). */
export const publishedIn = (topicId: number | null): ResourceRows => ({ all: false, hidden: [], any: [], within: topicId != null ? [topicId] : [] });

/** Whether the rows let the viewer read topic `topicId` (its published records at least). */
export const readsTopic = (rows: ResourceRows, topicId: number): boolean =>
  rows.all || ((!rows.hidden.includes(topicId) || rows.any.includes(topicId)) && (!rows.within || rows.within.includes(topicId)));

/** 404 专题不存在 unless the viewer may read topic `topicId` (a hidden topic answers as a missing one). */
export function checkTopic(rows: ResourceRows, topicId: number): void {
  if (!readsTopic(rows, topicId)) throw notFound(MSG.topicNotFound);
}

const idList = (ids: number[]) => sql.join(ids);

/**
 * The SQL condition that the resource whose id is `idColumn` (e.g. sql.ref('resources.id')) may be
 * read under `rows`: true for `all`, else an EXISTS over its topic links (the index
 * resource_topics_search leads with resource_id, so each row costs one index probe).
 */
export function resourceVisible(rows: ResourceRows, idColumn: RawBuilder<unknown>): RawBuilder<boolean> {
  if (rows.all) return sql<boolean>`1 = 1`;
  if (rows.within && rows.within.length === 0) return sql<boolean>`1 = 0`;
  const published = rows.hidden.length ? sql`(v.published = 1 and v.topic_id not in (${idList(rows.hidden)}))` : sql`v.published = 1`;
  const any = rows.any.length ? sql` or v.topic_id in (${idList(rows.any)})` : sql``;
  const within = rows.within ? sql` and v.topic_id in (${idList(rows.within)})` : sql``;
  return sql<boolean>`exists (select 1 from resource_topics v where v.resource_id = ${idColumn}${within} and (${published}${any}))`;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the records the viewer may read, resolved before the handler of a route declaring `rows: resourceRows` */
    resourceRows?: ResourceRows;
  }
}

/** The records the viewer of `req` may read; only on a route that declares `rows: resourceRows` (a programming error otherwise). */
export function readableResources(req: FastifyRequest): ResourceRows {
  if (!req.resourceRows) throw new Error(`${req.method} ${req.routeOptions.url} 未声明 rows: resourceRows`);
  return req.resourceRows;
}
