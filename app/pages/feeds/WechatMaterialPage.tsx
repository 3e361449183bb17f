/**
 * /microapp/wechat/material/{id} (spec 1 §2 'Links the panels produce'): one wechat article through
 * GET /api/v1/resources/wechat_article/{id}: title, account group, time (yyyy-MM-dd HH:mm and relative
 * words, spec 2 §9 'Dates'), cover, digest, and 阅读原文 opening the original article in a new tab.
 */
import { useParams } from 'react-router';
import { Button, Tag } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { relativeDate } from '@modules/kit/format';
import { Thumb } from '@modules/kit/media';
import { isExternal, WECHAT_HREF } from '@modules/kit/links';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { LazyComments } from '../comments/LazyComments';
import { LazyFavorite } from '../helix/LazyFavorite';
import { fieldText } from '../visitor/fields';
import { useResource } from '../explore/ResourceDetailPage';
import { detailFallback } from '../visitor/DetailFallback';
import { Crumbs } from './shared';

/** A wechat time ('yyyy-MM-dd HH:mm:ss' or a date) as 'yyyy-MM-dd HH:mm' (the date alone when no time). */
export function articleTimeText(v: unknown): string {
  const s = fieldText(v);
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(s);
  return m ? [m[1], m[2]].filter(Boolean).join(' ') : s;
}

/** The article page; see the file comment. */
export default function WechatMaterialPage() {
  const { id = '' } = useParams();
  return <VisitorFrame title={MSG.wechatTitle}>{(config) => <Material id={id} applicationId={config.applicationId} />}</VisitorFrame>;
}

function Material({ id, applicationId }: { id: string; applicationId: number }) {
  const q = useResource('wechat_article', id);
  if (!q.isSuccess) return detailFallback(q, MSG.wechatNotFound);
  const it = q.data;
  const time = it.articleTime ?? it.date;
  const url = fieldText(it.url);
  const cover = fieldText(it.thumb_media_url);
  const digest = fieldText(it.digest);
  const group = fieldText(it.groupName);
  return (
    <article className="atr-vcard">
      <Crumbs trail={[[MSG.wechatTitle, WECHAT_HREF], [it.title]]} />
      <h1 className="atr-detail__title" style={{ marginTop: 12 }}>
        {it.title}
      </h1>
      <div className="atr-detail__meta">
        {group && <Tag color="green">{group}</Tag>}
        {time && <span>{articleTimeText(time)}</span>}
        {time && <span>{relativeDate(time)}</span>}
      </div>
      {cover && (
        <div className="atr-detail__section">
          <Thumb src={cover} label={it.title} style={{ width: '100%', maxWidth: 640, aspectRatio: '2.35 / 1', borderRadius: 8 }} />
        </div>
      )}
      {digest && (
        <div className="atr-detail__section">
          <p className="atr-feed-digest">{digest}</p>
        </div>
      )}
      {isExternal(url) && (
        <div className="atr-detail__section">
          <a href={url} target="_blank" rel="noopener noreferrer">
            <Button type="primary" icon={<ExportOutlined />}>
              {MSG.wechatReadOriginal}
            </Button>
          </a>
        </div>
      )}
      <LazyFavorite applicationId={applicationId} targetType="wechat" targetId={it.id} title={it.title} path={`/microapp/wechat/material/${it.id}`} />
      <LazyComments applicationId={applicationId} targetType="wechat" targetId={it.id} path={`/microapp/wechat/material/${it.id}`} />
    </article>
  );
}
