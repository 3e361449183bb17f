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
const ExplorePage = lazy(() => withAntd(import('./pages/explore/ExplorePage')));
const ResourceDetailPage = lazy(() => withAntd(import('./pages/explore/ResourceDetailPage')));
const ScholarProfilePage = lazy(() => withAntd(import('./pages/explore/ScholarProfilePage')));
const TopResourcesPage = lazy(() => withAntd(import('./pages/explore/TopResourcesPage')));
const NavigatorPage = lazy(() => withAntd(import('./pages/explore/NavigatorPage')));
// the literature analysis of a search (issue 31 §1); its charts are a chunk of their own
const LiteratureMinerPage = lazy(() => withAntd(import('./pages/miner/LiteratureMinerPage')));
// the advanced search (issue 31 §2): the explore search's engine with fielded conditions
const AdvancedSearchPage = lazy(() => withAntd(import('./pages/explore/AdvancedSearchPage')));
const MaterialPage = lazy(() => withAntd(import('./pages/material/MaterialPage')));
const NoticePage = lazy(() => withAntd(import('./pages/notice/NoticePage')));
// Feed pages (spec 1 §2 'Links the panels produce'): each loaded when its link is first followed.
const ToolsPage = lazy(() => withAntd(import('./pages/feeds/ToolsPage')));
const ToolPage = lazy(() => withAntd(import('./pages/feeds/ToolPage')));
const JobsPage = lazy(() => withAntd(import('./pages/feeds/JobsPage')));
const JobPage = lazy(() => withAntd(import('./pages/feeds/JobPage')));
const WechatPage = lazy(() => withAntd(import('./pages/feeds/WechatPage')));
const WechatMaterialPage = lazy(() => withAntd(import('./pages/feeds/WechatMaterialPage')));
// the built-in 党费计算器 of the tools list (decision 643)
const PartyDuesPage = lazy(() => withAntd(import('./pages/tools/PartyDuesPage')));
// 微应用 in the site frame (spec 1 §2 /container/**, decision 644), signed-in only
const ContainerPage = lazy(() => withAntd(import('./pages/container/ContainerPage')));
const BulletinsPage = lazy(() => withAntd(import('./pages/feeds/BulletinsPage')));
const BulletinPage = lazy(() => withAntd(import('./pages/feeds/BulletinPage')));
// research reports
const ReportsPage = lazy(() => withAntd(import('./pages/report/ReportsPage')));
const ReportPage = lazy(() => withAntd(import('./pages/report/ReportPage')));
// personal pages
const RecommendationPage = lazy(() => withAntd(import('./pages/recommendation/RecommendationPage')));
const MySubscriptionsPage = lazy(() => withAntd(import('./pages/recommendation/MySubscriptionsPage')));
const TopicJournalsPage = lazy(() => withAntd(import('./pages/recommendation/TopicJournalsPage')));
const AccountPage = lazy(() => withAntd(import('./pages/account/AccountPage')));
// contact details and feedback (issue 29 item 3), signed-in only
const ContactPage = lazy(() => withAntd(import('./pages/contact/ContactPage')));
// the site's developer pages: the public read API, its feeds and OAI-PMH (docs/decisions.md 637)
const OpenPage = lazy(() => withAntd(import('./pages/open/OpenPage')));
const OpenDocsPage = lazy(() => withAntd(import('./pages/open/OpenDocsPage')));
// the reader pages below /microapp/helix (personal centre, questions, communities, recommendation): one
// lazy route table (pages/helix/HelixRoutes.tsx), each page its own chunk
const HelixRoutes = lazy(() => import('./pages/helix/HelixRoutes'));
// document delivery 文献传递 (issue 29 §7), signed-in only
const DdsPage = lazy(() => withAntd(import('./pages/dds/DdsPage')));
// the map of China by province (issue 31 §3, decisions 720-723); its map and GeoJSON are a further lazy chunk
const MapPage = lazy(() => withAntd(import('./pages/map/MapPage')));
// the visitor site's sign-in page (the console keeps /console/login)
// a composed page /xrender/{pageId} (issue 31 §4): the home page's grid, own markup, no antd
const XRenderPage = lazy(() => import('./pages/xrender/XRenderPage'));
const SiteLoginPage = lazy(() => withAntd(import('./pages/signin/SiteLoginPage')));

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
