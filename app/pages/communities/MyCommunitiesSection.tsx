/**
 * 我的社区 for the personal centre (issue 29 §5, §9; docs/decisions.md 620-629): no props; the signed-in
 * reader's communities of this site (read from the site config) with their role (圈主 / 管理员 / 成员) or
 * their pending request or invitation, each a link to the community's page, and a link to all the
 * site's communities. A signed-out visitor sees nothing (the personal centre asks them to sign in).
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Tag } from 'antd';
import { MSG } from '@common/messages';
import { COMMUNITY_ROLE_LABELS, communityHref } from '@common/communities';
import type { MyCommunity } from '@common/contracts/communities';
import { api } from '../../shared/apiClient';
import { useSiteConfig } from '../visitor/VisitorFrame';
import { ListFailure } from '../../shared/ListFailure';
import { communityKeys } from './api';
import './communities.css';

/** The tag of the reader's place in one of their communities. */
function PlaceTag({ c }: { c: MyCommunity }) {
  if (c.state === 'requested') return <Tag color="orange">{MSG.communityStateRequested}</Tag>;
  if (c.state === 'invited') return <Tag color="blue">{MSG.communityStateInvited}</Tag>;
  return <Tag color={c.role === 'owner' ? 'gold' : c.role === 'moderator' ? 'blue' : 'green'}>{COMMUNITY_ROLE_LABELS[c.role]}</Tag>;
}

/** See the file comment. */
export default function MyCommunitiesSection() {
  const site = useSiteConfig();
  const applicationId = site.data?.applicationId ?? 0;
  const q = useQuery({
    queryKey: communityKeys.mine(applicationId),
    enabled: applicationId > 0,
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/communities/mine', { params: { id: applicationId }, signal }),
  });
  return (
    <section className="atr-my-communities-section" aria-labelledby="atr-my-communities">
      <h2 id="atr-my-communities">{MSG.myCommunitiesTitle}</h2>
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : q.isError ? (
        (q.error as { status?: number }).status === 401 ? null : (
          <ListFailure error={q.error} retry={() => void q.refetch()} />
        )
      ) : q.data.content.length === 0 ? (
        <Empty description={MSG.myCommunitiesEmpty} />
      ) : (
        <ul className="atr-my-communities">
          {q.data.content.map((c) => (
            <li key={c.id}>
              <Link to={communityHref(c.id)}>{c.name}</Link>
              <PlaceTag c={c} />
              {c.archived && <Tag>{MSG.communityArchivedTag}</Tag>}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/microapp/helix/communities">{MSG.communitiesAll}</Link>
      </p>
    </section>
  );
}
