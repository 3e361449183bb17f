/**
 * The comment settings of an application (docs/decisions.md 558-559), in a drawer of the comment queue:
 * 先审后发 / 先发后审, the content types open to comments, and the 敏感词 list (one word a line, typed or
 * imported from a text file, saved as a whole).
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Drawer, Form, Input, Radio, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { COMMENT_MODES, COMMENT_MODE_LABELS, COMMENT_TARGETS, COMMENT_TARGET_LABELS, type CommentMode, type CommentTarget } from '@common/comments';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';

/** See the file comment. */
export function CommentSettingsDrawer({ applicationId, open, onClose }: { applicationId: number; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const settings = useQuery({
    queryKey: ['comment-settings', applicationId],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/comment-settings', { params: { id: applicationId }, signal }),
    enabled: open,
  });
  const words = useQuery({
    queryKey: ['sensitive-words', applicationId],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/sensitive-words', { params: { id: applicationId }, signal }),
    enabled: open,
  });
  const [mode, setMode] = useState<CommentMode>('pre');
  const [targets, setTargets] = useState<CommentTarget[]>([...COMMENT_TARGETS]);
  const [text, setText] = useState('');
  useEffect(() => {
    if (settings.data) {
      setMode(settings.data.mode);
      setTargets(settings.data.targets);
    }
  }, [settings.data]);
  useEffect(() => {
    if (words.data) setText(words.data.words.join('\n'));
  }, [words.data]);

  const save = useMutation({
    mutationFn: async () => {
      const s = await api.put('/api/v1/applications/{id}/comment-settings', { params: { id: applicationId }, body: { mode, targets } });
      const w = await api.put('/api/v1/applications/{id}/sensitive-words', { params: { id: applicationId }, body: { text } });
      return `${s.message}；${w.message}`;
    },
    onSuccess: (m) => {
      void message.success(m);
      void qc.invalidateQueries({ queryKey: ['comment-settings', applicationId] });
      void qc.invalidateQueries({ queryKey: ['sensitive-words', applicationId] });
      onClose();
    },
    onError: (e) => void message.error(errorMessage(e)),
  });

  return (
    <Drawer
      title={MSG.commentSettingsTitle}
      open={open}
      onClose={onClose}
      size={520}
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate()}>
          {MSG.save}
        </Button>
      }
    >
      <Form layout="vertical">
        <Form.Item label={MSG.commentModeLabel}>
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value as CommentMode)}
            options={COMMENT_MODES.map((m) => ({ value: m, label: COMMENT_MODE_LABELS[m] }))}
          />
        </Form.Item>
        <Form.Item label={MSG.commentTargetsLabel}>
          <Checkbox.Group
            value={targets}
            onChange={(v) => setTargets(v)}
            options={COMMENT_TARGETS.map((t) => ({ value: t, label: COMMENT_TARGET_LABELS[t] }))}
          />
        </Form.Item>
        <Form.Item label={MSG.sensitiveWordsTitle} extra={MSG.sensitiveWordsHint}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input.TextArea aria-label={MSG.sensitiveWordsTitle} rows={10} value={text} onChange={(e) => setText(e.target.value)} />
            <Upload
              accept=".txt,text/plain"
              showUploadList={false}
              beforeUpload={(file) => {
                void file.text().then((t) => setText((old) => [old.trim(), t.trim()].filter(Boolean).join('\n')));
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{MSG.sensitiveWordsImport}</Button>
            </Upload>
          </Space>
        </Form.Item>
      </Form>
    </Drawer>
  );
}
