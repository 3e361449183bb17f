/**
 * The notice list (spec 1 §2 'notice list (1000px)', §4 'Searching in a list', spec 2 §8, §9): filters by
 * type, publish state (已发布 / 未发布 / 全部) and title; pinned first; columns 标题, 类型, 置顶, 状态,
 * 发布时间, 操作 (编辑, 删除 with 你确认要删除这条通知公告吗？); pagination 10-100; the empty states
 * 还没有通知公告，去发布？ and 未找到相关通知公告，返回通知公告列表. 发布通知 opens the notice editor.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, Space, Table, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined, PushpinFilled } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { NOTICE_TYPES } from '@common/constants';
import { errorMessage } from '../../api';
import { deleteNotice, listNotices, NOTICES_KEY, type ContentModule, type Notice } from './api';
import { ActiveFilter, FilterItem, ListEmpty, TitleSearch, pagination, useListFilters } from './ListFrame';
import { NoticeEditorDialog } from './NoticeEditorDialog';
import { formatDateTime } from './time';

export interface NoticeListProps {
  applicationId: number;
  /** list and create the notices of this module only; undefined = all of the application */
  moduleId?: string | null;
  modules?: ContentModule[];
  uid?: number;
}

/** See the file comment. */
export function NoticeList({ applicationId, moduleId, modules, uid }: NoticeListProps) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const list = useListFilters();
  const f = list.filters;
  const [editor, setEditor] = useState<{ id: number | null } | null>(null);
  const query = useQuery({
    queryKey: [NOTICES_KEY, applicationId, moduleId ?? null, f],
    queryFn: ({ signal }) =>
      listNotices(
        { applicationId, moduleId: moduleId ?? undefined, active: f.active, type: f.type, query: f.query || undefined, page: f.page, size: f.size },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [NOTICES_KEY, applicationId] });
  const rows = query.data?.content ?? [];
  const moduleName = (id: string | null) => modules?.find((m) => m.id === id)?.alias;

  const remove = (n: Notice) =>
    modal.confirm({
      title: MSG.noticeDeleteTitle,
      content: MSG.noticeDeleteConfirm,
      okText: MSG.confirm,
      cancelText: MSG.cancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const r = await deleteNotice(n.noticeId);
          message.success(r.message);
          if (rows.length === 1 && f.page > 1) list.set({ page: f.page - 1 });
          await refresh();
        } catch (err) {
          message.error(errorMessage(err));
        }
      },
    });

  return (
    <div className="atr-content-list">
      <div className="atr-content-bar">
        <Space wrap size={[16, 8]}>
          <FilterItem label={MSG.fieldType}>
            <Select
              aria-label={MSG.fieldType}
              value={f.type ?? ''}
              style={{ width: 130 }}
              onChange={(v) => list.set({ type: v || undefined })}
              options={[{ value: '', label: MSG.allTypes }, ...NOTICE_TYPES.map((t) => ({ value: t, label: t }))]}
            />
          </FilterItem>
          <ActiveFilter list={list} />
          <TitleSearch list={list} searching={query.isFetching} />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ id: null })}>
          {MSG.publishNotice}
        </Button>
      </div>
      <Table<Notice>
        rowKey="noticeId"
        size="middle"
        dataSource={rows}
        loading={query.isFetching}
        locale={{
          emptyText: query.isPending ? (
            ' '
          ) : query.isError ? (
            errorMessage(query.error)
          ) : (
            <ListEmpty
              filtered={list.filtered(f)}
              emptyText={MSG.noticeEmpty}
              noMatchText={MSG.noticeNoMatch}
              onCreate={() => setEditor({ id: null })}
              onBack={list.reset}
            />
          ),
        }}
        pagination={
          query.data && query.data.totalElements > 0
            ? pagination(f, query.data.totalElements, (page, size) => list.set({ page: size !== f.size ? 1 : page, size }))
            : false
        }
        columns={[
          {
            title: MSG.fieldTitle,
            dataIndex: 'title',
            ellipsis: true,
            render: (t: string, n) => (
              <span className="atr-content-title">
                {n.top === 1 && (
                  <Tooltip title={MSG.fieldTop}>
                    <PushpinFilled className="atr-content-pin" aria-label={MSG.fieldTop} />
                  </Tooltip>
                )}
                {/* titles are plain text: React escapes them */}
                <span>{t}</span>
                {moduleId === undefined && n.moduleId && moduleName(n.moduleId) && <Tag className="atr-content-module">{moduleName(n.moduleId)}</Tag>}
                {n.restrictDownload === 1 && (
                  <Tooltip title={MSG.restrictDownloadLabel}>
                    <Tag color="gold" icon={<LockOutlined />}>
                      {MSG.restrictDownloadTag}
                    </Tag>
                  </Tooltip>
                )}
              </span>
            ),
          },
          { title: MSG.fieldType, dataIndex: 'type', width: 100 },
          { title: MSG.fieldTop, dataIndex: 'top', width: 70, render: (v: number) => (v === 1 ? MSG.yes : MSG.no) },
          { title: MSG.fieldActive, dataIndex: 'activeText', width: 90, render: (t: string, n) => <Tag color={n.active === 1 ? 'green' : 'default'}>{t}</Tag> },
          { title: MSG.fieldPublishTime, dataIndex: 'publishDateTime', width: 170, render: (v: string) => formatDateTime(v) },
          {
            title: MSG.actions,
            key: 'actions',
            width: 150,
            render: (_v, n) => (
              <Space size={0}>
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditor({ id: n.noticeId })}>
                  {MSG.edit}
                </Button>
                <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(n)}>
                  {MSG.delete}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <NoticeEditorDialog
        open={editor !== null}
        noticeId={editor?.id ?? null}
        applicationId={applicationId}
        moduleId={moduleId}
        modules={modules}
        uid={uid}
        onClose={() => setEditor(null)}
        onSaved={() => void refresh()}
      />
    </div>
  );
}
