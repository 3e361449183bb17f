/**
 * /console/topics (spec 1 §2): every topic with its cover, description, resource count and
 * the applications using it. A super manager creates, edits (title, cover, description) and deletes
 * topics (deleting one an application uses is refused by the server, which names the applications);
 * each topic the user may manage links to its data page /console/topics/tc/topicShow/{id}.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, Input, Modal, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DatabaseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { DIALOG_WIDTH } from '@common/constants';
import { errorMessage } from '../../api';
import { ImageUpload } from '../../widgets/upload';
import { useSession } from '../../shared/session';
import { useFormSubmit } from '../../shared/useFormSubmit';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete';
import { applyFieldErrors } from '../../shared/formErrors';

import { TOPICS_KEY, fetchTopics, type TopicSummary } from './api';
import '../console.css';
import { PageHead } from '../PageHead';
import { api } from '../../shared/apiClient';

interface TopicForm {
  title: string;
  cover?: string | null;
  description?: string | null;
}

/** The topics page; see the file comment. */
export function TopicsPage() {
  const session = useSession();
  const isSuper = session.data?.role === 'super';
  const topics = useQuery({ queryKey: TOPICS_KEY, queryFn: ({ signal }) => fetchTopics(signal) });
  const [editing, setEditing] = useState<TopicSummary | 'new' | null>(null);
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmedDelete();

  const columns: TableColumnsType<TopicSummary> = [
    {
      title: MSG.topicName,
      key: 'title',
      render: (_, t) => (
        <Space>
          {t.cover ? <img src={t.cover} alt="" width={48} height={32} style={{ objectFit: 'cover', borderRadius: 4 }} /> : null}
          <span>
            <span className="atr-app-name">{t.title}</span>
            {t.description ? <div className="atr-muted">{t.description}</div> : null}
          </span>
        </Space>
      ),
    },
    { title: MSG.topicResourceCount, dataIndex: 'resources', key: 'resources', width: 110, align: 'right', render: (n: number) => n.toLocaleString('zh-CN') },
    {
      title: MSG.topicUsedBy,
      key: 'apps',
      width: 260,
      render: (_, t) =>
        t.applications.length ? (
          t.applications.map((a) => (
            <Tag key={a.id}>
              <Link to={`/console/application/${a.id}`}>{a.name}</Link>
            </Tag>
          ))
        ) : (
          <span className="atr-muted">{MSG.topicUnused}</span>
        ),
    },
    {
      title: MSG.actions,
      key: 'actions',
      width: 230,
      render: (_, t) => (
        <Space size={4}>
          {t.manageable && (
            <Link to={`/console/topics/tc/topicShow/${t.id}`}>
              <Button type="link" size="small" icon={<DatabaseOutlined />}>
                {MSG.topicData}
              </Button>
            </Link>
          )}
          {isSuper && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(t)}>
              {MSG.edit}
            </Button>
          )}
          {isSuper && (
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                confirmDelete({
                  title: MSG.topicDeleteTitle,
                  content: MSG.topicDeleteConfirm(t.title),
                  send: () => api.delete('/api/v1/topics/{topicId}', { params: { topicId: t.id } }),
                  successMsg: MSG.topicDeleted,
                  queryKey: TOPICS_KEY,
                })
              }
            >
              {MSG.delete}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="atr-console__page">
      <PageHead title={MSG.topicsTitle} hint={MSG.topicsHint}>
        {isSuper && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {MSG.topicNew}
          </Button>
        )}
      </PageHead>
      <div className="atr-panel-card">
        <Table<TopicSummary>
          rowKey="id"
          columns={columns}
          dataSource={topics.data ?? []}
          loading={topics.isFetching}
          pagination={false}
          locale={{ emptyText: <Empty description={topics.isError ? errorMessage(topics.error) : MSG.noData} /> }}
        />
      </div>
      {editing !== null && (
        <TopicModal
          topic={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: TOPICS_KEY });
          }}
        />
      )}
    </div>
  );
}

/** The create/edit dialog of a topic (536 px); the server's refusal lands on its field. */
function TopicModal({ topic, onClose, onSaved }: { topic: TopicSummary | null; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<TopicForm>();
  const uid = useSession().data?.id;
  const { saving, submit } = useFormSubmit(form, {
    send: (v) => {
      const body = { title: v.title, cover: v.cover || null, description: v.description || null };
      return topic ? api.put('/api/v1/topics/{topicId}', { params: { topicId: topic.id }, body }) : api.post('/api/v1/topics', { body });
    },
    successMsg: topic ? MSG.topicSaved : MSG.topicCreated,
    onRefused: (err) => applyFieldErrors(form, err, { title: 'title', cover: 'cover', description: 'description' }),
    onDone: onSaved,
  });
  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={topic ? MSG.topicEdit : MSG.topicNew}
      okText={MSG.save}
      cancelText={MSG.cancel}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TopicForm>
        form={form}
        layout="vertical"
        initialValues={topic ? { title: topic.title, cover: topic.cover, description: topic.description } : {}}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="title"
          label={MSG.topicName}
          rules={[
            { required: true, whitespace: true, message: MSG.topicTitleRequired },
            { max: 40, message: '不能超过 40 个字' },
          ]}
        >
          <Input maxLength={40} showCount />
        </Form.Item>
        <Form.Item name="cover" label={MSG.topicCover}>
          <ImageUpload uid={uid} />
        </Form.Item>
        <Form.Item name="description" label={MSG.topicDescription} rules={[{ max: 500, message: '不能超过 500 个字' }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
