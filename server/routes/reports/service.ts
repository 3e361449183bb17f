/**
 * Reads of the visitor's report pages (spec 1 §2 'Reports'): the published reports of an
 * application's topic, newest first, with the report type, a search over title, authors, institution
 * and abstract (the stored search text), and paging; one report with its body, its PDF and whether the
 * reader may open the PDF (the right 下载附件 when the report keeps it, docs/decisions.md 302).
 */
import type { Db } from '../../db/index.js';
import type { Application } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { parseFields } from '../../resources/present.js';
import { topicResources } from '../../resources/inTopic.js';
import { viewerRights } from '../../policies/rights.js';
import { jsonText } from '../../db/json.js';
import { containsText } from '../../db/like.js';
import { readPage } from '../../db/paging.js';
import { makePage, type Page } from '../../../common/page.js';
import { MSG } from '../../../common/messages.js';
import type { RequestScope } from '../../policies/scope.js';
import { readableApplication } from '../../policies/visibility.js';
import type { ReportDetail, ReportListItem } from '../../../common/contracts/reports.js';

/** The application whose reports are read: 404 when missing, or a draft the viewer does not manage (the row rule `site`). */
export const reportSite = (scope: RequestScope, applicationId: number): Promise<Application> => readableApplication(scope, applicationId);

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

function listItem(r: { id: number; title: string; date: string | null; fields: string }): ReportListItem & { fields: Record<string, unknown> } {
  const f = parseFields(r.fields);
  return {
    id: r.id,
    title: r.title,
    date: r.date,
    reportType: str(f.reportType),
    authors: Array.isArray(f.author) ? f.author.filter((a): a is string => typeof a === 'string') : str(f.author) ? [f.author as string] : [],
    institution: str(f.institution),
    summary: str(f.summary) ?? str(f.abstract),
    cover: str(f.cover),
    hasPdf: !!str(f.pdf),
    fields: f,
  };
}

/** The published reports of the application's topic (an application without a topic has none). */
export async function listReports(db: Db, app: Application, q: { type?: string; q?: string; page: number; size: number }): Promise<Page<ReportListItem>> {
  if (app.topic_id == null) return makePage([], 0, q.page, q.size);
  let base = topicResources(db, app.topic_id, 'report', { published: true });
  if (q.type) base = base.where(jsonText(db, 'reportType'), '=', q.type);
  if (q.q) base = base.where(containsText(['resources.title', 'resources.search_text'], q.q));
  return readPage(
    base,
    q,
    (qb) =>
      qb
        .select(['resources.id', 'resources.title', 'resources.date', 'resources.fields'])
        .orderBy('resource_topics.date_key', 'desc')
        .orderBy('resources.id', 'desc'),
    (r) => {
      const { fields: _fields, ...item } = listItem(r);
      return item;
    },
  );
}

/**
 * One published report of the application's topic for `viewer`; 404 (该报告不存在或已撤回) for an id
 * that is not a report, not in the topic, or withdrawn. A report keeping its PDF for 下载附件 answers
 * the PDF only to a reader holding the right (else `pdf: null`, `downloadBlocked` says why).
 */
export async function reportDetail(db: Db, app: Application, id: number, scope: RequestScope): Promise<ReportDetail> {
  if (app.topic_id == null) throw notFound(MSG.reportNotFound);
  const row = await topicResources(db, app.topic_id, 'report', { published: true })
    .select(['resources.id', 'resources.title', 'resources.date', 'resources.fields'])
    .where('resources.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.reportNotFound);
  const { fields, ...item } = listItem(row);
  const restrictDownload = fields.restrictDownload === true;
  let canDownload = true;
  let downloadBlocked: ReportDetail['downloadBlocked'] = null;
  if (restrictDownload) {
    const held = await viewerRights(scope, app);
    canDownload = held.rights.includes('download');
    if (!canDownload) downloadBlocked = held.signedIn ? 'right' : 'signIn';
  }
  let pdf: ReportDetail['pdf'] = null;
  const path = str(fields.pdf);
  if (path && canDownload) {
    const file = await db.selectFrom('files').select(['original_name', 'size']).where('key', '=', path.slice('/files/'.length)).executeTakeFirst();
    if (file) pdf = { url: path, name: file.original_name, size: Number(file.size) };
  }
  return {
    ...item,
    hasPdf: !!path,
    body: str(fields.body) ?? '',
    url: str(fields.url),
    pdf,
    restrictDownload,
    canDownload,
    downloadBlocked,
  };
}
