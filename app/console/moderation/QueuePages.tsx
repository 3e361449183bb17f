/**
 * The console pages of the review queues of issue 29 §6 (docs/decisions.md 610-619), each the one
 * moderation list (./ModerationPage.tsx) at its spec path, with the kind's own row action:
 * - /console/rc/resource_verify: 设置分类, the category a pending recommendation's record goes in on
 *   approval (PUT /api/v1/submissions/recommendations/{id}/placement);
 * - /console/ue/user_examine: 学者认证 and profile edits, with 查看证明材料 on a claim sent with a document
 *   (GET /api/v1/scholar-claims/{id}/document; decisions 650-653);
 * - /console/fa/fruit_appeal: 成果认领 and 申诉, the output's 归属记录 among the item's fields (decisions 654-656).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal } from 'antd';
import { FileSearchOutlined, FolderOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { CATEGORY_NAME_MAX } from '@common/submissions';
import { SCHOLAR_EVIDENCE_LABELS } from '@common/scholarClaims';
import type { Submission } from '@common/contracts/moderation';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { ModerationPage } from './ModerationPage';

/** 设置分类 on a pending recommendation: a dialog with the category and subcategory. */
function PlacementButton({ s }: { s: Submission }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ category?: string; subcategory?: string }>();
  if (s.status !== 'pending') return null;
  const [one = '', two = ''] = s.fields.category && s.fields.category !== MSG.recommendNoCategory ? s.fields.category.split(' / ') : [];
  const save = async (v: { category?: string; subcategory?: string }) => {
    setSaving(true);
    try {
      const r = await api.put('/api/v1/submissions/recommendations/{id}/placement', {
        params: { id: s.refId },
        body: { category: v.category?.trim() || null, subcategory: v.subcategory?.trim() || null },
      });
      void message.success(r.message);
      setOpen(false);
      await qc.invalidateQueries({ queryKey: ['moderation'] });
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button size="small" icon={<FolderOutlined />} onClick={() => setOpen(true)}>
        {MSG.recommendPlaceTitle}
      </Button>
      <Modal
        open={open}
        title={MSG.recommendPlaceTitle}
        okText={MSG.save}
        okButtonProps={{ loading: saving }}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ category: one, subcategory: two }} onFinish={(v) => void save(v)} preserve={false}>
          <p className="atr-muted">{MSG.recommendPlaceHint}</p>
          <Form.Item name="category" label="分类">
            <Input maxLength={CATEGORY_NAME_MAX} />
          </Form.Item>
          <Form.Item name="subcategory" label="子分类">
            <Input maxLength={CATEGORY_NAME_MAX} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** /console/rc/resource_verify */
export function ResourceVerifyQueue() {
  return <ModerationPage kind="resource_verify" rowAction={(s) => <PlacementButton s={s} />} />;
}

/** /console/ue/user_examine: 查看证明材料 opens a claim's document (a download of the checked file). */
export function UserExamineQueue() {
  return (
    <ModerationPage
      kind="user_examine"
      rowAction={(s) =>
        s.fields.evidence?.startsWith(SCHOLAR_EVIDENCE_LABELS.document) ? (
          <Button size="small" icon={<FileSearchOutlined />} href={`/api/v1/scholar-claims/${s.refId}/document`} target="_blank" rel="noopener noreferrer">
            {MSG.claimsViewDocument}
          </Button>
        ) : null
      }
    />
  );
}

/** /console/fa/fruit_appeal */
export function FruitAppealQueue() {
  return <ModerationPage kind="fruit_appeal" />;
}
