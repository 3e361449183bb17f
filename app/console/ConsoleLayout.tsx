/**
 * The console frame: a top bar (Atrium 控制台, the console menu, the user's name, 退出登录) above the
 * page. The home page editor has its own full-width frame (editor/EditorPage.tsx).
 */
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Avatar, Button, Dropdown, Layout, Menu } from 'antd';
import {
  AppstoreOutlined,
  BlockOutlined,
  DatabaseOutlined,
  ScheduleOutlined,
  FolderOpenOutlined,
  LogoutOutlined,
  TeamOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { MSG } from '@common/messages';
import { useSession } from './session';
import { useSignOut } from './useSignOut';
import './console.css';

/** The console's layout around its pages. */
export function ConsoleLayout() {
  const { data: user } = useSession();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = MSG.consoleTitle;
  }, []);
  const selected = pathname.startsWith('/console/application')
    ? 'applications'
    : pathname.startsWith('/console/files')
      ? 'files'
      : pathname.startsWith('/console/wechats')
        ? 'wechats'
        : pathname.startsWith('/console/modules')
          ? 'modules'
          : pathname.startsWith('/console/topics')
            ? 'topics'
            : pathname.startsWith('/console/tasks')
              ? 'tasks'
              : pathname.startsWith('/console/managers')
                ? 'managers'
                : pathname.startsWith('/console/users')
                  ? 'users'
                  : '';
  return (
    <Layout className="atr-console">
      <Layout.Header className="atr-console__header">
        <Link to="/console/applications" className="atr-console__brand">
          <span className="atr-console__logo">A</span>
          {MSG.consoleTitle}
        </Link>
        <Menu
          className="atr-console__menu"
          mode="horizontal"
          selectedKeys={[selected]}
          items={[
            { key: 'applications', icon: <AppstoreOutlined />, label: <Link to="/console/applications">{MSG.applications}</Link> },
            { key: 'topics', icon: <DatabaseOutlined />, label: <Link to="/console/topics">{MSG.topicsTitle}</Link> },
            { key: 'files', icon: <FolderOpenOutlined />, label: <Link to="/console/files">{MSG.myFiles}</Link> },
            { key: 'wechats', icon: <WechatOutlined />, label: <Link to="/console/wechats/wechatManager">{MSG.wechatManagerTitle}</Link> },
            ...(user?.role === 'super' ? [{ key: 'tasks', icon: <ScheduleOutlined />, label: <Link to="/console/tasks">{MSG.tasksTitle}</Link> }] : []),
            ...(user?.role === 'super' ? [{ key: 'modules', icon: <BlockOutlined />, label: <Link to="/console/modules">{MSG.xmodules}</Link> }] : []),
            { key: 'managers', icon: <TeamOutlined />, label: <Link to="/console/managers">{MSG.managersTitle}</Link> },
            { key: 'users', icon: <UserOutlined />, label: <Link to="/console/users">{MSG.usersTitle}</Link> },
          ]}
        />
        <div className="atr-console__user">
          <Avatar size="small" className="atr-console__avatar">
            {user?.name?.slice(0, 1)}
          </Avatar>
          <Dropdown
            trigger={['click']}
            menu={{ items: [{ key: 'everywhere', icon: <LogoutOutlined />, label: MSG.signOutEverywhere, onClick: () => void signOut(true) }] }}
          >
            <Button type="text" className="atr-console__username">
              {user?.name}
            </Button>
          </Dropdown>
          <Button type="text" icon={<LogoutOutlined />} aria-label={MSG.signOut} onClick={() => void signOut()}>
            {MSG.signOut}
          </Button>
        </div>
      </Layout.Header>
      <Layout.Content className="atr-console__content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
