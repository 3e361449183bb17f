/**
 * The browser app: providers (TanStack Query; antd's come with each page that uses it, antdScope.tsx)
 * and the routes of spec 1 §2. The console's route table and each console page are
 * separate lazy chunks (docs/architecture.md §Browser: the visitor's site must not download the console).
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { hydrate, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from './api';
import { withAntd } from './antdScope';
import { antdPage, lazyChunk } from './pageChunks';
import { readBoot } from './boot';
import HomePage from './site/HomePage';
import { ModuleHost } from './site/ModuleHost';
import { PageSpinner } from './pages/PageSpinner';
import { DetailSigninGuard } from './pages/visitor/DetailSigninGuard';
import { SigninEffects } from './signin/SigninEffects';
import { NotFoundPage, RouteErrorPage, UnavailablePage, UnreleasedPage } from './pages/StatusPages';

// The console: its route table is a lazy chunk (console/index.tsx), and each of its pages another, loaded
// when it is opened (the first console page loaded every page's code). The table comes with
// antd's providers, for every console page.
const ConsoleRoutes = lazy(() => withAntd<object>(import('./console')));
// Visitor pages besides home: their own lazy chunks, so the home page bundle stays small.
const ExplorePage = antdPage('pages/explore/ExplorePage.tsx', () => import('./pages/explore/ExplorePage'));
const ResourceDetailPage = antdPage('pages/explore/ResourceDetailPage.tsx', () => import('./pages/explore/ResourceDetailPage'));
const ScholarProfilePage = antdPage('pages/explore/ScholarProfilePage.tsx', () => import('./pages/explore/ScholarProfilePage'));
const TopResourcesPage = antdPage('pages/explore/TopResourcesPage.tsx', () => import('./pages/explore/TopResourcesPage'));
const NavigatorPage = antdPage('pages/explore/NavigatorPage.tsx', () => import('./pages/explore/NavigatorPage'));
// the literature analysis of a search (issue 31 §1); its charts are a chunk of their own
const LiteratureMinerPage = antdPage('pages/miner/LiteratureMinerPage.tsx', () => import('./pages/miner/LiteratureMinerPage'));
// the advanced search (issue 31 §2): the explore search's engine with fielded conditions
const AdvancedSearchPage = antdPage('pages/explore/AdvancedSearchPage.tsx', () => import('./pages/explore/AdvancedSearchPage'));
const MaterialPage = antdPage('pages/material/MaterialPage.tsx', () => import('./pages/material/MaterialPage'));
const NoticePage = antdPage('pages/notice/NoticePage.tsx', () => import('./pages/notice/NoticePage'));
// Feed pages (spec 1 §2 'Links the panels produce'): each loaded when its link is first followed.
const ToolsPage = antdPage('pages/feeds/ToolsPage.tsx', () => import('./pages/feeds/ToolsPage'));
const ToolPage = antdPage('pages/feeds/ToolPage.tsx', () => import('./pages/feeds/ToolPage'));
const JobsPage = antdPage('pages/feeds/JobsPage.tsx', () => import('./pages/feeds/JobsPage'));
const JobPage = antdPage('pages/feeds/JobPage.tsx', () => import('./pages/feeds/JobPage'));
const WechatPage = antdPage('pages/feeds/WechatPage.tsx', () => import('./pages/feeds/WechatPage'));
const WechatMaterialPage = antdPage('pages/feeds/WechatMaterialPage.tsx', () => import('./pages/feeds/WechatMaterialPage'));
// the built-in 党费计算器 of the tools list (decision 643)
const PartyDuesPage = antdPage('pages/tools/PartyDuesPage.tsx', () => import('./pages/tools/PartyDuesPage'));
// 微应用 in the site frame (spec 1 §2 /container/**, decision 644), signed-in only
const ContainerPage = antdPage('pages/container/ContainerPage.tsx', () => import('./pages/container/ContainerPage'));
const BulletinsPage = antdPage('pages/feeds/BulletinsPage.tsx', () => import('./pages/feeds/BulletinsPage'));
const BulletinPage = antdPage('pages/feeds/BulletinPage.tsx', () => import('./pages/feeds/BulletinPage'));
// research reports
const ReportsPage = antdPage('pages/report/ReportsPage.tsx', () => import('./pages/report/ReportsPage'));
const ReportPage = antdPage('pages/report/ReportPage.tsx', () => import('./pages/report/ReportPage'));
// personal pages
const RecommendationPage = antdPage('pages/recommendation/RecommendationPage.tsx', () => import('./pages/recommendation/RecommendationPage'));
const MySubscriptionsPage = antdPage('pages/recommendation/MySubscriptionsPage.tsx', () => import('./pages/recommendation/MySubscriptionsPage'));
const TopicJournalsPage = antdPage('pages/recommendation/TopicJournalsPage.tsx', () => import('./pages/recommendation/TopicJournalsPage'));
const AccountPage = antdPage('pages/account/AccountPage.tsx', () => import('./pages/account/AccountPage'));
// contact details and feedback (issue 29 item 3), signed-in only
const ContactPage = antdPage('pages/contact/ContactPage.tsx', () => import('./pages/contact/ContactPage'));
// the site's developer pages: the public read API, its feeds and OAI-PMH (docs/decisions.md 637)
const OpenPage = antdPage('pages/open/OpenPage.tsx', () => import('./pages/open/OpenPage'));
const OpenDocsPage = antdPage('pages/open/OpenDocsPage.tsx', () => import('./pages/open/OpenDocsPage'));
// the reader pages below /microapp/helix (personal centre, questions, communities, recommendation): one
// lazy route table (pages/helix/HelixRoutes.tsx), each page its own chunk
const HelixRoutes = lazyChunk(['pages/helix/HelixRoutes.tsx'], () => import('./pages/helix/HelixRoutes'));
// document delivery 文献传递 (issue 29 §7), signed-in only
const DdsPage = antdPage('pages/dds/DdsPage.tsx', () => import('./pages/dds/DdsPage'));
// the map of China by province (issue 31 §3, decisions 720-723); its map and GeoJSON are a further lazy chunk
const MapPage = antdPage('pages/map/MapPage.tsx', () => import('./pages/map/MapPage'));
// the visitor site's sign-in page (the console keeps /console/login)
// a composed page /xrender/{pageId} (issue 31 §4): the home page's grid, own markup, no antd
const XRenderPage = lazyChunk(['pages/xrender/XRenderPage.tsx'], () => import('./pages/xrender/XRenderPage'));
const SiteLoginPage = antdPage('pages/signin/SiteLoginPage.tsx', () => import('./pages/signin/SiteLoginPage'));

const lazyPage = (C: ComponentType): ReactNode => (
  <Suspense fallback={<PageSpinner />}>
    <C />
  </Suspense>
);

const pages: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  // spec 1 §2 'Console routes': the table of console/index.tsx
  { path: '/console/*', element: lazyPage(ConsoleRoutes) },
  // spec 1 §2: /microapp/** (and /container/**) need login on a site with 详情页需登录 on
  {
    element: <DetailSigninGuard />,
    children: [
      { path: '/microapp/explore', element: lazyPage(ExplorePage) },
      { path: '/microapp/explore/resources/:type/:id', element: lazyPage(ResourceDetailPage) },
      { path: '/microapp/profile/:id', element: lazyPage(ScholarProfilePage) },
      { path: '/microapp/navigator', element: lazyPage(NavigatorPage) },
      { path: '/microapp/widget/tools', element: lazyPage(ToolsPage) },
      { path: '/microapp/widget/tools/party-dues', element: lazyPage(PartyDuesPage) },
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
      { path: '/microapp/helix/*', element: lazyPage(HelixRoutes) },
      { path: '/container/:entry', element: lazyPage(ContainerPage) },
    ],
  },
  { path: '/top-resources', element: lazyPage(TopResourcesPage) },
  { path: '/LiteratureMiner', element: lazyPage(LiteratureMinerPage) },
  { path: '/exploreV3', element: lazyPage(AdvancedSearchPage) },
  { path: '/resources/material/:id', element: lazyPage(MaterialPage) },
  { path: '/resources/notices/:id', element: lazyPage(NoticePage) },
  { path: '/subscriptions/journals', element: lazyPage(MySubscriptionsPage) },
  { path: '/subscriptions-topic/journals', element: lazyPage(TopicJournalsPage) },
  { path: '/settings/account', element: lazyPage(AccountPage) },
  { path: '/temp/contact', element: lazyPage(ContactPage) },
  { path: '/microapp/open', element: lazyPage(OpenPage) },
  { path: '/microapp/open/docs', element: lazyPage(OpenDocsPage) },
  { path: '/temp/dds', element: lazyPage(DdsPage) },
  { path: '/xrender/:pageId', element: lazyPage(XRenderPage) },
  { path: '/temp/map', element: lazyPage(MapPage) },
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
