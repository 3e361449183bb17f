/**
 * The logo tab (spec 1 §3 `logo`; spec 2 §7 'DELETE /api/v1/applications/{id}/logo'; spec 1 §5 'JPG/PNG
 * only, max size 500'): the current logo on a light and on a primary-coloured strip, an antd Upload that
 * posts the file (multipart, field `file`, with credentials and the XSRF header) to
 * POST /api/v1/applications/{id}/logo, and a delete button with a confirmation. The browser checks type
 * and size first; the server checks the content and has the last word (its Chinese message is shown).
 */
import { useState } from 'react';
import { App, Button, Empty, Popconfirm, Space, Upload, type UploadProps } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@common/messages';
import { ApiError, errorMessage, signedHeaders } from '../../api';
import type { AppConfig } from '../../boot';
import { appConfigKey } from '../../shared/util';
import { api } from '../../shared/apiClient';

/** Largest logo, bytes (the server's limit: 500 KB). */
export const LOGO_MAX_BYTES = 500 * 1024;
const LOGO_MIME = ['image/png', 'image/jpeg'];

/** Posts the logo file; resolves with the application config, rejects with an ApiError carrying the server's message. */
export async function uploadLogo(id: number, file: Blob, name = 'logo'): Promise<AppConfig & { message?: string }> {
  const data = new FormData();
  data.append('file', file, name);
  const url = `/api/v1/applications/${id}/logo`;
  const headers: Record<string, string> = { Accept: 'application/json', ...(await signedHeaders('POST', url, 'multipart')) };
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', body: data, credentials: 'include', headers });
  } catch {
    throw new ApiError(0, 'network', MSG.networkError);
  }
  const body = (await res.json().catch(() => null)) as (AppConfig & { message?: string; error?: { code: string; message: string } }) | null;
  if (!res.ok || !body || body.error) {
    throw new ApiError(res.status, body?.error?.code ?? `http_${res.status}`, body?.error?.message ?? MSG.requestFailed);
  }
  return body;
}

/** See the file comment. */
export function LogoTab({ app }: { app: AppConfig }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const id = app.applicationId;
  const apply = (r: AppConfig) => queryClient.setQueryData<AppConfig>(appConfigKey(id), (old) => (old ? { ...old, logo: r.logo } : old));

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!LOGO_MIME.includes(file.type)) {
      message.error(MSG.logoTypeInvalid);
      return Upload.LIST_IGNORE;
    }
    if (file.size > LOGO_MAX_BYTES) {
      message.error(MSG.logoTooLarge);
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  const send = async ({ file, onSuccess, onError }: Parameters<NonNullable<UploadProps['customRequest']>>[0]) => {
    setBusy(true);
    try {
      const r = await uploadLogo(id, file as Blob, (file as File).name);
      apply(r);
      message.success(r.message ?? MSG.logoSaved);
      onSuccess?.(r);
    } catch (err) {
      message.error(errorMessage(err));
      onError?.(err as Error);
    } finally {
      setBusy(false);
    }
  };
  /** antd's upload hook: the upload reports its own outcome (message, onSuccess/onError). */
  const customRequest: UploadProps['customRequest'] = (options) => {
    void send(options);
  };
  const remove = async () => {
    setBusy(true);
    try {
      const r = await api.delete('/api/v1/applications/{id}/logo', { params: { id } });
      apply(r);
      message.success(r.message ?? MSG.logoDeleted);
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="atr-logo-tab">
      {app.logo ? (
        <div className="atr-logo-tab__previews">
          <div className="atr-logo-tab__strip">
            <img src={app.logo} alt={`${app.name} Logo`} data-testid="logo-preview" />
          </div>
          <div className="atr-logo-tab__strip atr-logo-tab__strip--primary" style={{ background: app.themeConfig?.primaryColor }}>
            <img src={app.logo} alt="" />
          </div>
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.noLogo} />
      )}
      <div className="atr-muted">{MSG.logoHint}</div>
      <Space>
        <Upload accept=".png,.jpg,.jpeg,image/png,image/jpeg" maxCount={1} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest}>
          <Button type="primary" icon={<UploadOutlined />} loading={busy}>
            {MSG.logoUpload}
          </Button>
        </Upload>
        {app.logo && (
          <Popconfirm
            title={MSG.logoDeleteConfirm}
            okText={MSG.delete}
            cancelText={MSG.cancel}
            okButtonProps={{ danger: true }}
            onConfirm={() => void remove()}
          >
            <Button danger icon={<DeleteOutlined />} disabled={busy}>
              {MSG.logoDelete}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </div>
  );
}
