/**
 * The console frame: a top bar (Atrium 控制台, the console menu, the user's name with 账号设置 and 在所有设备上
 * 退出登录, 退出登录) above the page. Rarely used pages sit in submenus (栏目内容: job postings, tools, WeChat
 * accounts and articles, and 评论审核 with the pending count, also shown on the submenu's title; 权限与登录; 系统: 数据分析 and 操作日志 for every manager, 后台任务 and
 * 组件库 for super managers) so the bar fits 1300 px. The home page editor has its own full-width frame
 * (editor/EditorPage.tsx).
 */
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Avatar, Badge, Button, Dropdown, Layout, Menu } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  ApiOutlined,
  CommentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  RadarChartOutlined,
  BlockOutlined,
  DatabaseOutlined,
  ScheduleOutlined,
  ProfileOutlined,
  SolutionOutlined,
  ToolOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  IdcardOutlined,
  SettingOutlined,
  LogoutOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
  FileSearchOutlined,
  FileAddOutlined,
  TeamOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { MSG, fillMsg } from '@common/messages';
import { useSession } from '../shared/session';
import { useSignOut } from './useSignOut';
import { api } from '../shared/apiClient';
import { CONSOLE_QUEUE_KINDS, SUBMISSION_KIND_LABELS, SUBMISSION_KIND_PATHS, type SubmissionKind } from '@common/moderation';
import { MONITOR_CODES, MONITOR_LABELS } from '@common/monitors';
import './console.css';

/** The menu entry lit for a path: the first prefix that matches. */
const MENU_KEYS: [prefix: string, key: string][] = [
  ['/console/application', 'applications'],
  ['/console/files', 'files'],
  ['/console/wechats/articles', 'wechat-articles'],
  ['/console/wechats', 'wechats'],
  ['/console/jobs', 'jobs'],
  ['/console/tools', 'tools'],
  ['/console/modules', 'modules'],
  ['/console/topics', 'topics'],
  ['/console/tasks', 'tasks'],
  ['/console/reports', 'reports'],
  ['/console/logs', 'logs'],
  ['/console/fb/feedback', 'feedback'],
  ['/console/issues', 'questions'],
  ['/console/communities', 'communities'],
  ['/console/helix/settings', 'helix-settings'],
  ['/console/pages', 'pages'],
  ['/console/helix/dds', 'dds'],
  ['/console/analysis', 'analysis'],
  ...MONITOR_CODES.map((c): [string, string] => [`/console/monitor_${c}`, `monitor_${c}`]),
  ['/console/ac/appclient', 'appclient'],
  ['/console/managers', 'managers'],
  ['/console/users', 'users'],
  ['/console/settings/account', 'account'],
  ['/console/cc/comment', 'comments'],
  ...CONSOLE_QUEUE_KINDS.map((k): [string, string] => [SUBMISSION_KIND_PATHS[k], k]),
];

/** The submenu entry of a review queue (issue 29 §6): its title, linked to its path, with its pending count. */
function queueEntry(kind: SubmissionKind, count: number) {
  const title = fillMsg(MSG.moderationQueueTitle, { kind: SUBMISSION_KIND_LABELS[kind] });
  const label = fillMsg(MSG.moderationPendingBadge, { n: count });
  return {
    key: kind,
    icon: <AuditOutlined />,
    label: (
      <Link to={SUBMISSION_KIND_PATHS[kind]} aria-label={count ? `${title}（${label}）` : title}>
        <Badge count={count} size="small" offset={[10, 0]} overflowCount={99}>
          <span>{title}</span>
        </Badge>
      </Link>
    ),
  };
}

/** The console's layout around its pages. */
export function ConsoleLayout() {
  const { data: user } = useSession();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = MSG.consoleTitle;
  }, []);
  const selected = MENU_KEYS.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? '';
  // the pending submissions of the applications the viewer reviews (decision 556), refreshed each minute
  const pending = useQuery({
    queryKey: ['moderation', 'pending'],
    queryFn: ({ signal }) => api.get('/api/v1/moderation/pending', { signal }),
    enabled: !!user,
    refetchInterval: 60_000,
    retry: false,
  });
  const pendingTotal = pending.data?.total ?? 0;
  const pendingLabel = fillMsg(MSG.moderationPendingBadge, { n: pendingTotal });
  const commentQueueTitle = fillMsg(MSG.moderationQueueTitle, { kind: SUBMISSION_KIND_LABELS.comment });
  // each queue's entry shows its own pending count; the submenu's title shows them all
  const commentPending = pending.data?.byKind.comment ?? 0;
  const commentPendingLabel = fillMsg(MSG.moderationPendingBadge, { n: commentPending });
  return (
    <Layout className="atr-console">
      <Layout.Header className="atr-console__header">
        <Link to="/console/applications" className="atr-console__brand">
          <span className="atr-console__logo">A</span>
          <span className="atr-console__brand-text">{MSG.consoleTitle}</span>
        </Link>
        <Menu
          className="atr-console__menu"
          mode="horizontal"
          selectedKeys={[selected]}
          items={[
            { key: 'applications', icon: <AppstoreOutlined />, label: <Link to="/console/applications">{MSG.applications}</Link> },
            { key: 'topics', icon: <DatabaseOutlined />, label: <Link to="/console/topics">{MSG.topicsTitle}</Link> },
            { key: 'reports', icon: <FileTextOutlined />, label: <Link to="/console/reports">{MSG.reportsTitle}</Link> },
            { key: 'files', icon: <FolderOpenOutlined />, label: <Link to="/console/files">{MSG.myFiles}</Link> },
            {
              key: 'sections',
              icon: <ProfileOutlined />,
              // the pending count of the moderation queues (decision 556) on the title, which keeps its width (the bar fits 1300 px)
              label: (
                <Badge count={pendingTotal} size="small" offset={[6, -4]} overflowCount={99} title={pendingLabel}>
                  <span aria-label={pendingTotal ? `${MSG.consoleMenuSections}，${pendingLabel}` : undefined}>{MSG.consoleMenuSections}</span>
                </Badge>
              ),
              children: [
                {
                  key: 'comments',
                  icon: <CommentOutlined />,
                  label: (
                    <Link to="/console/cc/comment" aria-label={commentPending ? `${commentQueueTitle}（${commentPendingLabel}）` : commentQueueTitle}>
                      <Badge count={commentPending} size="small" offset={[10, 0]} overflowCount={99}>
                        <span>{commentQueueTitle}</span>
                      </Badge>
                    </Link>
                  ),
                },
                // the review queues of issue 29 §6 (decisions 610-619), with their pending counts
                ...CONSOLE_QUEUE_KINDS.map((k) => queueEntry(k, pending.data?.byKind[k] ?? 0)),
                // readers' feedback sits here, not on the bar: one more top-level entry overflows it at 1300 px
                { key: 'feedback', icon: <MessageOutlined />, label: <Link to="/console/fb/feedback">{MSG.feedbackConsoleTitle}</Link> },
                // reference questions beside feedback: staff answering readers (decision 591)
                { key: 'questions', icon: <QuestionCircleOutlined />, label: <Link to="/console/issues">{MSG.questionConsoleTitle}</Link> },
                { key: 'communities', icon: <TeamOutlined />, label: <Link to="/console/communities">{MSG.communitiesConsoleTitle}</Link> },
                { key: 'helix-settings', icon: <IdcardOutlined />, label: <Link to="/console/helix/settings">{MSG.helixSettingsTitle}</Link> },
                // the document delivery queue (issue 29 §7) beside feedback: both answer readers' requests
                { key: 'dds', icon: <FileSearchOutlined />, label: <Link to="/console/helix/dds">{MSG.ddsConsoleTitle}</Link> },
                // composed pages /xrender/{pageId} of an application (issue 31 §4)
                { key: 'pages', icon: <FileAddOutlined />, label: <Link to="/console/pages">{MSG.pagesTitle}</Link> },
                { key: 'jobs', icon: <SolutionOutlined />, label: <Link to="/console/jobs">{MSG.consoleJobsTitle}</Link> },
                { key: 'tools', icon: <ToolOutlined />, label: <Link to="/console/tools">{MSG.consoleToolsTitle}</Link> },
                { key: 'wechats', icon: <WechatOutlined />, label: <Link to="/console/wechats">{MSG.wechatManagerTitle}</Link> },
                { key: 'wechat-articles', icon: <WechatOutlined />, label: <Link to="/console/wechats/articles">{MSG.wechatArticlesTitle}</Link> },
              ],
            },
            {
              key: 'access',
              icon: <TeamOutlined />,
              label: MSG.consoleMenuAccess,
              children: [
                { key: 'managers', icon: <TeamOutlined />, label: <Link to="/console/managers">{MSG.managersTitle}</Link> },
                { key: 'users', icon: <UserOutlined />, label: <Link to="/console/users">{MSG.usersTitle}</Link> },
                { key: 'appclient', icon: <ApiOutlined />, label: <Link to="/console/ac/appclient">{MSG.oauthClients}</Link> },
              ],
            },
            {
              // every manager: usage analytics and the audit log of their applications; tasks and components: super managers
              key: 'system',
              icon: <SettingOutlined />,
              label: MSG.consoleMenuSystem,
              children: [
                { key: 'analysis', icon: <BarChartOutlined />, label: <Link to="/console/analysis">{MSG.analyticsTitle}</Link> },
                {
                  // the five monitors (decision 670): super managers and managers holding 监测管理 (the calls refuse
                  // others); under 系统, as a seventh top-level entry pushed 权限与登录 and 系统 into the menu's
                  // overflow on a 1,300 px screen
                  key: 'monitors',
                  icon: <RadarChartOutlined />,
                  label: MSG.monitorsMenu,
                  children: MONITOR_CODES.map((c) => ({ key: `monitor_${c}`, label: <Link to={`/console/monitor_${c}`}>{MONITOR_LABELS[c]}</Link> })),
                },
                ...(user?.role === 'super'
                  ? [
                      { key: 'tasks', icon: <ScheduleOutlined />, label: <Link to="/console/tasks">{MSG.tasksTitle}</Link> },
                      { key: 'modules', icon: <BlockOutlined />, label: <Link to="/console/modules">{MSG.xmodules}</Link> },
                    ]
                  : []),
                { key: 'logs', icon: <AuditOutlined />, label: <Link to="/console/logs">{MSG.auditTitle}</Link> },
              ],
            },
          ]}
        />
        <div className="atr-console__user">
          <Avatar size="small" className="atr-console__avatar">
            {user?.name?.slice(0, 1)}
          </Avatar>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'account', icon: <IdcardOutlined />, label: <Link to="/console/settings/account">{MSG.accountTitle}</Link> },
                { key: 'everywhere', icon: <LogoutOutlined />, label: MSG.signOutEverywhere, onClick: () => void signOut(true) },
              ],
            }}
          >
            <Button type="text" className="atr-console__username">
              {user?.name}
            </Button>
          </Dropdown>
          <Button type="text" icon={<LogoutOutlined />} aria-label={MSG.signOut} onClick={() => void signOut()}>
            <span className="atr-console__signout-text">{MSG.signOut}</span>
          </Button>
        </div>
      </Layout.Header>
      <Layout.Content className="atr-console__content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
