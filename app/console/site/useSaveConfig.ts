/**
 * Saving one of the site configs from the console (spec 2 §7 'POST /api/v1/applications/{id}/
 * header-config, footer-config, theme-config'): posts `{ [key]: values }`, puts the answer into the
 * cached application config, shows the server's Chinese message on success or failure, and puts field
 * messages on the form.
 */
import { useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import type { FooterConfig, HeaderConfig, ThemeConfig } from '@common/siteConfig';
import type { AppConfig } from '../../boot';
import { appConfigKey } from '../../shared/util';
import { fieldPath } from './zodRule';

/** Each site config's key and the shape it is saved in. */
interface SiteConfigs {
  headerConfig: HeaderConfig;
  footerConfig: FooterConfig;
  themeConfig: ThemeConfig;
}
export type SiteConfigKey = keyof SiteConfigs;

/** The typed call that saves each config: resolves with the saved config and the server's message. */
const SAVE: { [K in SiteConfigKey]: (id: number, config: SiteConfigs[K]) => Promise<{ saved: SiteConfigs[K]; message: string }> } = {
  headerConfig: async (id, headerConfig) => {
    const r = await api.post('/api/v1/applications/{id}/header-config', { params: { id }, body: { headerConfig } });
    return { saved: r.headerConfig, message: r.message };
  },
  footerConfig: async (id, footerConfig) => {
    const r = await api.post('/api/v1/applications/{id}/footer-config', { params: { id }, body: { footerConfig } });
    return { saved: r.footerConfig, message: r.message };
  },
  themeConfig: async (id, themeConfig) => {
    const r = await api.post('/api/v1/applications/{id}/theme-config', { params: { id }, body: { themeConfig } });
    return { saved: r.themeConfig, message: r.message };
  },
};

/** Returns `[save, saving]`; `save(values)` resolves with the saved config, or null when refused. */
export function useSaveConfig<K extends SiteConfigKey>(
  id: number,
  key: K,
  form?: FormInstance,
): [(values: SiteConfigs[K]) => Promise<SiteConfigs[K] | null>, boolean] {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const save = async (values: SiteConfigs[K]): Promise<SiteConfigs[K] | null> => {
    setSaving(true);
    try {
      const { saved, message: done } = await SAVE[key](id, values);
      queryClient.setQueryData<AppConfig>(appConfigKey(id), (old) => (old ? { ...old, [key]: saved } : old));
      message.success(done);
      return saved;
    } catch (err) {
      if (form && err instanceof ApiError && err.fields) {
        form.setFields(Object.entries(err.fields).map(([k, msg]) => ({ name: fieldPath(k, key) as never, errors: [msg] })));
      }
      message.error(errorMessage(err));
      return null;
    } finally {
      setSaving(false);
    }
  };
  return [save, saving];
}
