/**
 * The profile page's 学者认证 panel (issue 29 §6; docs/decisions.md 650-653): 已认证 when an account was
 * verified as the scholar, the approved biography and links (text, links opened in a new tab); for a
 * signed-in reader of an unverified profile the 我是该学者 button and its dialog (an e-mail code at the
 * institution's domain, or a PDF / image document, and a note), for a visitor a sign-in prompt; the
 * reader's pending or rejected claim with its reason. Reads GET /api/v1/scholars/{id}/verification.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Radio, Tag } from 'antd';
import { SafetyCertificateFilled, UserAddOutlined } from '@ant-design/icons';
import { loginHref } from '@modules/kit/links';
import { MSG, fillMsg } from '@common/messages';
import { SCHOLAR_DOCUMENT_MAX_MB, SCHOLAR_EVIDENCE_LABELS, SCHOLAR_NOTE_MAX, type ScholarEvidence } from '@common/scholarClaims';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import './claims.css';

/** Props: the scholar, the site, whether a reader is signed in and the profile's own path (for sign-in). */
export interface ScholarClaimProps {
  scholarId: number;
  name: string;
  applicationId: number;
  signedIn: boolean;
  path: string;
}

/** Reads a file as base64 (without the data: prefix). */
const readBase64 = (f: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(typeof r.result === 'string' ? r.result.replace(/^data:[^,]*,/, '') : '');
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsDataURL(f);
  });

/**
 * The scholar's verification as the site shows it (GET /api/v1/scholars/{id}/verification: 已认证, the
 * approved biography and links, the viewer's claim, the claimed and disputed outputs); one query shared
 * by the claim block and the profile's 相关成果. `key` is its query key (to refresh after a claim).
 */
export function useScholarVerification(scholarId: number, applicationId: number, signedIn: boolean) {
  const key = ['scholar-verification', scholarId, applicationId, signedIn];
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get('/api/v1/scholars/{id}/verification', { params: { id: scholarId }, query: { applicationId }, signal }),
    retry: false,
  });
  return { q, key };
}

/** See the file comment. */
export function ScholarClaim({ scholarId, name, applicationId, signedIn, path }: ScholarClaimProps) {
  const { q, key } = useScholarVerification(scholarId, applicationId, signedIn);
  const [open, setOpen] = useState(false);
  const v = q.data;
  if (!v) return null;
  const claim = v.myClaim;
  return (
    <div className="atr-claim" data-testid="scholar-claim">
      <div className="atr-claim__bar">
        {v.verified ? (
          <Tag color="green" icon={<SafetyCertificateFilled />}>
            {MSG.scholarVerified}
          </Tag>
        ) : signedIn ? (
          claim?.status === 'pending' ? (
            <span className="atr-claim__note">{MSG.scholarClaimPendingNote}</span>
          ) : (
            <Button icon={<UserAddOutlined />} onClick={() => setOpen(true)}>
              {MSG.scholarClaimButton}
            </Button>
          )
        ) : (
          <Button icon={<UserAddOutlined />} href={loginHref(path)}>
            {MSG.scholarClaimSignIn}
          </Button>
        )}
        {!v.verified && claim?.status === 'rejected' && claim.reason ? (
          <span className="atr-claim__note">{fillMsg(MSG.scholarClaimRejectedNote, { reason: claim.reason })}</span>
        ) : null}
      </div>
      {v.biography ? (
        <div>
          <h3 className="atr-vcard__title">{MSG.scholarBiography}</h3>
          <p className="atr-claim__bio">{v.biography}</p>
        </div>
      ) : null}
      {v.links.length ? (
        <ul className="atr-claim__links" aria-label={MSG.scholarLinks}>
          {v.links.map((l) => (
            <li key={l.url}>
              <a href={l.url} target="_blank" rel="noopener noreferrer nofollow">
                {l.title}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {open ? <ClaimDialog scholarId={scholarId} name={name} applicationId={applicationId} onClose={() => setOpen(false)} queryKey={key} /> : null}
    </div>
  );
}

interface ClaimForm {
  evidence: ScholarEvidence;
  email?: string;
  code?: string;
  note?: string;
}

function ClaimDialog({
  scholarId,
  name,
  applicationId,
  onClose,
  queryKey,
}: {
  scholarId: number;
  name: string;
  applicationId: number;
  onClose: () => void;
  queryKey: unknown[];
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<ClaimForm>();
  const evidence = Form.useWatch('evidence', form) ?? 'email';
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [sending, setSending] = useState(false);
  const fail = (e: unknown) => {
    const fields = (e as { fields?: Record<string, string> }).fields ?? {};
    const named = Object.entries(fields).filter(([k]) => ['email', 'code', 'note'].includes(k));
    if (named.length) form.setFields(named.map(([k, m]) => ({ name: k as keyof ClaimForm, errors: [m] })));
    else void message.error(errorMessage(e));
  };
  const sendCode = async () => {
    const email = (form.getFieldValue('email') as string | undefined)?.trim();
    if (!email) return form.setFields([{ name: 'email', errors: [MSG.scholarClaimEmailInvalid] }]);
    setSending(true);
    try {
      const r = await api.post('/api/v1/scholar-claims/code', { body: { applicationId, scholarId, email } });
      void message.success(r.message);
    } catch (e) {
      fail(e);
    } finally {
      setSending(false);
    }
  };
  const submit = async (v: ClaimForm) => {
    setSaving(true);
    try {
      const note = v.note?.trim() || undefined;
      let r;
      if (v.evidence === 'email') {
        r = await api.post('/api/v1/scholar-claims', {
          body: { applicationId, scholarId, evidence: 'email', email: v.email?.trim() ?? '', code: v.code?.trim() ?? '', note },
        });
      } else {
        if (!file) {
          void message.error(MSG.scholarClaimDocumentType);
          return;
        }
        const data = await readBase64(file);
        r = await api.post('/api/v1/scholar-claims', { body: { applicationId, scholarId, evidence: 'document', document: { name: file.name, data }, note } });
      }
      void message.success(r.message);
      await qc.invalidateQueries({ queryKey });
      onClose();
    } catch (e) {
      fail(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={fillMsg(MSG.scholarClaimTitle, { name })}
      okText={MSG.scholarClaimSubmit}
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="atr-claim__note">{MSG.scholarClaimHint}</p>
      <Form form={form} layout="vertical" initialValues={{ evidence: 'email' }} onFinish={(v) => void submit(v)}>
        <Form.Item name="evidence" label={MSG.scholarClaimEvidence}>
          <Radio.Group options={(['email', 'document'] as const).map((k) => ({ value: k, label: SCHOLAR_EVIDENCE_LABELS[k] }))} />
        </Form.Item>
        {evidence === 'email' ? (
          <>
            <Form.Item label={MSG.scholarClaimEmail} required>
              <div className="atr-claim__code">
                <Form.Item name="email" noStyle>
                  <Input type="email" maxLength={200} aria-label={MSG.scholarClaimEmail} />
                </Form.Item>
                <Button onClick={() => void sendCode()} loading={sending}>
                  {MSG.scholarClaimSendCode}
                </Button>
              </div>
            </Form.Item>
            <Form.Item name="code" label={MSG.scholarClaimCode} rules={[{ pattern: /^\d{6}$/, message: MSG.scholarClaimCodeFormat }]}>
              <Input inputMode="numeric" maxLength={6} />
            </Form.Item>
          </>
        ) : (
          <Form.Item label={MSG.scholarClaimDocument} extra={`PDF 或图片，不超过 ${SCHOLAR_DOCUMENT_MAX_MB} MB`}>
            <input type="file" accept="application/pdf,image/*" aria-label={MSG.scholarClaimDocument} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </Form.Item>
        )}
        <Form.Item name="note" label={MSG.scholarClaimNote}>
          <Input.TextArea maxLength={SCHOLAR_NOTE_MAX} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
