/**
 * /microapp/helix/communities (issue 29 §5; docs/decisions.md 620-629): the site's communities, active
 * ones first: cover, name, join rule, 已归档, member and post counts, the description (as text), and the
 * reader's place (已加入 with the role, 待审核, 已受邀). Each leads to its page. Rendered by the server;
 * its own lazy chunk (App.tsx).
 */
import { Link } from 'react-router';
import { Empty, Skeleton, Tag } from 'antd';
import { MSG, fillMsg } from '@common/messages';
import { COMMUNITY_JOIN_RULE_LABELS, COMMUNITY_ROLE_LABELS, communityHref } from '@common/communities';
import type { Community } from '@common/contracts/communities';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { ListFailure } from '../../shared/ListFailure';
import { useCommunities } from './api';
import './communities.css';

/** The page; see the file comment. */
export default function CommunitiesPage() {
  return <VisitorFrame title={MSG.communitiesTitle}>{(config) => <CommunityList applicationId={config.applicationId} />}</VisitorFrame>;
}

/** The reader's place in a community as a tag, or null. */
export function MembershipTag({ me }: { me: Community['me'] }) {
  if (me.state === 'active' && me.role) return <Tag color="green">{fillMsg(MSG.communityMemberAs, { role: COMMUNITY_ROLE_LABELS[me.role] })}</Tag>;
  if (me.state === 'requested') return <Tag color="orange">{MSG.communityStateRequested}</Tag>;
  if (me.state === 'invited') return <Tag color="blue">{MSG.communityStateInvited}</Tag>;
  return null;
}

function CommunityList({ applicationId }: { applicationId: number }) {
  const q = useCommunities(applicationId);
  return (
    <div className="atr-vcard atr-communities">
      <Crumbs trail={[[MSG.communitiesTitle]]} />
      <h1 className="atr-detail__title">{MSG.communitiesTitle}</h1>
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : q.isError ? (
        <ListFailure error={q.error} retry={() => void q.refetch()} />
      ) : q.data.content.length === 0 ? (
        <Empty description={MSG.communitiesEmpty} />
      ) : (
        <ul className="atr-communities__list">
          {q.data.content.map((c) => (
            <li key={c.id} className="atr-communities__item">
              <Link to={communityHref(c.id)} className="atr-communities__link">
                {c.cover ? (
                  <img className="atr-communities__cover" src={c.cover} alt="" />
                ) : (
                  <span className="atr-communities__cover atr-communities__cover--none">{c.name.slice(0, 1)}</span>
                )}
                <span className="atr-communities__body">
                  <span className="atr-communities__name">{c.name}</span>
                  <span className="atr-communities__tags">
                    <Tag>{COMMUNITY_JOIN_RULE_LABELS[c.joinRule]}</Tag>
                    {c.archived && <Tag color="default">{MSG.communityArchivedTag}</Tag>}
                    <MembershipTag me={c.me} />
                  </span>
                  <span className="atr-communities__meta">{fillMsg(MSG.communityCounts, { members: c.memberCount, posts: c.postCount })}</span>
                  {c.description && <span className="atr-communities__desc">{c.description}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
