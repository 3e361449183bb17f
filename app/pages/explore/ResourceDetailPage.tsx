/**
 * /microapp/explore/resources/{type}/{id} (spec 1 §2 'Resource detail'): one resource read from GET /api/v1/resources/{type}/{id}: title, type and date, the
 * cover or logo, its facts with Chinese labels (visitor/fields.ts), abstract or summary, keywords as
 * links to the explore page, its own web address (opened in a new tab), and 导出引用 (BibTeX, RIS,
 * GB/T 7714; CitationExport.tsx), 文献传递 for a citable work (a link to /temp/dds?resource={id},
 * decision 608); an institution's scholars (InstitutionScholars.tsx); a research output's verified
 * authors and 认领成果 (claims/LazyOutputClaim.tsx, decision 654).
 * A scholar id opens the scholar profile instead. Unknown
 * or deleted resources show 该资源不存在或已删除.
 */
import { Link, Navigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { FileSearchOutlined, LinkOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { formatDate } from '@modules/kit/format';
import { Thumb } from '@modules/kit/media';
import { resourceDetailHref, resourceTypeOf } from '@common/resourceTypes';
import { api } from '../../shared/apiClient';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { LazyComments } from '../comments/LazyComments';
import { LazyFavorite } from '../helix/LazyFavorite';
import { detailFallback } from '../visitor/DetailFallback';
import { detailRows, externalUrl, fieldText, keywordsOf } from '../visitor/fields';
import { typeLabel } from './searchParts';
import { useRecordBrowse } from '../recommendation/useRecordBrowse';
import { CitationExport } from './CitationExport';
import type { ResourceItem } from '@common/contracts/search';
import { FactList } from '../visitor/FactList';
import { InstitutionScholars } from './InstitutionScholars';
import { useResourceOpen } from '../../site/usage';
import { LazyOutputClaim } from '../claims/LazyOutputClaim';
import { isOutputType } from '@common/scholarClaims';

/** A resource as the server declares it (common/contracts/search.ts). */
type Item = ResourceItem;

/** Reads one resource; shared by the detail and profile pages. */
export function useResource(type: string, id: string) {
  return useQuery({
    queryKey: ['resource', type, id],
    // a non-numeric id goes out as NaN and is refused by the server (400), shown as any unknown record is
    queryFn: ({ signal }): Promise<Item> => api.get('/api/v1/resources/{type}/{id}', { params: { type, id: Number(id) }, signal }),
    retry: false,
  });
}

/** The detail page; see the file comment. */
export default function ResourceDetailPage() {
  const { type = '', id = '' } = useParams();
  // a person's record is shown on their profile page (the registry's detail 'profile')
  if (resourceTypeOf(type)?.detail === 'profile') return <Navigate to={resourceDetailHref(type, id)} replace />;
  return (
    <VisitorFrame title={typeLabel(type)}>
      {(config, site) => <Detail type={type} id={id} signedIn={!!site.user} applicationId={config.applicationId} />}
    </VisitorFrame>
  );
}

function Detail({ type, id, signedIn, applicationId }: { type: string; id: string; signedIn: boolean; applicationId: number }) {
  const q = useResource(type, id);
  useRecordBrowse(typeof q.data?.id === 'number' ? q.data.id : null, signedIn);
  // counted once the record answered, under its own type (decision 426)
  useResourceOpen(q.data?.type, typeof q.data?.id === 'number' ? q.data.id : undefined);
  if (!q.isSuccess) return detailFallback(q);
  const it = q.data;
  const rows = detailRows(it);
  const abstract = fieldText(it.abstract ?? it.summary ?? it.digest ?? it.description);
  const keywords = keywordsOf(it);
  const url = externalUrl(it);
  const image = (it.cover ?? it.logo) as string | null | undefined;
  const date = formatDate(it.date);
  return (
    <article className="atr-vcard">
      <div className="atr-crumbs">
        <Link to="/">{MSG.backHome}</Link> / <Link to={`/microapp/explore?type=${encodeURIComponent(type)}`}>{typeLabel(type)}</Link>
      </div>
      <div className="atr-detail__head" style={{ marginTop: 12 }}>
        {image && <Thumb src={image} label={it.title} style={{ width: 120, height: 160, flex: 'none', borderRadius: 6 }} />}
        <div style={{ minWidth: 0 }}>
          <h1 className="atr-detail__title">{it.title}</h1>
          <div className="atr-detail__meta">
            <Tag color="blue">{typeLabel(it.type)}</Tag>
            {date && <span>{date}</span>}
            {url && (
              <a href={url} target="_blank" rel="noopener noreferrer">
                <LinkOutlined /> {MSG.detailSource}
              </a>
            )}
            <CitationExport ids={[it.id]} type={it.type} />
            {/* 文献传递 for a citable work (decision 608): a plain link, /temp/dds fills the citation from the record */}
            {resourceTypeOf(it.type)?.citation.csl && (
              <Link to={`/temp/dds?resource=${it.id}`}>
                <FileSearchOutlined /> {MSG.ddsButton}
              </Link>
            )}
          </div>
        </div>
      </div>
      {rows.length > 0 && (
        <div className="atr-detail__section">
          <FactList title={MSG.detailFacts} rows={rows} />
        </div>
      )}
      {abstract && (
        <div className="atr-detail__section">
          <h3>{MSG.detailAbstract}</h3>
          <p className="atr-detail__abstract">{abstract}</p>
        </div>
      )}
      {keywords.length > 0 && (
        <div className="atr-detail__section">
          <h3>{MSG.detailKeywords}</h3>
          {keywords.map((k) => (
            <Link key={k} to={`/microapp/explore?q=${encodeURIComponent(k)}`}>
              <Tag>{k}</Tag>
            </Link>
          ))}
        </div>
      )}
      {/* 作者（已认证学者） and 认领成果 of a research output (issue 29 §6, decision 654) */}
      {isOutputType(it.type) && <LazyOutputClaim resourceId={it.id} title={it.title} applicationId={applicationId} signedIn={signedIn} />}
      {resourceTypeOf(it.type)?.members && <InstitutionScholars id={it.id} />}
      <LazyFavorite
        applicationId={applicationId}
        targetType="resource"
        targetId={it.id}
        title={it.title}
        path={`/microapp/explore/resources/${type}/${it.id}`}
      />
      <LazyComments applicationId={applicationId} targetType="resource" targetId={it.id} path={`/microapp/explore/resources/${type}/${it.id}`} />
    </article>
  );
}
