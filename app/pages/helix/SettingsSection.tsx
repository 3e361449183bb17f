/**
 * 设置 (issue 29 §8-§9; decision 582): which notification groups also send an e-mail (to the address of
 * the account; without one, a note that only 站内信 is received) and whether the browsing history is
 * recorded. Saved at once on each change (PUT /api/v1/helix/settings).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Checkbox, Skeleton, Switch } from 'antd';
import { MSG, fillMsg } from '@common/messages';
import { NOTIFY_GROUPS, NOTIFY_GROUP_LABELS, type NotifyGroup } from '@common/helix';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { ListFailure } from '../../shared/ListFailure';
import type { HelixSectionProps } from './sections';

/** The section; see the file comment. */
export default function SettingsSection({ userId }: HelixSectionProps) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const key = ['reader-settings', userId];
  const q = useQuery({ queryKey: key, queryFn: ({ signal }) => api.get('/api/v1/helix/settings', { signal }) });
  if (q.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (q.isError) return <ListFailure error={q.error} retry={() => void q.refetch()} />;
  const s = q.data;
  const save = async (next: { mailOff: NotifyGroup[]; historyOff: boolean }) => {
    try {
      const r = await api.put('/api/v1/helix/settings', { body: next });
      qc.setQueryData(key, r);
      void message.success(r.message);
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  return (
    <div className="atr-helix__section atr-helix__settings">
      <h2 className="atr-helix__h2">{MSG.readerSettingsMailTitle}</h2>
      {s.email ? (
        <>
          <p className="atr-helix__meta">{fillMsg(MSG.readerSettingsMailHint, { email: s.email })}</p>
          <Checkbox.Group
            className="atr-helix__groups"
            value={NOTIFY_GROUPS.filter((g) => !s.mailOff.includes(g))}
            options={NOTIFY_GROUPS.map((g) => ({ value: g, label: NOTIFY_GROUP_LABELS[g] }))}
            onChange={(on) => void save({ mailOff: NOTIFY_GROUPS.filter((g) => !on.includes(g)), historyOff: s.historyOff })}
          />
        </>
      ) : (
        <Alert type="info" showIcon title={MSG.readerSettingsNoEmail} />
      )}
      <h2 className="atr-helix__h2">{MSG.helixSectionHistory}</h2>
      <label className="atr-helix__switch">
        <Switch checked={!s.historyOff} onChange={(on) => void save({ mailOff: s.mailOff, historyOff: !on })} aria-label={MSG.readerSettingsHistory} />
        <span>{MSG.readerSettingsHistory}</span>
      </label>
    </div>
  );
}
