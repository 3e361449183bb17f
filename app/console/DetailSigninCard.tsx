/**
 * The 访问设置 card of the application settings page: the switch 详情页需登录, saved as soon
 * as it is turned (PUT /api/v1/applications/{id} with `detailSignin` 0 or 1; the 站点设置 right). On, a
 * visitor who is not signed in is sent from the site's /microapp/** and /container/** pages to sign in
 * (server/web, app/pages/visitor/DetailSigninGuard.tsx) and their detail reads answer 401 (decision 377); off (the default), they are public.
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
export function DetailSigninCard({ applicationId, config }: { applicationId: number; config: AppConfig }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { rights, loaded } = useMyRights(applicationId);
  const [saving, setSaving] = useState(false);

  const change = async (on: boolean) => {
    setSaving(true);
    try {
      const saved = await api.put('/api/v1/applications/{id}', { params: { id: applicationId }, body: { detailSignin: on ? 1 : 0 } });
      queryClient.setQueryData(appConfigKey(applicationId), saved);
      message.success(saved.detailSignin === 1 ? MSG.detailSigninOn : MSG.detailSigninOff);
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="atr-panel-card atr-settings-card" id="detail-signin">
      <h3 className="atr-settings-card__title">{MSG.detailSigninTitle}</h3>
      <div className="atr-detail-signin">
        <Switch
          id="detail-signin-switch"
          checked={config.detailSignin === 1}
          loading={saving}
          disabled={loaded && !rights.includes('settings')}
          aria-describedby="detail-signin-hint"
          onChange={(on) => void change(on)}
        />
        <label htmlFor="detail-signin-switch">{MSG.detailSigninLabel}</label>
      </div>
      <div className="atr-muted" id="detail-signin-hint">
        {MSG.detailSigninHint}
      </div>
    </div>
  );
}
