/**
 * /microapp/bulletin/{id} (docs/decisions.md #35; spec 1 §3 'Bulletin'): one bulletin through
 * GET /api/v1/resources/bulletin/{id}: title, type, group, update time (yyyy-MM-dd and relative words,
 * spec 2 §9 'Dates'), cover, its summary or content text when the item has one, and its original
 * address (new tab) when it has one.
 */
import { Link, useParams } from 'react-router';
import { Tag } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { formatDate, relativeDate } from '@modules/kit/format';
import { Thumb } from '@modules/kit/media';
import { BULLETINS_HREF } from '@modules/bulletin/definition';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { externalUrl, fieldText } from '../visitor/fields';
import { useResource } from '../explore/ResourceDetailPage';
import { detailFallback } from '../visitor/DetailFallback';
import { Crumbs } from './shared';

/** The bulletin page; see the file comment. */
export default function BulletinPage() {
  const { id = '' } = useParams();
  return <VisitorFrame title={MSG.bulletinsTitle}>{() => <Bulletin id={id} />}</VisitorFrame>;
}

function Bulletin({ id }: { id: string }) {
  const q = useResource('bulletin', id);
  if (!q.isSuccess) return detailFallback(q, MSG.bulletinNotFound);
  const it = q.data;
  const type = fieldText(it.bulletinType);
  const updated = it.update_time ?? it.date;
  const cover = fieldText(it.cover);
  const body = fieldText(it.summary ?? it.content ?? it.digest ?? it.abstract);
  const url = externalUrl(it);
  return (
    <article className="atr-vcard">
      <Crumbs trail={[[MSG.bulletinsTitle, BULLETINS_HREF], [it.title]]} />
      <div className="atr-detail__head" style={{ marginTop: 12 }}>
        {cover && <Thumb src={cover} label={it.title} style={{ width: 150, height: 200, flex: 'none', borderRadius: 6 }} />}
        <div style={{ minWidth: 0 }}>
          <h1 className="atr-detail__title">{it.title}</h1>
          <div className="atr-detail__meta">
            {type && (
              <Link to={`${BULLETINS_HREF}?type=${encodeURIComponent(type)}`}>
                <Tag color="blue">{type}</Tag>
              </Link>
            )}
            {fieldText(it.group) && <span>{fieldText(it.group)}</span>}
            {formatDate(updated) && <span>{formatDate(updated)}</span>}
            {relativeDate(updated) && <span>{relativeDate(updated)}</span>}
            {url && (
              <a href={url} target="_blank" rel="noopener noreferrer">
                <LinkOutlined /> {MSG.detailSource}
              </a>
            )}
          </div>
        </div>
      </div>
      {body && (
        <div className="atr-detail__section">
          <p className="atr-detail__abstract">{body}</p>
        </div>
      )}
    </article>
  );
}
