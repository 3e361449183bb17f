/**
 * `/console/block` (spec 1 §2: the one console route that needs no login; docs/decisions.md 290): the
 * page of a signed-in user who holds no console right (neither a super manager nor a manager of any
 * application); the console guard sends such a user here. It names the account, says whom to ask, and
 * offers the way back to the site (返回网站) and a change of account (切换账号: signs out, then the
 * sign-in page). A visitor who is not signed in reads that the console is for site managers and gets
 * 登录控制台. A user who does hold a right (a super manager, a manager of some application) is sent on to
 * the console (/console) instead of reading that they have none (docs/decisions.md 420).
 */
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { Button, Result, Space } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { MSG, fillMsg } from '@common/messages';
import { PageSpinner } from '../pages/PageSpinner';
import { useConsoleAccess, useSession } from '../shared/session';
import { useSignOut } from './useSignOut';
import './console.css';

/** The page; see the file comment. */
export function BlockPage() {
  const session = useSession();
  const access = useConsoleAccess(session.data);
  const signOut = useSignOut();
  useEffect(() => {
    document.title = MSG.consoleBlockTitle;
  }, []);
  if (session.isPending || access.pending) return <PageSpinner />;
  const user = session.data;
  const backToSite = (
    <Button key="site" type="primary" href="/">
      {MSG.consoleBlockBackToSite}
    </Button>
  );
  let detail: string;
  let actions;
  if (!user) {
    detail = MSG.consoleBlockSignedOut;
    actions = [
      backToSite,
      <Link key="login" to="/console/login">
        <Button>{MSG.loginTitle}</Button>
      </Link>,
    ];
  } else if (access.allowed) {
    return <Navigate to="/console" replace />;
  } else {
    detail = fillMsg(MSG.consoleBlockNoRight, { name: user.name });
    actions = [
      backToSite,
      <Button key="switch" onClick={() => void signOut()}>
        {MSG.consoleBlockSwitchAccount}
      </Button>,
    ];
  }
  return (
    <main className="atr-console-block">
      <Result
        icon={<StopOutlined />}
        status="warning"
        title={<h1 className="atr-console-block__title">{MSG.consoleBlockTitle}</h1>}
        subTitle={detail}
        extra={<Space wrap>{actions}</Space>}
      />
    </main>
  );
}
