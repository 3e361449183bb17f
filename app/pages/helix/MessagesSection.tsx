/**
 * 消息 (issue 29 §8; decision 580): the reader's notifications, newest first, 20 a page, the unread ones
 * marked 未读 with 标为已读, and 全部标为已读; the state of each one's e-mail (sent, waiting, failed with
 * the reason). Texts are text nodes; a link goes to a page of the site.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Pagination, Skeleton, Tag } from 'antd';
import { MSG } from '@common/messages';
import { HELIX_PAGE_SIZE, MAIL_STATE_LABELS } from '@common/helix';
import { isSitePath } from '@common/safePath';
import { DAY_MINUTE, formatLocal } from '@common/dates';
import type { ReaderNotification } from '@common/contracts/helix';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { ListFailure } from '../../shared/ListFailure';
import type { HelixSectionProps } from './sections';

/** The section; see the file comment. */
export default function MessagesSection({ userId }: HelixSectionProps) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['notifications', userId, page],
    queryFn: ({ signal }) => api.get('/api/v1/notifications', { query: { page, size: HELIX_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: ['notifications', userId] });
    window.dispatchEvent(new Event('atr-unread-changed'));
  };
  const mark = async (id?: number) => {
    try {
      const r = id ? await api.post('/api/v1/notifications/{id}/read', { params: { id } }) : await api.post('/api/v1/notifications/read-all');
      void message.success(r.message);
      await refresh();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  if (list.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (list.isError) return <ListFailure error={list.error} retry={() => void list.refetch()} />;
  const items = list.data.content;
  return (
    <div className="atr-helix__section">
      <div className="atr-helix__bar">
        <Button size="small" onClick={() => void mark()} disabled={!items.some((n) => !n.readAt)}>
          {MSG.notificationsMarkAllRead}
        </Button>
      </div>
      {items.length === 0 ? (
        <Empty description={MSG.notificationsEmpty} />
      ) : (
        <ul className="atr-helix__list">
          {items.map((n) => (
            <Message key={n.id} n={n} onRead={() => void mark(n.id)} />
          ))}
        </ul>
      )}
      {list.data.totalElements > HELIX_PAGE_SIZE && (
        <Pagination
          className="atr-helix__pager"
          current={page}
          pageSize={HELIX_PAGE_SIZE}
          total={list.data.totalElements}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </div>
  );
}

function Message({ n, onRead }: { n: ReaderNotification; onRead(): void }) {
  const unread = !n.readAt;
  return (
    <li className={`atr-helix__item${unread ? ' atr-helix__item--unread' : ''}`} data-testid="notification">
      <div className="atr-helix__item-head">
        {unread && <Tag color="red">{MSG.notificationsUnread}</Tag>}
        <strong className="atr-helix__title">{n.link && isSitePath(n.link) ? <Link to={n.link}>{n.title}</Link> : n.title}</strong>
        <span className="atr-helix__date">{formatLocal(new Date(n.createdAt), DAY_MINUTE)}</span>
      </div>
      {n.body && <p className="atr-helix__text">{n.body}</p>}
      <div className="atr-helix__item-foot">
        {n.mail && (
          <span className={`atr-helix__mail atr-helix__mail--${n.mail}`} title={n.mailError ?? undefined}>
            {MAIL_STATE_LABELS[n.mail] ?? n.mail}
          </span>
        )}
        {unread && (
          <Button type="link" size="small" onClick={onRead}>
            {MSG.notificationsMarkRead}
          </Button>
        )}
      </div>
    </li>
  );
}
