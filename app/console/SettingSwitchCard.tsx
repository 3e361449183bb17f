/**
 * One switch of the application settings page, saved as soon as it is turned (PUT
 * /api/v1/applications/{id} with the field 0 or 1; the 站点设置 right, disabled without it):
 * - `detailSignin`, the 访问设置 card 详情页需登录: on, a visitor who is not signed in is sent from the
 *   site's /microapp/** and /container/** pages to sign in (server/web, app/pages/visitor/DetailSigninGuard.tsx)
 *   and their detail reads answer 401 (decision 377); off (the default), they are public;
 * - `auditNewUsers`, the 新用户审核 card 新用户需审核 (decisions 660-664): on, a reader who opens the site
 *   signed in for the first time waits in /console/uc/auditUser and sees the site as a visitor until
 *   approved; off (the default), readers join with the default role at once.
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

/** The switches: the field saved, the card's element id and its texts. */
const SWITCHES = {
  detailSignin: {
    id: 'detail-signin',
    title: MSG.detailSigninTitle,
    label: MSG.detailSigninLabel,
    hint: MSG.detailSigninHint,
    on: MSG.detailSigninOn,
    off: MSG.detailSigninOff,
  },
  auditNewUsers: {
    id: 'reader-approval',
    title: MSG.readerApprovalTitle,
    label: MSG.readerApprovalLabel,
    hint: MSG.readerApprovalHint,
    on: MSG.readerApprovalOn,
    off: MSG.readerApprovalOff,
  },
} as const;

/** The card of switch `field`; `config` is the application's configuration as the settings page read it (its query is updated on save). */
export function SettingSwitchCard({ applicationId, config, field }: { applicationId: number; config: AppConfig; field: keyof typeof SWITCHES }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { rights, loaded } = useMyRights(applicationId);
  const [saving, setSaving] = useState(false);
  const s = SWITCHES[field];

  const change = async (on: boolean) => {
    setSaving(true);
    try {
      const saved = await api.put('/api/v1/applications/{id}', { params: { id: applicationId }, body: { [field]: on ? 1 : 0 } });
      queryClient.setQueryData(appConfigKey(applicationId), saved);
      message.success(saved[field] === 1 ? s.on : s.off);
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="atr-panel-card atr-settings-card" id={s.id}>
      <h3 className="atr-settings-card__title">{s.title}</h3>
      <div className="atr-detail-signin">
        <Switch
          id={`${s.id}-switch`}
          checked={config[field] === 1}
          loading={saving}
          disabled={loaded && !rights.includes('settings')}
          aria-describedby={`${s.id}-hint`}
          onChange={(on) => void change(on)}
        />
        <label htmlFor={`${s.id}-switch`}>{s.label}</label>
      </div>
      <div className="atr-muted" id={`${s.id}-hint`}>
        {s.hint}
      </div>
    </div>
  );
}
