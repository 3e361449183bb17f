/**
 * The `auditUser` kind of the moderation engine (issue 29 §6 `/console/uc/auditUser`; docs/decisions.md
 * 660-664): a new reader of a site with 新用户需审核, reviewed by managers holding 审核 (`review`). The
 * list shows the account, its masked phone or e-mail, the affiliation and when it was registered. Each
 * transition mirrors the submission's state on the `reader_approvals` row the access check reads
 * (server/policies/readerApproval.ts), with the rejection's reason the reader sees; approval gives the
 * reader the application's default role (an `application_users` row; a role staff gave them before is
 * kept). Kept apart from ./auditUser.ts, which submits through the engine (the registry imports this file).
 */
import type { Db } from '../db/index.js';
import type { SubmissionKindSpec } from '../moderation/kind.js';
import { defaultRoleOf } from '../policies/rights.js';
import { MSG } from '../../common/messages.js';
import { maskPhone } from '../../common/roles.js';
import { DAY_MINUTE, formatLocal } from '../../common/dates.js';

/** An e-mail address with its local part shortened: zhang.san@lib.cn → zh***@lib.cn. */
const maskEmail = (email: string): string => {
  const at = email.indexOf('@');
  return at > 0 ? `${email.slice(0, Math.min(2, at))}***${email.slice(at)}` : email;
};

/** Gives reader `userId` the default role of application `applicationId` unless they hold a role there already. */
async function grantDefaultRole(db: Db, applicationId: number, userId: number): Promise<void> {
  const app = await db.selectFrom('applications').select(['role_config', 'default_user_role']).where('id', '=', applicationId).executeTakeFirstOrThrow();
  await db
    .insertInto('application_users')
    .values({ application_id: applicationId, user_id: userId, role_id: defaultRoleOf(app), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['application_id', 'user_id']).doNothing())
    .execute();
}

export const auditUserKind: SubmissionKindSpec = {
  kind: 'auditUser',
  label: '本站账号申请',
  right: 'review',
  fields: [
    { key: 'account', label: MSG.readerApprovalAccount },
    { key: 'contact', label: MSG.readerApprovalContact },
    { key: 'affiliation', label: MSG.readerApprovalAffiliation },
    { key: 'registered', label: MSG.readerApprovalRegistered },
  ],
  async describe(db, refIds) {
    const out = new Map<number, { fields: Record<string, string>; link: string | null }>();
    if (!refIds.length) return out;
    const rows = await db
      .selectFrom('reader_approvals as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'u.name', 'u.phone', 'u.email', 'u.affiliation', 'u.created_at'])
      .where('r.id', 'in', refIds)
      .execute();
    for (const r of rows) {
      const fields: Record<string, string> = {
        account: r.name,
        contact: maskPhone(r.phone) ?? (r.email ? maskEmail(r.email) : ''),
        affiliation: r.affiliation ?? '',
        registered: r.created_at ? formatLocal(new Date(r.created_at), DAY_MINUTE) : '',
      };
      // a field the account lacks is left out (the list joins the others)
      out.set(r.id, { fields: Object.fromEntries(Object.entries(fields).filter(([, v]) => v)), link: null });
    }
    return out;
  },
  async apply(db, s, to) {
    const sub = await db.selectFrom('submissions').select('reason').where('id', '=', s.id).executeTakeFirst();
    await db
      .updateTable('reader_approvals')
      .set({ status: to, reason: to === 'rejected' ? (sub?.reason ?? null) : null, updated_at: new Date().toISOString() })
      .where('id', '=', s.refId)
      .execute();
    if (to === 'approved') await grantDefaultRole(db, s.applicationId, s.authorId);
  },
};
