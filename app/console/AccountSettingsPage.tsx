/**
 * `/console/settings/account` (spec 1 §2; docs/decisions.md 293): the signed-in manager's own
 * account inside the console frame: profile, bound phone, e-mail and WeChat, and the active sessions with
 * 在所有设备上退出登录 (then the console's sign-in page). The cards are those of the visitor's
 * /settings/account (app/account/AccountCards.tsx), without the scholar profile (a visitor's matter).
 * Reached from the user menu of the console's top bar (账号设置).
 */
import { useEffect } from 'react';
import { MSG } from '@common/messages';
import { AccountCards } from '../account/AccountCards';
import { PageSpinner } from '../pages/PageSpinner';
import { PageHead } from './PageHead';
import { useSession } from '../shared/session';
import './console.css';

/** The page; see the file comment. The console guard has checked the session. */
export function AccountSettingsPage() {
  const { data: user } = useSession();
  useEffect(() => {
    document.title = `${MSG.accountTitle} - ${MSG.consoleTitle}`;
  }, []);
  if (!user) return <PageSpinner />;
  return (
    <div className="atr-console__page atr-console-account">
      <PageHead title={MSG.accountTitle} hint={MSG.accountConsoleHint} />
      <AccountCards userId={user.id} scholar={false} afterSignOut="/console/login" />
    </div>
  );
}
