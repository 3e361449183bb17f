/**
 * An output's 作者（已认证学者） and, for a verified scholar, 认领成果 / 申诉 (issue 29 §6; docs/decisions.md
 * 654-656): the scholars named its authors by approved claims (links to their profiles, from GET
 * /api/v1/outputs/{id}/authors); a signed-in reader verified as a scholar (GET /api/v1/scholar-claims/mine)
 * claims it when they are not among them, or disputes it with a reason when they are. Loaded by
 * ./LazyOutputClaim.tsx, so it stays out of the detail page's own chunk.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Popconfirm } from 'antd';
import { AuditOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { MSG, fillMsg } from '@common/messages';
import { FRUIT_REASON_MAX } from '@common/scholarClaims';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import './claims.css';

/** Props: the output, the site and whether a reader is signed in. */
export interface OutputClaimProps {
  resourceId: number;
  title: string;
  applicationId: number;
  signedIn: boolean;
}

/** See the file comment. */
export default function OutputClaim({ resourceId, title, applicationId, signedIn }: OutputClaimProps) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const authorsKey = ['output-authors', resourceId, applicationId];
  const authors = useQuery({
    queryKey: authorsKey,
    queryFn: ({ signal }) => api.get('/api/v1/outputs/{id}/authors', { params: { id: resourceId }, query: { applicationId }, signal }),
    retry: false,
  });
  const mine = useQuery({
    queryKey: ['scholar-mine'],
    queryFn: ({ signal }) => api.get('/api/v1/scholar-claims/mine', { signal }),
    enabled: signedIn,
    retry: false,
  });
  const [appealing, setAppealing] = useState(false);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const list = authors.data?.authors ?? [];
  const me = mine.data?.profile ?? null;
  const isMine = !!me && list.some((a) => a.scholarId === me.scholarId);
  const send = async (mode: 'claim' | 'appeal') => {
    setSaving(true);
    try {
      const r = await api.post('/api/v1/fruit-appeals', { body: { applicationId, resourceId, mode, ...(mode === 'appeal' ? { reason } : {}) } });
      void message.success(r.message);
      setAppealing(false);
      await qc.invalidateQueries({ queryKey: authorsKey });
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  if (!list.length && !me) return null;
  return (
    <div className="atr-detail__section" data-testid="output-claim">
      {list.length > 0 && (
        <p>
          <strong>{MSG.fruitAuthors}：</strong>
          {list.map((a, i) => (
            <span key={a.scholarId}>
              {i > 0 ? '、' : ''}
              <Link to={a.href}>{a.name}</Link> <SafetyCertificateFilled style={{ color: 'var(--atr-success, #389e0d)' }} aria-label={MSG.scholarVerified} />
            </span>
          ))}
        </p>
      )}
      {me && (
        <div className="atr-claim__bar">
          {isMine ? (
            <Button icon={<AuditOutlined />} onClick={() => setAppealing(true)}>
              {MSG.fruitAppealButton}
            </Button>
          ) : (
            <Popconfirm title={MSG.fruitClaimConfirm} onConfirm={() => void send('claim')} okText={MSG.fruitClaimButton}>
              <Button icon={<AuditOutlined />} loading={saving}>
                {MSG.fruitClaimButton}
              </Button>
            </Popconfirm>
          )}
        </div>
      )}
      {appealing && (
        <Modal
          open
          title={fillMsg(MSG.fruitAppealTitle, { title })}
          okButtonProps={{ loading: saving }}
          onOk={() => void send('appeal')}
          onCancel={() => setAppealing(false)}
        >
          <label>
            {MSG.fruitAppealReason}
            <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={FRUIT_REASON_MAX} autoSize={{ minRows: 3, maxRows: 6 }} />
          </label>
        </Modal>
      )}
    </div>
  );
}
