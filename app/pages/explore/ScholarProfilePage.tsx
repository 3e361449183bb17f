/**
 * /microapp/profile/{id} (spec 1 §2 'Scholar profile'): a scholar with their institution and
 * outputs. The scholar comes from GET /api/v1/resources/scholar/{id}; the institution card from the
 * linked institution resource (fields.institutionId, set by the import); outputs are the site's
 * resources that name the scholar (GET /api/v1/search with the name), with a link to the scholar's
 * DBLP record when the import kept one. Homepage links open in a new tab. 学者认证 (claims/ScholarClaim.tsx,
 * decisions 650-653): 已认证, the approved biography and links, 我是该学者.
 */
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Empty, Skeleton, Tag } from 'antd';
import { BankOutlined, HomeOutlined, ReadOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';

import { VisitorFrame } from '../visitor/VisitorFrame';
import { detailRows, externalUrl, fieldText } from '../visitor/fields';
import { itemHref, typeLabel } from './searchParts';
import { useResource } from './ResourceDetailPage';
import { DetailFailure } from '../visitor/DetailFallback';

import { FactList } from '../visitor/FactList';
import { useResourceOpen } from '../../site/usage';
import { api } from '../../shared/apiClient';
import { ScholarClaim, useScholarVerification } from '../claims/ScholarClaim';

/** The profile page; see the file comment. */
export default function ScholarProfilePage() {
  const { id = '' } = useParams();
  return (
    <VisitorFrame title={typeLabel('scholar')}>
      {(config, site) => <Profile id={id} applicationId={config.applicationId} signedIn={!!site.user} />}
    </VisitorFrame>
  );
}

function Profile({ id, applicationId, signedIn }: { id: string; applicationId: number; signedIn: boolean }) {
  const q = useResource('scholar', id);
  // counted once the record answered, under its own type (decision 426)
  useResourceOpen(q.data?.type, typeof q.data?.id === 'number' ? q.data.id : undefined);
  const s = q.data;
  const institutionId = s ? Number(s.institutionId) : NaN;
  const inst = useQuery({
    queryKey: ['resource', 'institution', String(institutionId)],
    enabled: Number.isInteger(institutionId) && institutionId > 0,
    queryFn: ({ signal }) => api.get('/api/v1/resources/{type}/{id}', { params: { type: 'institution', id: institutionId }, signal }),
    retry: false,
  });
  const outputs = useQuery({
    queryKey: ['scholar-outputs', applicationId, s?.title],
    enabled: !!s,
    queryFn: ({ signal }) => api.get('/api/v1/search', { query: { q: s!.title, applicationId, size: 10 }, signal }),
  });
  // outputs claimed by the verified scholar come first; those they disputed leave the name search's list (decision 657)
  const verification = useScholarVerification(Number(id), applicationId, signedIn).q.data;
  if (q.isPending)
    return (
      <div className="atr-vcard">
        <Skeleton avatar active paragraph={{ rows: 6 }} />
      </div>
    );
  if (q.isError)
    return (
      <div className="atr-vcard">
        <DetailFailure error={q.error} retry={() => void q.refetch()} />
      </div>
    );
  const scholar = q.data;
  const homepage = externalUrl(scholar);
  const dblp = fieldText(scholar.dblp_name) || scholar.title;
  // the scholar's own record is not one of their works
  const claimed = verification?.outputs ?? [];
  const left = new Set([...(verification?.disputed ?? []), ...claimed.map((w) => w.id)]);
  const works = [...claimed, ...(outputs.data?.content ?? []).filter((w) => !(w.type === scholar.type && w.id === scholar.id) && !left.has(w.id))];
  const rows = detailRows(scholar).filter(([label]) => label !== '机构');
  return (
    <>
      <section className="atr-vcard">
        <div className="atr-crumbs">
          <Link to="/">{MSG.backHome}</Link> / {typeLabel('scholar')}
        </div>
        <div className="atr-detail__head" style={{ marginTop: 12 }}>
          <Avatar
            size={88}
            src={fieldText(scholar.avatar) || undefined}
            alt={scholar.title}
            style={{ flex: 'none', fontSize: 36, background: 'var(--atr-primary)' }}
          >
            {scholar.title.slice(0, 1)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <h1 className="atr-detail__title">{scholar.title}</h1>
            <div className="atr-detail__meta">
              {fieldText(scholar.academic_title) && <Tag className="atr-tag-honour">{fieldText(scholar.academic_title)}</Tag>}
              {fieldText(scholar.institution) && (
                <span>
                  <BankOutlined /> {fieldText(scholar.institution)}
                </span>
              )}
              {homepage && (
                <a href={homepage} target="_blank" rel="noopener noreferrer">
                  <HomeOutlined /> {MSG.detailHomepage}
                </a>
              )}
              <a href={`https://dblp.org/search?q=${encodeURIComponent(dblp)}`} target="_blank" rel="noopener noreferrer">
                <ReadOutlined /> {MSG.profileDblp}
              </a>
            </div>
            {/* 已认证, the approved biography and links, 我是该学者 (issue 29 §6, decisions 650-653) */}
            <ScholarClaim
              scholarId={scholar.id}
              name={scholar.title}
              applicationId={applicationId}
              signedIn={signedIn}
              path={`/microapp/profile/${scholar.id}`}
            />
          </div>
        </div>
        {rows.length > 0 && (
          <div className="atr-detail__section">
            <FactList rows={rows} />
          </div>
        )}
      </section>
      {inst.data && (
        <section className="atr-vcard">
          <h2 className="atr-vcard__title">{MSG.profileInstitution}</h2>
          <Link to={itemHref(inst.data)} className="atr-nav-card" style={{ maxWidth: 420 }}>
            <Avatar shape="square" size={48} src={fieldText(inst.data.logo) || undefined} alt="" icon={<BankOutlined />} />
            <span>
              <strong>{inst.data.title}</strong>
              <div className="atr-result__meta">
                {[fieldText(inst.data.country), inst.data.scholars != null ? `${fieldText(inst.data.scholars)} 位学者` : ''].filter(Boolean).join(' · ')}
              </div>
            </span>
          </Link>
        </section>
      )}
      <section className="atr-vcard">
        <h2 className="atr-vcard__title">{MSG.profileOutputs}</h2>
        {outputs.isPending ? (
          <Skeleton active />
        ) : works.length === 0 ? (
          <Empty description={MSG.profileNoOutputs} />
        ) : (
          <div className="atr-results">
            {works.map((w) => (
              <article className="atr-result" key={`${w.type}-${w.id}`}>
                <Link className="atr-result__title" to={itemHref(w)}>
                  {w.title}
                </Link>
                <div className="atr-result__meta">
                  <span>{typeLabel(w.type)}</span>
                  {w.date && <span>{w.date}</span>}
                </div>
              </article>
            ))}
          </div>
        )}
      </section>
    </>
  );
}
