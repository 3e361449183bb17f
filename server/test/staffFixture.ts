/**
 * The cast of the reader-and-staff API suites (server/routes/{dds,feedback,questions,helix,notifications}):
 * accounts signed in by phone, released sites made by the super manager, and manager rights granted
 * directly in `application_managers`. Each suite keeps its own phones and sites, so that their rows
 * stay as they were.
 */
import { releaseApplication, type Client, type TestContext } from './harness.js';

/** The id of the user signed in with `phone`; throws when there is none. */
export async function userIdOf(ctx: TestContext, phone: string): Promise<number> {
  return (await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
}

/** Clients and user ids by the names a suite gives its accounts. */
export interface Cast<N extends string> {
  clients: Record<N, Client>;
  ids: Record<N, number>;
}

/**
 * Signs in one account per name, in order, with the phones `{prefix}0001`, `{prefix}0002`, … (`prefix`
 * 7 digits); the name `admin` is made a super manager.
 */
export async function signInCast<N extends string>(ctx: TestContext, prefix: string, names: readonly N[]): Promise<Cast<N>> {
  const clients = {} as Record<N, Client>;
  const ids = {} as Record<N, number>;
  for (const [i, name] of names.entries()) {
    const phone = `${prefix}${String(10_001 + i).slice(1)}`;
    clients[name] = await ctx.signIn(phone, name === 'admin' ? 'super' : 'user');
    ids[name] = await userIdOf(ctx, phone);
  }
  return { clients, ids };
}

/** Creates a site as `admin` (the super manager) and releases it; resolves with its id. */
export async function releasedSite(admin: Client, name: string, host: string): Promise<number> {
  const made = await admin.post('/api/v1/applications', { name, host });
  if (made.status !== 200 && made.status !== 201) throw new Error(`create ${host}: ${made.status} ${made.text}`);
  const id = made.body.applicationId as number;
  await releaseApplication(admin, id);
  return id;
}

/** Makes each user a manager of an application with the rights given: `[applicationId, userId, rights]`. */
export async function grantRights(ctx: TestContext, grants: ReadonlyArray<readonly [number, number, readonly string[]]>): Promise<void> {
  await ctx.db
    .insertInto('application_managers')
    .values(grants.map(([applicationId, userId, rights]) => ({ application_id: applicationId, user_id: userId, rights: JSON.stringify(rights) })))
    .execute();
}

/** The accounts of a staff queue suite, in the order of their phones (`{prefix}0001` … `{prefix}0006`). */
export const QUEUE_CAST = ['admin', 'manager', 'otherManager', 'homeOnly', 'reader', 'otherReader'] as const;

/** A staff queue suite's cast and its two released sites. */
export interface QueueCast extends Cast<(typeof QUEUE_CAST)[number]> {
  appId: number;
  otherAppId: number;
}

/**
 * The fixture of a staff queue (feedback, questions, document delivery): the accounts of QUEUE_CAST, the
 * site `site` and another one `other`, both released; `manager` holds 内容管理 of the site, `otherManager`
 * of the other, `homeOnly` only 首页 of the site; `reader` and `otherReader` are plain readers.
 */
export async function queueCast(
  ctx: TestContext,
  prefix: string,
  site: { name: string; host: string },
  other: { name: string; host: string },
): Promise<QueueCast> {
  const cast = await signInCast(ctx, prefix, QUEUE_CAST);
  const appId = await releasedSite(cast.clients.admin, site.name, site.host);
  const otherAppId = await releasedSite(cast.clients.admin, other.name, other.host);
  await grantRights(ctx, [
    [appId, cast.ids.manager, ['content']],
    [otherAppId, cast.ids.otherManager, ['content']],
    [appId, cast.ids.homeOnly, ['home']],
  ]);
  return { ...cast, appId, otherAppId };
}
