/**
 * /console/uc/auditUser (issue 29 §6; docs/decisions.md 660-664): the new readers held by the site
 * setting 新用户需审核, in the one moderation list (./ModerationPage.tsx): the account, contact,
 * affiliation and registration time of each; 通过 gives the reader the application's default role,
 * 驳回 keeps them a visitor on the site with the reason shown to them. Reviewed with 审核.
 */
import { ModerationPage } from './ModerationPage';

/** /console/uc/auditUser */
export function AuditUserQueue() {
  return <ModerationPage kind="auditUser" />;
}
