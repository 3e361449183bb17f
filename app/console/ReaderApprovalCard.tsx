/**
 * The 新用户审核 card of the application settings page (decisions 660-664): the switch 新用户需审核, saved
 * as soon as it is turned (PUT /api/v1/applications/{id} with `auditNewUsers` 0 or 1; the 站点设置 right).
 * On, a reader who opens the site signed in for the first time waits in /console/uc/auditUser and sees
 * the site as a visitor until approved; off (the default), readers join with the default role at once.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Switch } from 'antd';
import { MSG } from '@common/messages';
import { errorMessage } from '../api';
import type { AppConfig } from '../boot';

import { appConfigKey } from '../shared/util';
import { useMyRights } from './roles/rights';
import { api } from '../shared/apiClient';

/** The card; `config` is the application's configuration as the settings page read it (its query is updated on save). */
export function ReaderApprovalCard({ applicationId, config }: { applicationId: number; config: AppConfig }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { rights, loaded } = useMyRights(applicationId);
  const [saving, setSaving] = useState(false);

  const change = async (on: boolean) => {
    setSaving(true);
    try {
      const saved = await api.put('/api/v1/applications/{id}', { params: { id: applicationId }, body: { auditNewUsers: on ? 1 : 0 } });
      queryClient.setQueryData(appConfigKey(applicationId), saved);
      message.success(saved.auditNewUsers === 1 ? MSG.readerApprovalOn : MSG.readerApprovalOff);
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="atr-panel-card atr-settings-card" id="reader-approval">
      <h3 className="atr-settings-card__title">{MSG.readerApprovalTitle}</h3>
      <div className="atr-detail-signin">
        <Switch
          id="reader-approval-switch"
          checked={config.auditNewUsers === 1}
          loading={saving}
          disabled={loaded && !rights.includes('settings')}
          aria-describedby="reader-approval-hint"
          onChange={(on) => void change(on)}
        />
        <label htmlFor="reader-approval-switch">{MSG.readerApprovalLabel}</label>
      </div>
      <div className="atr-muted" id="reader-approval-hint">
        {MSG.readerApprovalHint}
      </div>
    </div>
  );
}
