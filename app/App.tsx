/**
 * The browser app: providers (TanStack Query; antd's come with each page that uses it, antdScope.tsx)
 * and the routes of spec 1 §2. The console and the home page editor are
 * separate lazy chunks (DESIGN.md 'Browser': the visitor's site must not download the console).
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { hydrate, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from './api';
import { withAntd } from './antdScope';
import { readBoot } from './boot';
import HomePage from './site/HomePage';
import { ModuleHost } from './site/ModuleHost';
import { PageSpinner } from './pages/PageSpinner';
import { DetailSigninGuard } from './pages/visitor/DetailSigninGuard';
import { SigninEffects } from './signin/SigninEffects';
import { NotFoundPage, RouteErrorPage, UnavailablePage, UnreleasedPage } from './pages/StatusPages';

// The console is one lazy chunk (its pages come from one module), the editor another.
const consoleModule = () => import('./console');
const ConsoleGuard = lazy(() => withAntd<object>(consoleModule().then((m) => ({ default: m.ConsoleGuard }))));
const ConsoleLayout = lazy(() => consoleModule().then((m) => ({ default: m.ConsoleLayout })));
const LoginPage = lazy(() => withAntd<object>(consoleModule().then((m) => ({ default: m.LoginPage }))));
const BlockPage = lazy(() => withAntd<object>(consoleModule().then((m) => ({ default: m.BlockPage }))));
const ApplicationsPage = lazy(() => consoleModule().then((m) => ({ default: m.ApplicationsPage })));
const ApplicationSettingsPage = lazy(() => consoleModule().then((m) => ({ default: m.ApplicationSettingsPage })));
const FilesPage = lazy(() => consoleModule().then((m) => ({ default: m.FilesPage })));
const SiteChromePage = lazy(() => consoleModule().then((m) => ({ default: m.SiteChromePage })));
const ManagersPage = lazy(() => consoleModule().then((m) => ({ default: m.ManagersPage })));
const UsersPage = lazy(() => consoleModule().then((m) => ({ default: m.UsersPage })));
const RoleConfigPage = lazy(() => consoleModule().then((m) => ({ default: m.RoleConfigPage })));
const TopicsPage = lazy(() => consoleModule().then((m) => ({ default: m.TopicsPage })));
const TopicDataPage = lazy(() => consoleModule().then((m) => ({ default: m.TopicDataPage })));
const TasksPage = lazy(() => consoleModule().then((m) => ({ default: m.TasksPage })));
const ReportsConsolePage = lazy(() => consoleModule().then((m) => ({ default: m.ReportsPage })));
const AuditLogsPage = lazy(() => consoleModule().then((m) => ({ default: m.AuditLogsPage })));
// the sections of issue 13 §1: job postings, tools, WeChat articles
const JobsConsolePage = lazy(() => consoleModule().then((m) => ({ default: m.JobsPage })));
const ToolsConsolePage = lazy(() => consoleModule().then((m) => ({ default: m.ToolsPage })));
const WechatArticlesConsolePage = lazy(() => consoleModule().then((m) => ({ default: m.WechatArticlesPage })));
const AppClientsPage = lazy(() => consoleModule().then((m) => ({ default: m.AppClientsPage })));
const AccountSettingsPage = lazy(() => consoleModule().then((m) => ({ default: m.AccountSettingsPage })));
const ConsoleFallback = lazy(() => consoleModule().then((m) => ({ default: m.ConsoleFallback })));
const EditorPage = lazy(() => import('./console/editor/EditorPage')); // inside ConsoleGuard's antd providers
// Visitor pages besides home: their own lazy chunks, so the home page bundle stays small.
const ExplorePage = lazy(() => withAntd(import('./pages/explore/ExplorePage')));
const ResourceDetailPage = lazy(() => withAntd(import('./pages/explore/ResourceDetailPage')));
const ScholarProfilePage = lazy(() => withAntd(import('./pages/explore/ScholarProfilePage')));
const TopResourcesPage = lazy(() => withAntd(import('./pages/explore/TopResourcesPage')));
const NavigatorPage = lazy(() => withAntd(import('./pages/explore/NavigatorPage')));
const MaterialPage = lazy(() => withAntd(import('./pages/material/MaterialPage')));
const WechatManagerPage = lazy(() => import('./console/wechats/WechatManagerPage')); // inside ConsoleGuard's antd providers
const ContentPage = lazy(() => consoleModule().then((m) => ({ default: m.ContentPage })));
const NoticePage = lazy(() => withAntd(import('./pages/notice/NoticePage')));
const ResourcesPage = lazy(() => import('./console/resources/ResourcesPage').then((m) => ({ default: m.ResourcesPage }))); // inside ConsoleGuard's antd providers
const AnalysisPage = lazy(() => import('./console/analysis/AnalysisPage')); // inside ConsoleGuard's antd providers; ECharts only here (issue 13 §1)
const XmodulesPage = lazy(() => import('./console/xmodules/XmodulesPage').then((m) => ({ default: m.XmodulesPage }))); // inside ConsoleGuard's antd providers
// Feed pages (spec 1 §2 'Links the panels produce'): each loaded when its link is first followed.
const ToolsPage = lazy(() => withAntd(import('./pages/feeds/ToolsPage')));
const ToolPage = lazy(() => withAntd(import('./pages/feeds/ToolPage')));
const JobsPage = lazy(() => withAntd(import('./pages/feeds/JobsPage')));
const JobPage = lazy(() => withAntd(import('./pages/feeds/JobPage')));
const WechatPage = lazy(() => withAntd(import('./pages/feeds/WechatPage')));
const WechatMaterialPage = lazy(() => withAntd(import('./pages/feeds/WechatMaterialPage')));
const BulletinsPage = lazy(() => withAntd(import('./pages/feeds/BulletinsPage')));
const BulletinPage = lazy(() => withAntd(import('./pages/feeds/BulletinPage')));
// research reports (issue 13 §2)
const ReportsPage = lazy(() => withAntd(import('./pages/report/ReportsPage')));
const ReportPage = lazy(() => withAntd(import('./pages/report/ReportPage')));
// personal pages (issue 5)
const RecommendationPage = lazy(() => withAntd(import('./pages/recommendation/RecommendationPage')));
const MySubscriptionsPage = lazy(() => withAntd(import('./pages/recommendation/MySubscriptionsPage')));
const TopicJournalsPage = lazy(() => withAntd(import('./pages/recommendation/TopicJournalsPage')));
const AccountPage = lazy(() => withAntd(import('./pages/account/AccountPage')));
// the visitor site's sign-in page (issue 13 §5; the console keeps /console/login)
const SiteLoginPage = lazy(() => withAntd(import('./pages/signin/SiteLoginPage')));

const lazyPage = (C: ComponentType): ReactNode => (
  <Suspense fallback={<PageSpinner />}>
    <C />
  </Suspense>
);

const pages: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/console/login', element: lazyPage(LoginPage) },
  // spec 1 §2: the one console route that needs no login (a signed-in user without a console right lands here)
  { path: '/console/block', element: lazyPage(BlockPage) },
  {
    path: '/console',
    element: lazyPage(ConsoleGuard),
    children: [
      { index: true, element: <Navigate to="/console/applications" replace /> },
      {
        element: lazyPage(ConsoleLayout),
        children: [
          { path: 'applications', element: lazyPage(ApplicationsPage) },
          { path: 'application/:id', element: lazyPage(ApplicationSettingsPage) },
          { path: 'files', element: lazyPage(FilesPage) },
          { path: 'managers', element: lazyPage(ManagersPage) },
          { path: 'users', element: lazyPage(UsersPage) },
          { path: 'users/rights', element: lazyPage(RoleConfigPage) },
          // issue 13 §1 /console/wechats/**: the accounts (also at their first address, wechatManager) and the articles
          { path: 'wechats', element: lazyPage(WechatManagerPage) },
          { path: 'wechats/wechatManager', element: lazyPage(WechatManagerPage) },
          { path: 'wechats/articles/*', element: lazyPage(WechatArticlesConsolePage) },
          { path: 'jobs/*', element: lazyPage(JobsConsolePage) },
          { path: 'tools/*', element: lazyPage(ToolsConsolePage) },
          { path: 'application/:id/site', element: lazyPage(SiteChromePage) },
          { path: 'application/:id/content', element: lazyPage(ContentPage) },
          { path: 'application/:id/resources', element: lazyPage(ResourcesPage) },
          // spec 1 §2 /console/modules: the custom component catalogue (its first address /console/xmodules still leads there)
          { path: 'modules', element: lazyPage(XmodulesPage) },
          { path: 'xmodules', element: <Navigate to="/console/modules" replace /> },
          { path: 'topics', element: lazyPage(TopicsPage) },
          { path: 'topics/tc/topicShow/:topicId', element: lazyPage(TopicDataPage) },
          { path: 'tasks', element: lazyPage(TasksPage) },
          { path: 'reports/*', element: lazyPage(ReportsConsolePage) },
          { path: 'logs/*', element: lazyPage(AuditLogsPage) },
          { path: 'analysis', element: lazyPage(AnalysisPage) },
          { path: 'ac/appclient', element: lazyPage(AppClientsPage) },
          { path: 'settings/account', element: lazyPage(AccountSettingsPage) },
        ],
      },
      { path: 'application/:id/editor', element: lazyPage(EditorPage) },
      // spec 1 §2: any other console path falls back to the application page, which says the page does not exist
      { path: '*', element: lazyPage(ConsoleFallback) },
    ],
  },
  // spec 1 §2: /microapp/** (and /container/**) need login on a site with 详情页需登录 on (issue 13 §4)
  {
    element: <DetailSigninGuard />,
    children: [
      { path: '/microapp/explore', element: lazyPage(ExplorePage) },
      { path: '/microapp/explore/resources/:type/:id', element: lazyPage(ResourceDetailPage) },
      { path: '/microapp/profile/:id', element: lazyPage(ScholarProfilePage) },
      { path: '/microapp/navigator', element: lazyPage(NavigatorPage) },
      { path: '/microapp/widget/tools', element: lazyPage(ToolsPage) },
      { path: '/microapp/widget/tools/*', element: lazyPage(ToolPage) },
      { path: '/microapp/jobs', element: lazyPage(JobsPage) },
      { path: '/microapp/jobs/:id', element: lazyPage(JobPage) },
      { path: '/microapp/wechat', element: lazyPage(WechatPage) },
      { path: '/microapp/wechat/material/:id', element: lazyPage(WechatMaterialPage) },
      { path: '/microapp/bulletin', element: lazyPage(BulletinsPage) },
      { path: '/microapp/bulletin/:id', element: lazyPage(BulletinPage) },
      { path: '/microapp/report', element: lazyPage(ReportsPage) },
      { path: '/microapp/report/detail/:id', element: lazyPage(ReportPage) },
      { path: '/microapp/recommendation', element: lazyPage(RecommendationPage) },
    ],
  },
  { path: '/top-resources', element: lazyPage(TopResourcesPage) },
  { path: '/resources/material/:id', element: lazyPage(MaterialPage) },
  { path: '/resources/notices/:id', element: lazyPage(NoticePage) },
  { path: '/subscriptions/journals', element: lazyPage(MySubscriptionsPage) },
  { path: '/subscriptions-topic/journals', element: lazyPage(TopicJournalsPage) },
  { path: '/settings/account', element: lazyPage(AccountPage) },
  { path: '/login', element: lazyPage(SiteLoginPage) },
  { path: '/block/404', element: <NotFoundPage /> },
  { path: '/block/503', element: <UnavailablePage /> },
  { path: '/unrelease', element: <UnreleasedPage /> },
  { path: '*', element: <Navigate to="/block/404" replace /> },
];

/** The route table (spec 1 §2 'Console routes', 'Public routes'); unknown paths go to /block/404. */
export const routes: RouteObject[] = [{ errorElement: <RouteErrorPage />, children: pages }];

/** Query client: our API client already retries a GET once (spec 2 §9), so queries do not retry again. */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        // a session that ended while the console was open: ask the guard to check again
        if (err instanceof ApiError && err.status === 401 && query.queryKey[0] !== 'session') {
          void client.invalidateQueries({ queryKey: ['session'] });
        }
      },
    }),
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  return client;
}

/**
 * The providers of every page (TanStack Query; what the modules get from the host, site/ModuleHost.tsx:
 * the nested-module renderer and the API client) and the sign-in effects around `children` (the router).
 * antd's providers come with each page that uses antd (antdScope.tsx withAntd; decision 252). The
 * browser (main.tsx) and the server renderer (entry-server.tsx) wrap their router in it, so both render
 * the same tree.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ModuleHost>
        <SigninEffects />
        {children}
      </ModuleHost>
    </QueryClientProvider>
  );
}

/** The browser's root component: the providers around the browser router (one of each per page load). */
export default function App() {
  return (
    <AppProviders queryClient={getQueryClient()}>
      <RouterProvider router={getRouter()} />
    </AppProviders>
  );
}

let routerSingleton: ReturnType<typeof createBrowserRouter> | null = null;
let queryClientSingleton: QueryClient | null = null;
function getRouter() {
  routerSingleton ??= createBrowserRouter(routes);
  return routerSingleton;
}
/** The browser's query client; on the first call it takes the queries the server rendered with (boot data). */
export function getQueryClient(): QueryClient {
  if (!queryClientSingleton) {
    queryClientSingleton = createQueryClient();
    const state = readBoot().queries;
    if (state) hydrate(queryClientSingleton, state);
  }
  return queryClientSingleton;
}
