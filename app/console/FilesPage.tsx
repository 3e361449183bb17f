/**
 * /console/files: 我的文件, the signed-in user's uploads (a super manager sees everyone's), 20 a page
 * (spec 2 §9): upload an image (ImageUpload, jpeg/png, 2048 KB) or attachments (FileUpload, 20 MB),
 * preview the images of the page in the viewer, download, copy the address, delete (confirmed).
 */
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import { CopyOutlined, DeleteOutlined, DownloadOutlined, FileOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { CONSOLE_PAGE_SIZE } from '@common/constants';

import { errorMessage } from '../api';
import { FileUpload, ImageUpload, formatBytes } from '../widgets/upload';
import { ViewableImage } from '../widgets/image';
import { useSession } from '../shared/session';
import { useConfirmedDelete } from '../shared/useConfirmedDelete';
import './console.css';
import { PageHead } from './PageHead';
import { listPagination } from './sections/ListFilters';
import type { StoredFile } from '@common/contracts/files';
import { api } from '../shared/apiClient';

/** A file of GET /api/v1/files. */
export type FileItem = StoredFile;

const isImage = (f: FileItem) => f.contentType.startsWith('image/');

/** The files page. */
export function FilesPage() {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const { data: user } = useSession();
  const queryClient = useQueryClient();
  const { message } = App.useApp();

  const list = useQuery({
    queryKey: ['files', page, query],
    queryFn: ({ signal }) => api.get('/api/v1/files', { query: { page, size: CONSOLE_PAGE_SIZE, query: query || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    setPage(1);
    void queryClient.invalidateQueries({ queryKey: ['files'] });
  };
  const images = (list.data?.content ?? []).filter(isImage).map((f) => ({ src: f.url, alt: f.name }));

  const confirmDelete = useConfirmedDelete();
  const remove = (f: FileItem) =>
    confirmDelete({
      title: MSG.fileDeleteTitle,
      content: MSG.fileDeleteConfirm,
      successMsg: MSG.fileDeleted,
      send: () => api.delete('/api/v1/files/{id}', { params: { id: f.id } }),
      queryKey: ['files'],
    });

  const copy = async (f: FileItem) => {
    try {
      await navigator.clipboard.writeText(new URL(f.url, window.location.origin).toString());
      message.success(MSG.linkCopied);
    } catch {
      message.info(new URL(f.url, window.location.origin).toString());
    }
  };

  const columns: TableColumnsType<FileItem> = [
    {
      title: MSG.preview,
      key: 'preview',
      width: 88,
      render: (_: unknown, f) =>
        isImage(f) ? (
          <ViewableImage src={f.url} alt={f.name} width={56} height={56} previewList={images} />
        ) : (
          <span className="atr-file-icon">
            <FileOutlined />
          </span>
        ),
    },
    {
      title: MSG.fileName,
      dataIndex: 'name',
      key: 'name',
      render: (name: string, f) => (
        <div>
          <a href={f.url} target="_blank" rel="noopener noreferrer" className="atr-app-name">
            {name}
          </a>
          {f.width && f.height ? (
            <div className="atr-muted">
              {f.width} × {f.height}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      title: MSG.fileType,
      dataIndex: 'contentType',
      key: 'type',
      width: 200,
      render: (t: string) => (
        <Typography.Text type="secondary" ellipsis>
          {t.replace(/;.*$/, '')}
        </Typography.Text>
      ),
    },
    { title: MSG.fileSize, dataIndex: 'size', key: 'size', width: 100, render: (n: number) => formatBytes(n) },
    ...(user?.role === 'super' ? [{ title: MSG.fileUploader, dataIndex: 'uploaderName', key: 'uploader', width: 120 }] : []),
    {
      title: MSG.fileUploadedAt,
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 170,
      render: (s: string) => new Date(s).toLocaleString('zh-CN', { hour12: false }),
    },
    {
      title: MSG.actions,
      key: 'actions',
      width: 240,
      render: (_: unknown, f) => (
        <Space size={4} wrap>
          <Button type="link" size="small" icon={<DownloadOutlined />} href={f.url} download={f.name}>
            {MSG.download}
          </Button>
          <Button type="link" size="small" icon={<CopyOutlined />} onClick={() => void copy(f)}>
            {MSG.copyLink}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`${MSG.delete} ${f.name}`} onClick={() => remove(f)}>
            {MSG.delete}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="atr-console__page">
      <PageHead title={MSG.myFiles} hint={MSG.myFilesHint}>
        <Input.Search
          allowClear
          placeholder={MSG.fileName}
          style={{ width: 240 }}
          onSearch={(v) => {
            setQuery(v.trim());
            setPage(1);
          }}
        />
      </PageHead>
      <div className="atr-panel-card atr-files-uploads">
        <ImageUpload
          uid={user?.id}
          onChange={(url) => {
            if (url) refresh();
          }}
        />
        <div className="atr-files-uploads__drop">
          <FileUpload
            drag
            uid={user?.id}
            onUploaded={(f) => {
              message.success(`${MSG.uploadSucceeded}：${f.name}`);
              refresh();
            }}
          />
        </div>
      </div>
      <div className="atr-panel-card">
        <Table<FileItem>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.content ?? []}
          loading={list.isFetching}
          locale={{ emptyText: list.isError ? <Empty description={errorMessage(list.error)} /> : <Empty description={MSG.noFiles} /> }}
          pagination={listPagination(page, list.data?.totalElements ?? 0, setPage)}
        />
      </div>
    </div>
  );
}
