/**
 * 浏览历史 (issue 29 §9; decision 583): the pages the reader opened on this site, last viewed first, with
 * 清空浏览历史 (after a confirmation); a note when the reader turned the history off (设置).
 */
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Popconfirm, Skeleton } from 'antd';
import { MSG } from '@common/messages';
import { HELIX_PAGE_SIZE } from '@common/helix';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { ListFailure } from '../../shared/ListFailure';
import { ItemList } from './ItemList';
import type { HelixSectionProps } from './sections';

/** The section; see the file comment. */
export default function HistorySection({ applicationId, userId }: HelixSectionProps) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['history', userId, applicationId, page],
    queryFn: ({ signal }) => api.get('/api/v1/helix/history', { query: { applicationId, page, size: HELIX_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  const settings = useQuery({ queryKey: ['reader-settings', userId], queryFn: ({ signal }) => api.get('/api/v1/helix/settings', { signal }) });
  const clear = async () => {
    try {
      const r = await api.delete('/api/v1/helix/history', { query: { applicationId } });
      void message.success(r.message);
      setPage(1);
      await qc.invalidateQueries({ queryKey: ['history', userId] });
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  if (list.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (list.isError) return <ListFailure error={list.error} retry={() => void list.refetch()} />;
  return (
    <div className="atr-helix__section">
      {settings.data?.historyOff && <Alert className="atr-helix__note" type="info" showIcon title={MSG.historyOffNote} />}
      <div className="atr-helix__bar">
        <Popconfirm title={MSG.historyClearConfirm} okText={MSG.historyClear} onConfirm={() => void clear()}>
          <Button size="small" danger disabled={list.data.totalElements === 0}>
            {MSG.historyClear}
          </Button>
        </Popconfirm>
      </div>
      <ItemList items={list.data.content} total={list.data.totalElements} page={page} onPage={setPage} empty={MSG.historyEmpty} testId="history" />
    </div>
  );
}
