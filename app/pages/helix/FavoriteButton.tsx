/**
 * The 收藏 button of a detail page (resource, report, notice, WeChat article; decision 583), and the
 * view it records in 浏览历史 for a signed-in reader (unless they turned it off; the server decides).
 * Loaded in the browser after the page is shown (LazyFavorite), so the page's own scripts and the
 * server's render are unchanged. A signed-out visitor gets 登录后收藏, leading to the sign-in page.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import type { ReaderItemType } from '@common/helix';
import { loginHref } from '@modules/kit/links';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { useSession } from '../../shared/session';
import './helix.css';

/** What the detail page shows: the site, the item, its title and its path. */
export interface FavoriteProps {
  applicationId: number;
  targetType: ReaderItemType;
  targetId: string | number;
  title: string;
  path: string;
}

/** See the file comment. */
export default function FavoriteButton(props: FavoriteProps) {
  const session = useSession();
  const user = session.data;
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const targetId = String(props.targetId);
  const item = { applicationId: props.applicationId, targetType: props.targetType, targetId, title: props.title.slice(0, 200) || targetId, link: props.path };
  const key = ['favorite-state', user?.id, props.applicationId, props.targetType, targetId];
  const state = useQuery({
    enabled: !!user,
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get('/api/v1/helix/favorites/state', { query: { applicationId: props.applicationId, targetType: props.targetType, targetId }, signal }),
    retry: false,
  });
  // one view per page shown, for a signed-in reader
  const recordKey = user ? `${user.id}:${props.applicationId}:${props.targetType}:${targetId}` : '';
  useEffect(() => {
    if (!recordKey) return;
    api.post('/api/v1/helix/history', { body: item }).catch(() => {});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recordKey]);

  if (session.isPending) return null;
  if (!user)
    return (
      <div className="atr-favorite">
        <Button icon={<StarOutlined />} href={loginHref(props.path)}>
          {MSG.favoriteSignIn}
        </Button>
      </div>
    );
  // a site that turned 我的收藏 off answers 403: no button
  if (state.isError) return null;
  const id = state.data?.favoriteId ?? null;
  const toggle = async () => {
    setBusy(true);
    try {
      if (id) {
        const r = await api.delete('/api/v1/helix/favorites/{id}', { params: { id } });
        void message.success(r.message);
      } else {
        const r = await api.post('/api/v1/helix/favorites', { body: item });
        void message.success(r.message);
      }
      await qc.invalidateQueries({ queryKey: key });
      void qc.invalidateQueries({ queryKey: ['favorites', user.id] });
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="atr-favorite">
      <Button icon={id ? <StarFilled /> : <StarOutlined />} aria-pressed={!!id} loading={busy || state.isPending} onClick={() => void toggle()}>
        {id ? MSG.favoriteButtonOn : MSG.favoriteButton}
      </Button>
    </div>
  );
}
