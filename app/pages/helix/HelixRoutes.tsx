/**
 * The reader pages under /microapp/helix (issue 29 §4-§9): the personal centre's explanation and the centre,
 * reference questions (ask, FAQ), communities and resource recommendation. One lazy route table, so the home
 * page's bundle carries one import for all of them (its 150 KB budget, issue 31 'Standards'); each page is
 * still its own chunk, loaded when it is opened, and server-rendered like the others (entry-server waits for
 * every lazy page). Unknown paths below /microapp/helix go to /block/404 like the top table's.
 */
import { Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { antdPage } from '../../pageChunks';
import { PageSpinner } from '../PageSpinner';

const HelixPage = antdPage('pages/helix/HelixPage.tsx', () => import('./HelixPage'));
const PersonalCenterPage = antdPage('pages/helix/PersonalCenterPage.tsx', () => import('./PersonalCenterPage'));
const AskPage = antdPage('pages/questions/AskPage.tsx', () => import('../questions/AskPage'));
const FaqPage = antdPage('pages/questions/FaqPage.tsx', () => import('../questions/FaqPage'));
const CommunitiesPage = antdPage('pages/communities/CommunitiesPage.tsx', () => import('../communities/CommunitiesPage'));
const CommunityPage = antdPage('pages/communities/CommunityPage.tsx', () => import('../communities/CommunityPage'));
const RecommendPage = antdPage('pages/submissions/RecommendPage.tsx', () => import('../submissions/RecommendPage'));

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
