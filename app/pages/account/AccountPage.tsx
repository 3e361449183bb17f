/**
 * Account settings `/settings/account` (spec 1 §2; spec 2 §7 'Application and account'; docs/decisions.md
 * 160-163, 167, 293): the cards of app/account/AccountCards.tsx (profile, ways to sign in, scholar
 * profile, active sessions) under the page's heading and 返回首页. Needs a signed-in user: a visitor goes
 * to the site's own sign-in page, /login?redirect=/settings/account (decision 424), and back here afterwards. The console shows the same cards at /console/settings/account.
 */
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Skeleton } from 'antd';
import { MSG } from '@common/messages';
import { useSession } from '../../shared/session';
import { loginHref } from '@modules/kit/links';
import { AccountCards } from '../../account/AccountCards';
import './account.css';

export type { AccountInfo } from '../../account/AccountCards';

/** The page; see the file comment. */
export default function AccountPage() {
  const session = useSession();
  useEffect(() => {
    document.title = MSG.accountTitle;
  }, []);
  if (session.isPending)
    return (
      <div className="atr-account">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  if (!session.data) return <Navigate to={loginHref('/settings/account')} replace />;
  return <Account userId={session.data.id} />;
}

function Account({ userId }: { userId: number }) {
  return (
    <div className="atr-account">
      <div className="atr-account-head">
        <h1>{MSG.accountTitle}</h1>
        <a href="/">{MSG.backHome}</a>
      </div>
      <AccountCards userId={userId} afterSignOut={loginHref('/settings/account')} />
    </div>
  );
}
