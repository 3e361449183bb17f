/**
 * Saving one of the site configs from the console (spec 2 §7 'POST /api/v1/applications/{id}/
 * header-config, footer-config, theme-config'): posts `{ [key]: values }`, puts the answer into the
 * cached application config, shows the server's Chinese message on success or failure, and puts field
 * messages on the form.
 */
import { useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, apiPost, errorMessage } from '../../api';
import type { AppConfig } from '../../boot';
import { appConfigKey } from '../../shared/util';
import { fieldPath } from './zodRule';

export type SiteConfigKey = 'headerConfig' | 'footerConfig' | 'themeConfig';
const PATHS: Record<SiteConfigKey, string> = { headerConfig: 'header-config', footerConfig: 'footer-config', themeConfig: 'theme-config' };

/** Returns `[save, saving]`; `save(values)` resolves with the saved config, or null when refused. */
export function useSaveConfig<T>(id: number, key: SiteConfigKey, form?: FormInstance): [(values: T) => Promise<T | null>, boolean] {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const save = async (values: T): Promise<T | null> => {
    setSaving(true);
    try {
      const r = await apiPost<Record<string, unknown> & { message?: string }>(`/api/v1/applications/${id}/${PATHS[key]}`, { [key]: values });
      const saved = r[key] as T;
      queryClient.setQueryData<AppConfig>(appConfigKey(id), (old) => (old ? { ...old, [key]: saved } : old));
      message.success(r.message ?? '');
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
