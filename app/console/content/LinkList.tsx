/**
 * The resource-link list (spec 1 §2 'link/resource list (1000px)', §4, spec 2 §8, §9): filters by
 * publish state and title; pinned first by pin order; columns 封面, 标题, 链接地址, 置顶, 状态, 发布时间,
 * 操作 (编辑, 删除 with 你确认要删除这条资源链接吗？); pagination 10-100; the empty states
 * 还没有资源链接，去发布？ and 未找到相关资源链接，返回资源链接列表. 发布链接 opens the link editor.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, PushpinFilled } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { errorMessage } from '../../api';
import { deleteLink, listLinks, LINKS_KEY, type ContentModule, type Link } from './api';
import { ActiveFilter, ListEmpty, TitleSearch, pagination, useListFilters } from './ListFrame';
import { LinkEditorDialog } from './LinkEditorDialog';
import { formatDateTime } from './time';

export interface LinkListProps {
  applicationId: number;
  moduleId?: string | null;
  modules?: ContentModule[];
  uid?: number;
}

/** See the file comment. */
export function LinkList({ applicationId, moduleId, modules, uid }: LinkListProps) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const list = useListFilters();
  const f = list.filters;
  const [editor, setEditor] = useState<{ link: Link | null } | null>(null);
  const query = useQuery({
    queryKey: [LINKS_KEY, applicationId, moduleId ?? null, f],
    queryFn: ({ signal }) =>
      listLinks({ applicationId, moduleId: moduleId ?? undefined, active: f.active, query: f.query || undefined, page: f.page, size: f.size }, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [LINKS_KEY, applicationId] });
  const rows = query.data?.content ?? [];

  const remove = (l: Link) =>
    modal.confirm({
      title: MSG.linkDeleteTitle,
      content: MSG.linkDeleteConfirm,
      okText: MSG.confirm,
      cancelText: MSG.cancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const r = await deleteLink(l.linkId);
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
          <ActiveFilter list={list} />
          <TitleSearch list={list} searching={query.isFetching} />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ link: null })}>
          {MSG.publishLink}
        </Button>
      </div>
      <Table<Link>
        rowKey="linkId"
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
              emptyText={MSG.linkEmpty}
              noMatchText={MSG.linkNoMatch}
              onCreate={() => setEditor({ link: null })}
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
            title: MSG.fieldCover,
            dataIndex: 'cover',
            width: 76,
            render: (c: string | null) =>
              c ? <img src={c} alt="" className="atr-content-thumb" /> : <span className="atr-content-thumb atr-content-thumb--none" />,
          },
          {
            title: MSG.fieldTitle,
            dataIndex: 'title',
            ellipsis: true,
            render: (t: string, l) => (
              <span className="atr-content-title">
                {l.top === 1 && (
                  <Tooltip title={`${MSG.fieldTopOrder} ${l.topOrder}`}>
                    <PushpinFilled className="atr-content-pin" aria-label={MSG.fieldTop} />
                  </Tooltip>
                )}
                <span>{t}</span>
              </span>
            ),
          },
          {
            title: MSG.fieldUrl,
            dataIndex: 'url',
            ellipsis: true,
            render: (u: string) => (
              <a href={u} target="_blank" rel="noopener noreferrer">
                {u}
              </a>
            ),
          },
          { title: MSG.fieldTop, dataIndex: 'top', width: 80, render: (v: number, l) => (v === 1 ? `${MSG.yes}（${l.topOrder}）` : MSG.no) },
          { title: MSG.fieldActive, dataIndex: 'activeText', width: 90, render: (t: string, l) => <Tag color={l.active === 1 ? 'green' : 'default'}>{t}</Tag> },
          { title: MSG.fieldPublishTime, dataIndex: 'publishDateTime', width: 170, render: (v: string) => formatDateTime(v) },
          {
            title: MSG.actions,
            key: 'actions',
            width: 150,
            render: (_v, l) => (
              <Space size={0}>
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditor({ link: l })}>
                  {MSG.edit}
                </Button>
                <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(l)}>
                  {MSG.delete}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <LinkEditorDialog
        open={editor !== null}
        link={editor?.link ?? null}
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
