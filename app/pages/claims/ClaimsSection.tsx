/**
 * 学者认证与成果认领, the personal centre's `claims` section (issue 29 §6 and §9; docs/decisions.md
 * 650-656): the scholar the reader is verified as, with the approved biography and links and
 * 编辑简介与链接 (sent for review; an edit that waits is said so), or how to claim one; and the reader's
 * claims, profile edits, output claims and appeals with their states and rejection reasons (the
 * `user_examine` and `fruit_appeal` items of GET /api/v1/submissions/mine), each withdrawable.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Modal, Skeleton, Space, Tag } from 'antd';
import { EditOutlined, MinusCircleOutlined, PlusOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { profileHref } from '@common/resourceTypes';
import { SCHOLAR_BIO_MAX, SCHOLAR_LINKS_MAX, SCHOLAR_LINK_TITLE_MAX } from '@common/scholarClaims';
import type { MyScholar, ScholarLink } from '@common/contracts/scholarClaims';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { useSession } from '../../shared/session';
import { useSiteConfig } from '../visitor/siteConfig';
import { ListFailure } from '../../shared/ListFailure';
import { MySubmissionItem } from '../submissions/MySubmissionsSection';
import '../submissions/submissions.css';
import './claims.css';

const CLAIM_KINDS = ['user_examine', 'fruit_appeal'];

/** The section; see the file comment. */
export default function ClaimsSection() {
  const session = useSession();
  const site = useSiteConfig();
  const userId = session.data?.id ?? null;
  const applicationId = site.data?.applicationId ?? null;
  const mine = useQuery({ queryKey: ['scholar-mine'], queryFn: ({ signal }) => api.get('/api/v1/scholar-claims/mine', { signal }), enabled: userId != null });
  const listKey = ['claims-mine', userId, applicationId];
  const list = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => api.get('/api/v1/submissions/mine', { query: { applicationId: applicationId!, size: 50 }, signal }),
    enabled: userId != null && applicationId != null,
  });
  const items = (list.data?.content ?? []).filter((s) => CLAIM_KINDS.includes(s.kind));
  return (
    <section className="atr-vcard atr-mysub" aria-labelledby="atr-claims">
      <h2 className="atr-mysub__h2" id="atr-claims">
        {MSG.claimsSectionTitle}
      </h2>
      <h3>{MSG.claimsMyProfile}</h3>
      {mine.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : mine.isError ? (
        <ListFailure error={mine.error} retry={() => void mine.refetch()} />
      ) : mine.data.profile && applicationId != null ? (
        <Profile p={mine.data.profile} applicationId={applicationId} />
      ) : (
        <p className="atr-claim__note">{MSG.claimsNoProfile}</p>
      )}
      <h3 style={{ marginTop: 16 }}>{MSG.claimsMyRequests}</h3>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.isError ? (
        <ListFailure error={list.error} retry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Empty description={MSG.claimsNone} />
      ) : (
        <ul className="atr-mysub__list">
          {items.map((s) => (
            <MySubmissionItem key={s.id} s={s} queryKey={listKey} />
          ))}
        </ul>
      )}
    </section>
  );
}

type Profile = NonNullable<MyScholar['profile']>;

function Profile({ p, applicationId }: { p: Profile; applicationId: number }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="atr-claim__profile" data-testid="my-scholar">
      <h3>
        <Link to={profileHref(p.scholarId)}>{p.name}</Link>{' '}
        <Tag color="green" icon={<SafetyCertificateFilled />}>
          {MSG.scholarVerified}
        </Tag>
      </h3>
      {p.institution ? <div className="atr-claim__note">{p.institution}</div> : null}
      {p.biography ? <p className="atr-claim__bio">{p.biography}</p> : null}
      {p.links.length ? (
        <ul className="atr-claim__links">
          {p.links.map((l) => (
            <li key={l.url}>
              <a href={l.url} target="_blank" rel="noopener noreferrer nofollow">
                {l.title}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {p.pendingEdit ? <p className="atr-claim__note">{MSG.scholarProfileWaiting}</p> : null}
      <div className="atr-claim__bar">
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)} disabled={!!p.pendingEdit}>
          {MSG.scholarProfileEdit}
        </Button>
      </div>
      {editing ? <EditDialog p={p} applicationId={applicationId} onClose={() => setEditing(false)} /> : null}
    </div>
  );
}

function EditDialog({ p, applicationId, onClose }: { p: Profile; applicationId: number; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ biography: string; links: ScholarLink[] }>();
  const [saving, setSaving] = useState(false);
  const save = async (v: { biography?: string; links?: ScholarLink[] }) => {
    setSaving(true);
    try {
      const links = (v.links ?? []).filter((l) => l?.title?.trim() || l?.url?.trim()).map((l) => ({ title: l.title.trim(), url: l.url.trim() }));
      const r = await api.put('/api/v1/scholar-claims/profile', { body: { applicationId, biography: v.biography?.trim() ?? '', links } });
      void message.success(r.message);
      await qc.invalidateQueries({ queryKey: ['scholar-mine'] });
      await qc.invalidateQueries({ queryKey: ['claims-mine'] });
      onClose();
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={MSG.scholarProfileEdit}
      okText={MSG.save}
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ biography: p.biography, links: p.links }} onFinish={(v) => void save(v)}>
        <Form.Item name="biography" label={MSG.scholarBiography}>
          <Input.TextArea maxLength={SCHOLAR_BIO_MAX} autoSize={{ minRows: 4, maxRows: 10 }} showCount />
        </Form.Item>
        <Form.List name="links">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item name={[f.name, 'title']} rules={[{ required: true, message: MSG.scholarLinkTitleRequired }]}>
                    <Input placeholder="名称" maxLength={SCHOLAR_LINK_TITLE_MAX} aria-label="链接名称" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'url']} rules={[{ pattern: /^https?:\/\/\S+$/i, message: MSG.scholarLinkUrlInvalid }]}>
                    <Input placeholder="https://" aria-label="链接地址" />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(f.name)} aria-label="删除链接" />
                </Space>
              ))}
              {fields.length < SCHOLAR_LINKS_MAX && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ title: '', url: '' })}>
                  {MSG.scholarLinkAdd}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
