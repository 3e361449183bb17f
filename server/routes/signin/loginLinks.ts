/**
 * Login-info links sign in once (decisions 247, 404): the SHA-256 of the sealed bytes of
 * each link used (not of its text: padding or another spelling of the last character decodes to the
 * same bytes) is kept in `used_login_links` until the link expires, so a second use, in any spelling,
 * any browser and any server process, is refused. Expired rows are removed as links are used.
 */
import type { Db } from '../../db/index.js';
import { sha256 } from '../../http/session.js';

/**
 * Records the use of the link whose sealed bytes are `sealed` (expiring at `expSeconds`, Unix seconds).
 * Resolves true on its first use, false when it was used before. The recorded hash is that of the
 * bytes' unpadded base64url, which is what every link recorded before decision 404 held for a link
 * written canonically. Rejects only with the database's error.
 */
export async function useLoginLink(db: Db, sealed: Buffer, expSeconds: number): Promise<boolean> {
  const now = new Date().toISOString();
  await db.deleteFrom('used_login_links').where('expires_at', '<', now).execute();
  const r = await db
    .insertInto('used_login_links')
    .values({ link_hash: sha256(`login-info\u0000${sealed.toString('base64url')}`), expires_at: new Date(expSeconds * 1000).toISOString() })
    .onConflict((oc) => oc.column('link_hash').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}
