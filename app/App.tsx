/**
 * The browser app: providers (antd ConfigProvider zh_CN with the site's primary colour, antd App for
 * message/modal, TanStack Query) and the routes of spec 1 §2. The console and the home page editor are
 * separate lazy chunks (DESIGN.md 'Browser': the visitor's site must not download the console).
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { hydrate, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { DEFAULT_PRIMARY_COLOR, MESSAGE_DURATION_MS } from '@common/constants';
import { ApiError } from './api';
import { readBoot } from './boot';
import HomePage from './site/HomePage';
import { PageSpinner } from './pages/PageSpinner';
import { SigninEffects } from './signin/SigninEffects';
import { NotFoundPage, RouteErrorPage, UnavailablePage, UnreleasedPage } from './pages/StatusPages';

// The console is one lazy chunk (its pages come from one module), the editor another.
const consoleModule = () => import('./console');
const ConsoleGuard = lazy(() => consoleModule().then((m) => ({ default: m.ConsoleGuard })));
const ConsoleLayout = lazy(() => consoleModule().then((m) => ({ default: m.ConsoleLayout })));
const LoginPage = lazy(() => consoleModule().then((m) => ({ default: m.LoginPage })));
const ApplicationsPage = lazy(() => consoleModule().then((m) => ({ default: m.ApplicationsPage })));
const ApplicationSettingsPage = lazy(() => consoleModule().then((m) => ({ default: m.ApplicationSettingsPage })));
const FilesPage = lazy(() => consoleModule().then((m) => ({ default: m.FilesPage })));
const SiteChromePage = lazy(() => consoleModule().then((m) => ({ default: m.SiteChromePage })));
const ManagersPage = lazy(() => consoleModule().then((m) => ({ default: m.ManagersPage })));
const UsersPage = lazy(() => consoleModule().then((m) => ({ default: m.UsersPage })));
const RoleConfigPage = lazy(() => consoleModule().then((m) => ({ default: m.RoleConfigPage })));
const EditorPage = lazy(() => import('./console/editor/EditorPage'));
// Visitor pages besides home: their own lazy chunks, so the home page bundle stays small.
const ExplorePage = lazy(() => import('./pages/explore/ExplorePage'));
const ResourceDetailPage = lazy(() => import('./pages/explore/ResourceDetailPage'));
const ScholarProfilePage = lazy(() => import('./pages/explore/ScholarProfilePage'));
const TopResourcesPage = lazy(() => import('./pages/explore/TopResourcesPage'));
const NavigatorPage = lazy(() => import('./pages/explore/NavigatorPage'));
const MaterialPage = lazy(() => import('./pages/material/MaterialPage'));
const WechatManagerPage = lazy(() => import('./console/wechats/WechatManagerPage'));
const ContentPage = lazy(() => consoleModule().then((m) => ({ default: m.ContentPage })));
const NoticePage = lazy(() => import('./pages/notice/NoticePage'));
const ResourcesPage = lazy(() => import('./console/resources/ResourcesPage').then((m) => ({ default: m.ResourcesPage })));
const XmodulesPage = lazy(() => import('./console/xmodules/XmodulesPage').then((m) => ({ default: m.XmodulesPage })));
// Feed pages (spec 1 §2 'Links the panels produce'): each loaded when its link is first followed.
const ToolsPage = lazy(() => import('./pages/feeds/ToolsPage'));
const ToolPage = lazy(() => import('./pages/feeds/ToolPage'));
const JobsPage = lazy(() => import('./pages/feeds/JobsPage'));
const JobPage = lazy(() => import('./pages/feeds/JobPage'));
const WechatPage = lazy(() => import('./pages/feeds/WechatPage'));
const WechatMaterialPage = lazy(() => import('./pages/feeds/WechatMaterialPage'));
const BulletinsPage = lazy(() => import('./pages/feeds/BulletinsPage'));
const BulletinPage = lazy(() => import('./pages/feeds/BulletinPage'));
// personal pages (issue 5)
const RecommendationPage = lazy(() => import('./pages/recommendation/RecommendationPage'));
const MySubscriptionsPage = lazy(() => import('./pages/recommendation/MySubscriptionsPage'));
const TopicJournalsPage = lazy(() => import('./pages/recommendation/TopicJournalsPage'));
const AccountPage = lazy(() => import('./pages/account/AccountPage'));

const lazyPage = (C: ComponentType): ReactNode => <Suspense fallback={<PageSpinner />}><C /></Suspense>;

const pages: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/console/login', element: lazyPage(LoginPage) },
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
          { path: 'wechats/wechatManager', element: lazyPage(WechatManagerPage) },
          { path: 'application/:id/site', element: lazyPage(SiteChromePage) },
          { path: 'application/:id/content', element: lazyPage(ContentPage) },
          { path: 'application/:id/resources', element: lazyPage(ResourcesPage) },
          { path: 'xmodules', element: lazyPage(XmodulesPage) },
        ],
      },
      { path: 'application/:id/editor', element: lazyPage(EditorPage) },
      // spec 1 §2: any other console path falls back to the application page
      { path: '*', element: <Navigate to="/console/applications" replace /> },
    ],
  },
  { path: '/microapp/explore', element: lazyPage(ExplorePage) },
  { path: '/microapp/explore/resources/:type/:id', element: lazyPage(ResourceDetailPage) },
  { path: '/microapp/profile/:id', element: lazyPage(ScholarProfilePage) },
  { path: '/top-resources', element: lazyPage(TopResourcesPage) },
  { path: '/microapp/navigator', element: lazyPage(NavigatorPage) },
  { path: '/resources/material/:id', element: lazyPage(MaterialPage) },
  { path: '/resources/notices/:id', element: lazyPage(NoticePage) },
  { path: '/microapp/widget/tools', element: lazyPage(ToolsPage) },
  { path: '/microapp/widget/tools/*', element: lazyPage(ToolPage) },
  { path: '/microapp/jobs', element: lazyPage(JobsPage) },
  { path: '/microapp/jobs/:id', element: lazyPage(JobPage) },
  { path: '/microapp/wechat', element: lazyPage(WechatPage) },
  { path: '/microapp/wechat/material/:id', element: lazyPage(WechatMaterialPage) },
  { path: '/microapp/bulletin', element: lazyPage(BulletinsPage) },
  { path: '/microapp/bulletin/:id', element: lazyPage(BulletinPage) },
  { path: '/microapp/recommendation', element: lazyPage(RecommendationPage) },
  { path: '/subscriptions/journals', element: lazyPage(MySubscriptionsPage) },
  { path: '/subscriptions-topic/journals', element: lazyPage(TopicJournalsPage) },
  { path: '/settings/account', element: lazyPage(AccountPage) },
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
 * The providers of every page (antd ConfigProvider zh_CN with the site's primary colour, antd App for
 * message/modal, TanStack Query) and the sign-in effects around `children` (the router). The browser
 * (main.tsx) and the server renderer (entry-server.tsx) wrap their router in it, so both render the
 * same tree.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const boot = readBoot();
  const primary = boot.config?.themeConfig?.primaryColor || DEFAULT_PRIMARY_COLOR;
  return (
    <ConfigProvider
      locale={zhCN}
      // secondary texts darkened to 5.8:1 on white (antd's default 0.45 black is 3.4:1; issue 10 §7)
      theme={{ token: { colorPrimary: primary, colorLink: primary, borderRadius: 6, colorTextDescription: '#5f6673', colorTextTertiary: '#5f6673' } }}
      button={{ autoInsertSpace: false }}
    >
      <AntApp message={{ duration: MESSAGE_DURATION_MS / 1000, maxCount: 3 }}>
        <QueryClientProvider client={queryClient}>
          <SigninEffects />
          {children}
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
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
