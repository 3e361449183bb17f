/** 我的收藏 (issue 29 §9; decision 583): the reader's favourites on this site, newest first, each with 取消收藏. */
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Skeleton } from 'antd';
import { MSG } from '@common/messages';
import { HELIX_PAGE_SIZE } from '@common/helix';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { ListFailure } from '../../shared/ListFailure';
import { ItemList } from './ItemList';
import type { HelixSectionProps } from './sections';

/** The section; see the file comment. */
export default function FavoritesSection({ applicationId, userId }: HelixSectionProps) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['favorites', userId, applicationId, page],
    queryFn: ({ signal }) => api.get('/api/v1/helix/favorites', { query: { applicationId, page, size: HELIX_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  const remove = async (id: number) => {
    try {
      const r = await api.delete('/api/v1/helix/favorites/{id}', { params: { id } });
      void message.success(r.message);
      await qc.invalidateQueries({ queryKey: ['favorites', userId] });
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  if (list.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (list.isError) return <ListFailure error={list.error} retry={() => void list.refetch()} />;
  return (
    <div className="atr-helix__section">
      <ItemList
        items={list.data.content}
        total={list.data.totalElements}
        page={page}
        onPage={setPage}
        empty={MSG.favoritesEmpty}
        testId="favorite"
        action={(it) => (
          <Button type="link" size="small" onClick={() => void remove(it.id)}>
            {MSG.favoriteRemovedAction}
          </Button>
        )}
      />
    </div>
  );
}
