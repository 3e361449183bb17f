/**
 * The reader pages under /microapp/helix (issue 29 §4-§9): the personal centre's explanation and the centre,
 * reference questions (ask, FAQ), communities and resource recommendation. One lazy route table, so the home
 * page's bundle carries one import for all of them (its 150 KB budget, issue 31 'Standards'); each page is
 * still its own chunk, loaded when it is opened, and server-rendered like the others (entry-server waits for
 * every lazy page). Unknown paths below /microapp/helix go to /block/404 like the top table's.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { withAntd } from '../../antdScope';
import { PageSpinner } from '../PageSpinner';

const HelixPage = lazy(() => withAntd(import('./HelixPage')));
const PersonalCenterPage = lazy(() => withAntd(import('./PersonalCenterPage')));
const AskPage = lazy(() => withAntd(import('../questions/AskPage')));
const FaqPage = lazy(() => withAntd(import('../questions/FaqPage')));
const CommunitiesPage = lazy(() => withAntd(import('../communities/CommunitiesPage')));
const CommunityPage = lazy(() => withAntd(import('../communities/CommunityPage')));
const RecommendPage = lazy(() => withAntd(import('../submissions/RecommendPage')));

const page = (C: ComponentType) => (
  <Suspense fallback={<PageSpinner />}>
    <C />
  </Suspense>
);

/** See the file comment: the routes below /microapp/helix/. */
export default function HelixRoutes() {
  return (
    <Routes>
      <Route index element={page(HelixPage)} />
      <Route path="personalCenter" element={page(PersonalCenterPage)} />
      <Route path="ask" element={page(AskPage)} />
      <Route path="faq" element={page(FaqPage)} />
      <Route path="communities" element={page(CommunitiesPage)} />
      <Route path="communities/:id" element={page(CommunityPage)} />
      <Route path="recommend" element={page(RecommendPage)} />
      <Route path="*" element={<Navigate to="/block/404" replace />} />
    </Routes>
  );
}
