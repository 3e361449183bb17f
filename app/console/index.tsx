/**
 * The console's route table (spec 1 §2 'Console routes'), the lazy chunk of App.tsx's `/console/*`
 * (with antd's providers, antdScope.tsx). The guard, the layout and the first pages come with it; every
 * other page is a lazy chunk of its own, loaded when it is opened, so the first console page does not
 * load the code of the others (decision 491). While a page's chunk loads, the layout stays
 * and the page's place shows the spinner of every lazy page.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { PageSpinner } from '../pages/PageSpinner';
import { ConsoleGuard } from './ConsoleGuard';
import { ConsoleLayout } from './ConsoleLayout';
// In the console's own chunk: the sign-in and no-right pages, the applications list (the first page), the
// fallback (which shows that list), the application's settings and the files. Rolldown splits two modules
// (the API client, TanStack's useQuery) out of the visitor's entry chunk when these are separate chunks
// too: one more file and 0.5 KB more for every visitor (decision 491).
import { LoginPage } from './LoginPage';
import { BlockPage } from './BlockPage';
import { ApplicationsPage } from './ApplicationsPage';
import { ApplicationSettingsPage } from './ApplicationSettingsPage';
import { FilesPage } from './FilesPage';
import { ConsoleFallback } from './ConsoleFallback';
import { MONITOR_CODES } from '@common/monitors';

// every other page: a chunk of its own, loaded when it is opened
const SiteChromePage = lazy(() => import('./site/SiteChromePage').then((m) => ({ default: m.SiteChromePage })));
const ContentPage = lazy(() => import('./content/ContentPage').then((m) => ({ default: m.ContentPage })));
const ResourcesPage = lazy(() => import('./resources/ResourcesPage').then((m) => ({ default: m.ResourcesPage })));
const ManagersPage = lazy(() => import('./roles/ManagersPage').then((m) => ({ default: m.ManagersPage })));
const UsersPage = lazy(() => import('./roles/UsersPage').then((m) => ({ default: m.UsersPage })));
const RoleConfigPage = lazy(() => import('./roles/RoleConfigPage').then((m) => ({ default: m.RoleConfigPage })));
const TopicsPage = lazy(() => import('./topics/TopicsPage').then((m) => ({ default: m.TopicsPage })));
const TopicDataPage = lazy(() => import('./topics/TopicDataPage').then((m) => ({ default: m.TopicDataPage })));
const TasksPage = lazy(() => import('./tasks/TasksPage').then((m) => ({ default: m.TasksPage })));
const ReportsPage = lazy(() => import('./reports/ReportsPage').then((m) => ({ default: m.ReportsPage })));
const AuditLogsPage = lazy(() => import('./logs/AuditLogsPage').then((m) => ({ default: m.AuditLogsPage })));
const FeedbackPage = lazy(() => import('./feedback/FeedbackPage').then((m) => ({ default: m.FeedbackPage })));
const QuestionsPage = lazy(() => import('./questions/QuestionsPage').then((m) => ({ default: m.QuestionsPage })));
const HelixSettingsPage = lazy(() => import('./helix/HelixSettingsPage').then((m) => ({ default: m.HelixSettingsPage })));
const DdsQueuePage = lazy(() => import('./dds/DdsQueuePage').then((m) => ({ default: m.DdsQueuePage })));
// the sections: job postings, tools, WeChat accounts and articles
const JobsPage = lazy(() => import('./jobs/JobsPage').then((m) => ({ default: m.JobsPage })));
const ToolsPage = lazy(() => import('./tools/ToolsPage').then((m) => ({ default: m.ToolsPage })));
const WechatManagerPage = lazy(() => import('./wechats/WechatManagerPage'));
const WechatArticlesPage = lazy(() => import('./wechats/WechatArticlesPage').then((m) => ({ default: m.WechatArticlesPage })));
const XmodulesPage = lazy(() => import('./xmodules/XmodulesPage').then((m) => ({ default: m.XmodulesPage })));
const AnalysisPage = lazy(() => import('./analysis/AnalysisPage')); // ECharts only here
// the five monitors (spec 1 §2 /console/monitor_{code}; decision 670): one page, ECharts in its chunk
const MonitorPage = lazy(() => import('./monitors/MonitorPage'));
const AppClientsPage = lazy(() => import('./AppClientsPage').then((m) => ({ default: m.AppClientsPage })));
const AccountSettingsPage = lazy(() => import('./AccountSettingsPage').then((m) => ({ default: m.AccountSettingsPage })));
const EditorPage = lazy(() => import('./editor/EditorPage'));
// composed pages /xrender/{pageId} (issue 31 §4)
const PagesPage = lazy(() => import('./pages/PagesPage').then((m) => ({ default: m.PagesPage })));
const CommentModerationPage = lazy(() => import('./moderation/ModerationPage'));
const ResourceVerifyQueue = lazy(() => import('./moderation/QueuePages').then((m) => ({ default: m.ResourceVerifyQueue })));
const AuditUserQueue = lazy(() => import('./moderation/AuditUserQueue').then((m) => ({ default: m.AuditUserQueue })));
const UserExamineQueue = lazy(() => import('./moderation/QueuePages').then((m) => ({ default: m.UserExamineQueue })));
const FruitAppealQueue = lazy(() => import('./moderation/QueuePages').then((m) => ({ default: m.FruitAppealQueue })));
// communities (issue 29 §5): the list and one community's moderation
const CommunitiesConsolePage = lazy(() => import('./communities/CommunitiesPage').then((m) => ({ default: m.CommunitiesConsolePage })));
const CommunityDetailConsolePage = lazy(() => import('./communities/CommunityDetailPage').then((m) => ({ default: m.CommunityDetailConsolePage })));

const lazyPage = (C: ComponentType): ReactNode => (
  <Suspense fallback={<PageSpinner />}>
    <C />
  </Suspense>
);

/** The routes below /console (relative to it). */
const consoleRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  // spec 1 §2: the one console route that needs no login (a signed-in user without a console right lands here)
  { path: 'block', element: <BlockPage /> },
  {
    element: <ConsoleGuard />,
    children: [
      { index: true, element: <Navigate to="/console/applications" replace /> },
      {
        element: <ConsoleLayout />,
        children: [
          { path: 'applications', element: <ApplicationsPage /> },
          { path: 'application/:id', element: <ApplicationSettingsPage /> },
          { path: 'files', element: <FilesPage /> },
          { path: 'managers', element: lazyPage(ManagersPage) },
          { path: 'users', element: lazyPage(UsersPage) },
          { path: 'users/rights', element: lazyPage(RoleConfigPage) },
          // /console/wechats/**: the accounts (also at their first address, wechatManager) and the articles
          { path: 'wechats', element: lazyPage(WechatManagerPage) },
          { path: 'wechats/wechatManager', element: lazyPage(WechatManagerPage) },
          { path: 'wechats/articles/*', element: lazyPage(WechatArticlesPage) },
          { path: 'jobs/*', element: lazyPage(JobsPage) },
          { path: 'tools/*', element: lazyPage(ToolsPage) },
          { path: 'application/:id/site', element: lazyPage(SiteChromePage) },
          { path: 'application/:id/content', element: lazyPage(ContentPage) },
          { path: 'application/:id/resources', element: lazyPage(ResourcesPage) },
          // spec 1 §2 /console/modules: the custom component catalogue (its first address /console/xmodules still leads there)
          { path: 'modules', element: lazyPage(XmodulesPage) },
          { path: 'xmodules', element: <Navigate to="/console/modules" replace /> },
          { path: 'topics', element: lazyPage(TopicsPage) },
          { path: 'topics/tc/topicShow/:topicId', element: lazyPage(TopicDataPage) },
          { path: 'tasks', element: lazyPage(TasksPage) },
          { path: 'reports/*', element: lazyPage(ReportsPage) },
          { path: 'logs/*', element: lazyPage(AuditLogsPage) },
          { path: 'fb/feedback', element: lazyPage(FeedbackPage) },
          { path: 'issues/*', element: lazyPage(QuestionsPage) },
          // the personal centre's sections per application (decision 585)
          { path: 'helix/settings', element: lazyPage(HelixSettingsPage) },
          { path: 'helix/dds', element: lazyPage(DdsQueuePage) },
          { path: 'analysis', element: lazyPage(AnalysisPage) },
          ...MONITOR_CODES.map((code) => ({
            path: `monitor_${code}`,
            element: (
              <Suspense fallback={<PageSpinner />}>
                <MonitorPage key={code} code={code} />
              </Suspense>
            ),
          })),
          { path: 'ac/appclient', element: lazyPage(AppClientsPage) },
          { path: 'settings/account', element: lazyPage(AccountSettingsPage) },
          // the moderation queues (decisions 550-556): comments first
          { path: 'cc/comment', element: lazyPage(CommentModerationPage) },
          // the review queues of issue 29 §6 (decisions 610-619)
          { path: 'rc/resource_verify', element: lazyPage(ResourceVerifyQueue) },
          { path: 'uc/auditUser', element: lazyPage(AuditUserQueue) },
          // 学者认证 and 成果认领 (decisions 650-656)
          { path: 'ue/user_examine', element: lazyPage(UserExamineQueue) },
          { path: 'fa/fruit_appeal', element: lazyPage(FruitAppealQueue) },
          { path: 'communities', element: lazyPage(CommunitiesConsolePage) },
          { path: 'communities/:id', element: lazyPage(CommunityDetailConsolePage) },
          { path: 'pages', element: lazyPage(PagesPage) },
        ],
      },
      { path: 'application/:id/editor', element: lazyPage(EditorPage) },
      { path: 'application/:id/pages/:pageId/editor', element: lazyPage(EditorPage) },
      // spec 1 §2: any other console path falls back to the application page, which says the page does not exist
      { path: '*', element: <ConsoleFallback /> },
    ],
  },
];

/** The console: the page of the route table that matches the address below /console. */
export default function ConsoleRoutes() {
  return useRoutes(consoleRoutes);
}
