/**
 * Notices and links as the browser reads them (spec 1 §3 'Notice', 'Link'; common/contracts/content.ts
 * and modules.ts): the item a panel lists (GET /api/v1/modules/top-notice, top-link; server/reads/top.ts)
 * and the whole record of the content calls (server/routes/notices, links, export), which is that item
 * and the fields a manager needs. One mapping of columns to fields for both (decision 357).
 */
import type { Selectable } from 'kysely';
import type { LinksTable, NoticesTable } from '../db/schema.js';
import { MSG } from '../../common/messages.js';

type NoticeRow = Selectable<NoticesTable>;
type LinkRow = Selectable<LinksTable>;

/** The columns a panel's notice item is presented from (select these for {@link presentNoticeItem}). */
export const NOTICE_ITEM_COLUMNS = ['id', 'title', 'type', 'top', 'publish_date_time', 'module_id'] as const;
/** The columns a panel's link item is presented from (select these for {@link presentLinkItem}). */
export const LINK_ITEM_COLUMNS = ['id', 'title', 'url', 'cover', 'top', 'top_order', 'link_category', 'publish_date_time'] as const;

/** A notice as a panel lists it: `{ id, noticeId, title, type, top, moduleId, publishDateTime, publishDate }` (id mirrors noticeId). */
export function presentNoticeItem(r: Pick<NoticeRow, (typeof NOTICE_ITEM_COLUMNS)[number]>) {
  return {
    id: r.id,
    noticeId: r.id,
    title: r.title,
    type: r.type,
    top: r.top,
    moduleId: r.module_id,
    publishDateTime: r.publish_date_time,
    publishDate: r.publish_date_time.slice(0, 10),
  };
}

/** The whole notice (the panel item, its state, creation and application; `content` unless `withContent` is false). */
export function presentNotice(r: NoticeRow, withContent = true) {
  return {
    ...presentNoticeItem(r),
    ...(withContent ? { content: r.content } : {}),
    active: r.active,
    activeText: r.active === 1 ? MSG.activePublished : MSG.activeUnpublished,
    createDateTime: r.create_date_time,
    applicationId: r.application_id,
    userId: r.user_id,
    restrictDownload: r.restrict_download === 1 ? 1 : 0,
  };
}

/** A link as a panel lists it: `{ id, linkId, title, url, cover, top, topOrder, linkCategory, publishDateTime }` (id mirrors linkId). */
export function presentLinkItem(r: Pick<LinkRow, (typeof LINK_ITEM_COLUMNS)[number]>) {
  return {
    id: r.id,
    linkId: r.id,
    title: r.title,
    url: r.url,
    cover: r.cover,
    top: r.top,
    topOrder: r.top_order,
    linkCategory: r.link_category,
    publishDateTime: r.publish_date_time,
  };
}

/** The whole link (the panel item, its state, publish date, creation and application). */
export function presentLink(r: LinkRow) {
  return {
    ...presentLinkItem(r),
    active: r.active,
    activeText: r.active === 1 ? MSG.activePublished : MSG.activeUnpublished,
    publishDate: r.publish_date_time.slice(0, 10),
    createDateTime: r.create_date_time,
    applicationId: r.application_id,
    moduleId: r.module_id,
    userId: r.user_id,
  };
}
