/**
 * 历史版本 (revisions): a drawer listing the saved configurations of what the editor edits (the home
 * page, or a composed page: target.ts), newest first (time, author, summary; 10 a page), from
 * GET /api/v1/applications/{id}/home-config/revisions (a page's: …/pages/{pageId}/revisions). Any of them can be previewed read-only (the home
 * grid rendered with that template in a modal, links and buttons inert) and restored in one click after
 * a confirmation (POST .../revisions/{revisionId}/restore); the editor then shows the restored config.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Empty, Modal, Popconfirm, Space, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { homeEntry, type HomeConfig } from '@common/homeConfig';
import type { RevisionListItem } from '@common/contracts/revisions';

import { MSG } from '@common/messages';
import type { SiteContext } from '@modules/types.app';
import { errorMessage } from '../../api';
import { HomeGrid } from '../../site/HomeGrid';
import { listPagination } from '../sections/ListFilters';
import './editor.css';
import { homeRevisionsKey, type EditTarget } from './target';

/** Query key prefix of an application's home-page revision list (invalidated after every save). */
export const revisionsKey = homeRevisionsKey;

/** Page size of the revision list. */
export const REVISIONS_PAGE_SIZE = 10;

export interface RevisionsDrawerProps {
  /** what the editor edits: the home page or a composed page */
  target: EditTarget;
  open: boolean;
  onClose(): void;
  /** the site context the preview renders with */
  site: SiteContext;
  /** a save is running elsewhere: restoring waits */
  busy?: boolean;
  /** called with the restored home config and the summary of the new revision after a restore */
  onRestored(homeConfig: HomeConfig, summary: string): void;
}

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

/** See the file comment. */
export function RevisionsDrawer({ target, open, onClose, site, busy, onRestored }: RevisionsDrawerProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<RevisionListItem | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);

  const list = useQuery({
    queryKey: [...target.revisionsKey, page],
    queryFn: ({ signal }) => target.revisions(page, REVISIONS_PAGE_SIZE, signal),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const restore = async (rev: RevisionListItem) => {
    setRestoring(rev.id);
    try {
      const r = await target.restore(rev.id);
      message.success(r.message);
      setPreview(null);
      setPage(1);
      void queryClient.invalidateQueries({ queryKey: target.revisionsKey });
      onRestored(r.homeConfig, `恢复到 ${time(rev.createdAt)} 的版本`);
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setRestoring(null);
    }
  };

  const restoreButton = (rev: RevisionListItem, label: string = MSG.revisionRestore, primary = false) => (
    <Popconfirm
      title={MSG.revisionRestore}
      description={MSG.revisionRestoreConfirm}
      okText={MSG.confirm}
      cancelText={MSG.cancel}
      onConfirm={() => restore(rev)}
    >
      <Button
        size="small"
        type={primary ? 'primary' : 'link'}
        icon={<RollbackOutlined />}
        loading={restoring === rev.id}
        disabled={busy || (restoring !== null && restoring !== rev.id)}
      >
        {label}
      </Button>
    </Popconfirm>
  );

  const isCurrent = (rev: RevisionListItem) => page === 1 && list.data?.content[0]?.id === rev.id;
  const columns: TableColumnsType<RevisionListItem> = [
    {
      title: MSG.revisionTime,
      dataIndex: 'createdAt',
      width: 170,
      render: (v: string, rev) => (
        <Space size={4} direction="vertical">
          <span>{time(v)}</span>
          {isCurrent(rev) && <Tag color="blue">{MSG.revisionCurrent}</Tag>}
        </Space>
      ),
    },
    { title: MSG.revisionAuthor, dataIndex: 'authorName', width: 110, ellipsis: true },
    { title: MSG.revisionSummary, dataIndex: 'summary', render: (v: string) => <span className="atr-revisions__summary">{v}</span> },
    {
      title: '',
      key: 'actions',
      width: 150,
      render: (_: unknown, rev) => (
        <Space size={0}>
          <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setPreview(rev)}>
            {MSG.preview}
          </Button>
          {!isCurrent(rev) && restoreButton(rev, MSG.restore)}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Drawer title={MSG.revisions} open={open} onClose={onClose} size={720} destroyOnHidden>
        <p style={{ marginTop: 0, color: '#5f6673' }}>{MSG.revisionsHint}</p>
        {list.isError && <Alert type="error" showIcon title={errorMessage(list.error)} style={{ marginBottom: 12 }} />}
        <Table<RevisionListItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data?.content ?? []}
          loading={list.isFetching}
          locale={{ emptyText: <Empty description={MSG.revisionEmpty} /> }}
          pagination={listPagination(page, list.data?.totalElements ?? 0, setPage, REVISIONS_PAGE_SIZE)}
        />
      </Drawer>
      <RevisionPreview
        target={target}
        revision={preview}
        site={site}
        onClose={() => setPreview(null)}
        footer={
          preview && (
            <Space>
              <Button onClick={() => setPreview(null)}>{MSG.close}</Button>
              {restoreButton(preview, MSG.revisionRestore, true)}
            </Space>
          )
        }
      />
    </>
  );
}

/** The read-only preview of one revision: its home template on the visitor grid, inert. */
function RevisionPreview({
  target,
  revision,
  site,
  onClose,
  footer,
}: {
  target: EditTarget;
  revision: RevisionListItem | null;
  site: SiteContext;
  onClose(): void;
  footer: React.ReactNode;
}) {
  const one = useQuery({
    queryKey: [...target.revisionsKey, 'one', revision?.id],
    queryFn: ({ signal }) => target.revision(revision!.id, signal),
    enabled: revision !== null,
    staleTime: Infinity,
  });
  const entry = one.data ? homeEntry(one.data.homeConfig) : null;
  return (
    <Modal
      open={revision !== null}
      onCancel={onClose}
      width={1290}
      centered
      destroyOnHidden
      title={revision ? `${MSG.revisionPreview} · ${time(revision.createdAt)} · ${revision.summary}` : MSG.revisionPreview}
      footer={footer}
    >
      <div className="atr-revision-preview" data-testid="revision-preview">
        {/* inert: no link, button or panel control of the preview can be used or focused */}
        <div className="atr-revision-preview__inner" inert>
          {one.isPending && (
            <div style={{ textAlign: 'center', padding: 48 }}>
              <Spin />
            </div>
          )}
          {one.isError && <Alert type="error" showIcon title={errorMessage(one.error)} />}
          {entry &&
            (entry.template.length === 0 ? (
              <Empty description={MSG.homeEmpty} />
            ) : (
              <HomeGrid modules={entry.template} site={{ ...site, groupTemplate: entry.style === 'fullScreen' }} />
            ))}
        </div>
      </div>
    </Modal>
  );
}
