/**
 * Official accounts bound to applications and their articles (spec 1 §1 'wechat account binding',
 * §3 'Wechat account', 'Wechat article group'; spec 2 §7). Articles are resources of type
 * wechat_article (fields wechatId, groupId, groupName, articleTime, thumb_media_url, url, digest),
 * linked to the application's topic when it has one; the panel read finds them by wechatId.
 */
import crypto from 'node:crypto';
import { inManaged, type ManagedApplications } from '../../policies/scope.js';
import type { Db } from '../../db/index.js';
import { EVERY_RECORD } from '../../policies/rows.js';
import { conflict, notFound } from '../../http/errors.js';
import { refreshTopicTypeCounts, upsertResources } from '../../resources/store.js';
import { makePage } from '../../../common/page.js';
import { MSG } from '../../../common/messages.js';
import type { WechatRecord } from '../../../common/feeds.js';
import type { WechatAccount, WechatAccountWithArticles } from '../../../common/contracts/wechats.js';
import { readWechatArticles } from '../../reads/feeds.js';
import type { ArticleInput } from './schema.js';
import { parseFields } from '../../resources/present.js';

const now = () => new Date().toISOString();

const present = (r: { wechat_id: string; name: string; application_id: number; created_at: string }): WechatAccount => ({
  wechatId: r.wechat_id,
  name: r.name,
  applicationId: r.application_id,
  createdAt: r.created_at,
});

/**
 * The accounts a user may put on a panel: those of the `managed` applications (every one for a
 * super manager), one entry per wechatId (the first bound name), ordered by name.
 */
export async function availableAccounts(db: Db, managed: ManagedApplications): Promise<Array<{ wechatId: string; name: string }>> {
  const q = db.selectFrom('wechat_accounts').select(['wechat_id', 'name', 'application_id', 'created_at']).where(inManaged(managed, 'application_id'));
  const rows = await q.orderBy('id', 'asc').limit(1000).execute();
  const seen = new Map<string, { wechatId: string; name: string }>();
  for (const r of rows) if (!seen.has(r.wechat_id)) seen.set(r.wechat_id, { wechatId: r.wechat_id, name: r.name });
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
}

/** The accounts bound to an application, oldest first, each with its number of articles. */
export async function applicationAccounts(db: Db, applicationId: number): Promise<WechatAccountWithArticles[]> {
  const rows = await db.selectFrom('wechat_accounts').selectAll().where('application_id', '=', applicationId).orderBy('id', 'asc').execute();
  return Promise.all(
    rows.map(async (r) => ({
      ...present(r),
      articles: (await readWechatArticles(db, { wechatId: r.wechat_id, page: 1, pageSize: 1, rows: EVERY_RECORD })).total,
    })),
  );
}

/** Binds an account to an application; 409 when it is bound already. */
export async function bindAccount(db: Db, applicationId: number, input: { wechatId: string; name: string }): Promise<WechatAccount> {
  const taken = await db
    .selectFrom('wechat_accounts')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('wechat_id', '=', input.wechatId)
    .executeTakeFirst();
  if (taken) throw conflict(MSG.wechatTaken);
  try {
    const row = await db
      .insertInto('wechat_accounts')
      .values({ application_id: applicationId, wechat_id: input.wechatId, name: input.name, created_at: now() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return present(row);
  } catch (err) {
    if (/unique|duplicate/i.test(String((err as Error).message))) throw conflict(MSG.wechatTaken);
    throw err;
  }
}

/** Unbinds an account; 404 when the application does not have it. Its articles stay (docs/decisions.md #34). */
export async function unbindAccount(db: Db, applicationId: number, wechatId: string): Promise<void> {
  const r = await db.deleteFrom('wechat_accounts').where('application_id', '=', applicationId).where('wechat_id', '=', wechatId).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound(MSG.wechatNotBound);
}

/** 404 unless the application has the account. */
export async function requireBound(db: Db, applicationId: number, wechatId: string): Promise<void> {
  const row = await db
    .selectFrom('wechat_accounts')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('wechat_id', '=', wechatId)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.wechatNotBound);
}

/** A group's id: stable for the same account and group name. */
export const groupIdOf = (wechatId: string, groupName: string): string =>
  `g${crypto.createHash('sha256').update(`${wechatId}\u0000${groupName}`).digest('hex').slice(0, 12)}`;

/**
 * Adds (or, for the same article url, updates) an article of an account, linked to the application's
 * topic. Returns it as a record of the panel read.
 */
export async function addArticle(db: Db, app: { id: number; topic_id: number | null }, wechatId: string, a: ArticleInput): Promise<WechatRecord> {
  const fields = {
    wechatId,
    groupId: groupIdOf(wechatId, a.groupName),
    groupName: a.groupName,
    articleTime: a.articleTime,
    thumb_media_url: a.thumbMediaUrl || null,
    url: a.url,
    digest: a.digest || null,
  };
  const sourceKey = `${wechatId}:${crypto.createHash('sha256').update(a.url).digest('hex').slice(0, 32)}`;
  const id = await db.transaction().execute(async (trx) => {
    const r = await upsertResources(trx, [
      {
        type: 'wechat_article',
        sourceKey,
        title: a.title,
        date: a.articleTime.slice(0, 10),
        fields,
        searchText: `${a.groupName} ${a.digest ?? ''}`,
        ...(app.topic_id != null ? { topicId: app.topic_id } : {}),
      },
    ]);
    return r.ids[0];
  });
  return {
    id,
    groupId: fields.groupId,
    groupName: a.groupName,
    articleTime: a.articleTime,
    material: { title: a.title, thumb_media_url: fields.thumb_media_url, url: a.url, digest: fields.digest },
  };
}

/** A page of an account's articles, newest first (console list). */
export async function listArticles(db: Db, wechatId: string, page: number, size: number) {
  const r = await readWechatArticles(db, { wechatId, page, pageSize: size, rows: EVERY_RECORD });
  return makePage(r.items, r.total, page, size);
}

/** Deletes one article of the account; 404 when it is not one of its articles. */
export async function deleteArticle(db: Db, wechatId: string, articleId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('resources').select(['id', 'fields']).where('id', '=', articleId).where('type', '=', 'wechat_article').executeTakeFirst();
    const owner = row ? parseFields(row.fields).wechatId : null;
    if (!row || owner !== wechatId) throw notFound(MSG.notFound);
    const topics = await trx.selectFrom('resource_topics').select('topic_id').where('resource_id', '=', articleId).execute();
    await trx.deleteFrom('resource_topics').where('resource_id', '=', articleId).execute();
    await trx.deleteFrom('resources').where('id', '=', articleId).execute();
    await refreshTopicTypeCounts(
      trx,
      topics.map((t) => ({ topicId: t.topic_id, type: 'wechat_article' })),
    );
  });
}
