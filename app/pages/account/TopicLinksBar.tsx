/**
 * The user's topic links on the home page (spec 1 §1 and §6; docs/decisions.md 166): a thin strip under
 * the header with the saved links in order and the 专题管理 button, shown only for a signed-in user, on
 * a host of ATRIUM_TOPIC_LINK_HOSTS (the server answers `enabled`), on the non-group template. The
 * manager dialog loads lazily on first open.
 */
import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AppstoreOutlined } from '@modules/kit/icons';
import { SITE_MSG } from '@common/siteMessages';
import { UiButton } from '@modules/kit/ui';
import { withAntd } from '../../antdScope';
import { useSession } from '../../shared/session';
import { USER_LINKS_KEY, fetchUserLinks, showTopicManager } from './topicLinks';
import './account.css';

const TopicManager = lazy(() => withAntd(import('./TopicManager')));

/**
 * See the file comment. `bootUserId` is the signed-in user of the boot data; when the boot data is of
 * another page (`fromBoot` false: a client-side navigation, e.g. after signing in) the session is asked.
 */
export function TopicLinksBar({ bootUserId, fromBoot, groupTemplate }: { bootUserId: number | null; fromBoot: boolean; groupTemplate: boolean }) {
  const [open, setOpen] = useState(false);
  const session = useSession(!fromBoot);
  const userId = fromBoot ? bootUserId : (session.data?.id ?? null);
  const active = userId != null && !groupTemplate;
  const q = useQuery({ queryKey: [...USER_LINKS_KEY, userId], queryFn: () => fetchUserLinks(userId!), enabled: active, staleTime: 60_000 });
  if (!q.data || !showTopicManager(userId != null, q.data.enabled, groupTemplate)) return null;
  const links = q.data.links;
  return (
    <div className="atr-topic-bar" aria-label={SITE_MSG.topicLinksTitle}>
      <span className="atr-topic-bar-label">{SITE_MSG.topicLinksTitle}</span>
      <nav className="atr-topic-bar-links">
        {links.map((l) => (
          <a key={l.resourceId} href={l.resourceObject.url} className="atr-topic-chip" data-testid="topic-link">
            {l.resourceObject.cover ? <img src={l.resourceObject.cover} alt="" /> : null}
            {l.resourceObject.title}
          </a>
        ))}
      </nav>
      <UiButton icon={<AppstoreOutlined />} onClick={() => setOpen(true)}>
        {SITE_MSG.topicManager}
      </UiButton>
      {open && (
        <Suspense fallback={null}>
          <TopicManager userId={userId!} open={open} initial={links.map((l) => l.resourceObject)} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
