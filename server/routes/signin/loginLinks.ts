/**
 * Login-info links sign in once (issue 10 §8; decision 247): the SHA-256 of each link used is kept in
 * `used_login_links` until the link expires, so a second use, in any browser and any server process,
 * is refused. Expired rows are removed as links are used.
 */
import type { Db } from '../../db/index.js';
import { sha256 } from '../../http/session.js';

/**
 * Records the use of `loginInfo` (expiring at `expSeconds`, Unix seconds). Resolves true on its first
 * use, false when it was used before.
 */
export async function useLoginLink(db: Db, loginInfo: string, expSeconds: number): Promise<boolean> {
  const now = new Date().toISOString();
  await db.deleteFrom('used_login_links').where('expires_at', '<', now).execute();
  const r = await db
    .insertInto('used_login_links')
    .values({ link_hash: sha256(`login-info\u0000${loginInfo}`), expires_at: new Date(expSeconds * 1000).toISOString() })
    .onConflict((oc) => oc.column('link_hash').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}
