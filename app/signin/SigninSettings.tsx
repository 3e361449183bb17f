/**
 * The 登录设置 card of the application settings page (spec 2 §7 PUT /api/v1/applications/{id}/oauth-uri;
 * docs/decisions.md 121, 122): the single sign-on provider (issuer, client id, secret, extra scopes)
 * and the e-mail suffixes allowed to sign in. The stored client secret is never shown: leaving the
 * field empty keeps it. Empty issuer and client id turn single sign-on off.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { MSG } from '@common/messages';
import { errorMessage } from '../api';
import { applyFieldErrors } from '../shared/formErrors';
import { siteUrl } from '../shared/util';
import { SIGNIN_OPTIONS_KEY } from './options';
import { scalarText } from '@common/text';
import { api } from '../shared/apiClient';

/** The sign-in part of the application config as GET /api/v1/applications/{id}/config answers it. */
export interface SigninConfig {
  host: string;
  oauthUri?: { issuer: string; clientId: string; scope: string | null; hasClientSecret: boolean } | null;
  mailAllowSuffix?: string | null;
}

interface Values {
  issuer?: string;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  mailAllowSuffix?: string;
}

const FIELDS = {
  'oauthUri.issuer': 'issuer',
  'oauthUri.clientId': 'clientId',
  'oauthUri.clientSecret': 'clientSecret',
  'oauthUri.scope': 'scope',
  oauthUri: 'issuer',
  mailAllowSuffix: 'mailAllowSuffix',
};

/** A rule: this field may be empty only when `other` is empty too (issuer and client id go together). */
const bothOrNone =
  (other: keyof Values) =>
  ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
    validator(_: unknown, value?: string) {
      const otherFilled = scalarText(getFieldValue(other)).trim() !== '';
      return otherFilled && !value?.trim() ? Promise.reject(new Error(MSG.ssoBothRequired)) : Promise.resolve();
    },
  });

/** The card; `config` is the application's config, `onSaved` receives the new sign-in fields. */
export function SigninSettingsCard({ applicationId, config }: { applicationId: number; config: SigninConfig }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [hasSecret, setHasSecret] = useState(!!config.oauthUri?.hasClientSecret);

  useEffect(() => {
    form.setFieldsValue({
      issuer: config.oauthUri?.issuer ?? '',
      clientId: config.oauthUri?.clientId ?? '',
      scope: config.oauthUri?.scope ?? '',
      clientSecret: '',
      mailAllowSuffix: config.mailAllowSuffix ?? '',
    });
    setHasSecret(!!config.oauthUri?.hasClientSecret);
  }, [config, form]);

  const save = async (v: Values) => {
    const issuer = v.issuer?.trim() ?? '';
    const clientId = v.clientId?.trim() ?? '';
    setSaving(true);
    try {
      const r = await api.put('/api/v1/applications/{id}/oauth-uri', {
        params: { id: applicationId },
        body: {
          oauthUri: issuer
            ? { issuer, clientId, ...(v.clientSecret ? { clientSecret: v.clientSecret } : {}), ...(v.scope?.trim() ? { scope: v.scope.trim() } : {}) }
            : null,
          mailAllowSuffix: v.mailAllowSuffix?.trim() || null,
        },
      });
      form.setFieldsValue({ clientSecret: '', mailAllowSuffix: r.mailAllowSuffix ?? '' });
      setHasSecret(!!r.oauthUri?.hasClientSecret);
      void queryClient.invalidateQueries({ queryKey: SIGNIN_OPTIONS_KEY });
      message.success(r.message ?? MSG.oauthSaved);
    } catch (err) {
      applyFieldErrors(form, err, FIELDS);
      message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="atr-panel-card atr-settings-card">
      <h3 className="atr-settings-card__title">{MSG.signinSettings}</h3>
      <div className="atr-muted" style={{ marginBottom: 16 }}>
        {MSG.signinSettingsHint}
      </div>
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void save(v)} validateTrigger="onBlur" style={{ maxWidth: 560 }} name="signin-settings">
        <Form.Item
          name="issuer"
          label={MSG.ssoIssuer}
          dependencies={['clientId']}
          rules={[{ pattern: /^https?:\/\/\S+$/, message: MSG.ssoIssuerInvalid }, bothOrNone('clientId')]}
          extra={MSG.ssoCallbackHint(`${siteUrl(config.host)}/api/v1/oauth/sso/callback`)}
        >
          <Input placeholder="https://idp.example.edu.cn" maxLength={500} />
        </Form.Item>
        <Form.Item name="clientId" label={MSG.ssoClientId} dependencies={['issuer']} rules={[bothOrNone('issuer')]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="clientSecret" label={MSG.ssoClientSecret}>
          <Input.Password placeholder={hasSecret ? MSG.ssoClientSecretKept : MSG.ssoClientSecretNone} maxLength={500} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="scope" label={MSG.ssoScope}>
          <Input placeholder="email" maxLength={200} />
        </Form.Item>
        <Form.Item name="mailAllowSuffix" label={MSG.mailAllowSuffixLabel}>
          <Input placeholder={MSG.mailAllowSuffixPlaceholder} maxLength={500} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {MSG.save}
        </Button>
      </Form>
    </div>
  );
}
