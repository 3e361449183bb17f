/**
 * The sign-in form shared by the console's sign-in page (/console/login, app/console/LoginPage.tsx) and
 * the visitor site's (/login, app/pages/signin/SiteLoginPage.tsx), written once (spec 1 §2,
 * §5, §6; spec 2 §5, §7 'Login'): antd Tabs with the ways this site offers — single sign-on
 * (when the site's application has it), SMS code (PUT/POST /api/v3/oauth/digits) and e-mail code
 * (PUT/POST /api/v1/oauth/email/digits). 获取验证码 counts 60 s down. The server's refusals (400 wrong
 * code, 403 address not allowed, 429 too often) are shown with its Chinese message; an SSO failure
 * (`ssoError`, from the SSO callback) above the tabs. {@link useSigninFlow} holds what both pages do
 * around it: wait for the session, send a signed-in user on to the way back.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Tabs } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { EMAIL, MAINLAND_MOBILE, SIX_DIGITS } from '@common/validation';
import { CODE_RESEND_MS } from '@common/constants';
import { errorMessage } from '../api';
import { api } from '../shared/apiClient';
import { ssoStartUrl, useSigninOptions, type SigninOptions } from './options';
import { applyFieldErrors } from '../shared/formErrors';
import { SESSION_KEY, needsFullLoad, useSession } from '../shared/session';
import { lastingMessage } from '../AntdProviders';
import { anonymousSettled } from './SigninEffects';
import type { SessionUser } from '../shared/types';
import './signin.css';

interface CodeValues {
  address: string;
  code: string;
}

const COUNTDOWN_S = Math.round(CODE_RESEND_MS / 1000);

/** How one code form differs: SMS to a mainland phone, or e-mail. */
interface CodeKind {
  key: 'sms' | 'email';
  /** sends a code to `address` (the typed PUT); resolves with the server's message */
  send(address: string): Promise<{ message?: string }>;
  /** signs in with the code (the typed POST); resolves with the user and the server's message */
  signIn(address: string, code: string): Promise<{ user: SessionUser; message?: string }>;
  /** server field names → form fields */
  fields: Record<string, string>;
  addressRules: object[];
  codeRules: object[];
  addressIcon: ReactNode;
  addressPlaceholder: string;
  codePlaceholder: string;
  maxLength: number;
  inputMode: 'numeric' | 'email';
}

const SMS: CodeKind = {
  key: 'sms',
  send: (a) => api.put('/api/v3/oauth/digits', { body: { country_code: '86', mobile_number: a } }),
  signIn: (a, c) => api.post('/api/v3/oauth/digits', { body: { country_code: '86', mobile_number: a, sms_code: c } }),
  fields: { mobile_number: 'address', sms_code: 'code' },
  addressRules: [
    { required: true, whitespace: true, message: MSG.phoneRequired },
    { pattern: MAINLAND_MOBILE, message: MSG.phoneInvalid },
  ],
  codeRules: [
    { required: true, whitespace: true, message: MSG.smsCodeRequired },
    { pattern: SIX_DIGITS, message: MSG.codeInvalid },
  ],
  addressIcon: (
    <>
      <MobileOutlined />
      <span className="atr-login__cc">+86</span>
    </>
  ),
  addressPlaceholder: MSG.phonePlaceholder,
  codePlaceholder: MSG.smsCodePlaceholder,
  maxLength: 11,
  inputMode: 'numeric',
};

const EMAIL_KIND: CodeKind = {
  key: 'email',
  send: (a) => api.put('/api/v1/oauth/email/digits', { body: { email: a } }),
  signIn: (a, c) => api.post('/api/v1/oauth/email/digits', { body: { email: a, email_code: c } }),
  fields: { email: 'address', email_code: 'code' },
  addressRules: [
    { required: true, whitespace: true, message: MSG.emailRequired },
    { pattern: EMAIL, message: MSG.emailInvalid },
  ],
  codeRules: [
    { required: true, whitespace: true, message: MSG.emailCodeRequired },
    { pattern: SIX_DIGITS, message: MSG.codeInvalid },
  ],
  addressIcon: <MailOutlined />,
  addressPlaceholder: MSG.emailPlaceholder,
  codePlaceholder: MSG.emailCodePlaceholder,
  maxLength: 254,
  inputMode: 'email',
};

/** One code form (address + 6-digit code); `onSignedIn` gets the user. */
function CodeForm({ kind, onSignedIn }: { kind: CodeKind; onSignedIn: (u: SessionUser, msg?: string) => void }) {
  const [form] = Form.useForm<CodeValues>();
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [countdown, setCountdown] = useState(0);

  useEffect(() => {
    if (countdown <= 0) return;
    const t = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(t);
  }, [countdown]);

  const sendCode = async () => {
    let address: string;
    try {
      ({ address } = await form.validateFields(['address']));
    } catch {
      return;
    }
    setSending(true);
    try {
      const r = await kind.send(address.trim());
      message.success(r.message ?? MSG.codeSent);
      setCountdown(COUNTDOWN_S);
    } catch (err) {
      applyFieldErrors(form, err, kind.fields);
      message.error(errorMessage(err));
    } finally {
      setSending(false);
    }
  };

  const signIn = async (values: CodeValues) => {
    setSigningIn(true);
    try {
      await anonymousSettled();
      const r = await kind.signIn(values.address.trim(), values.code.trim());
      onSignedIn(r.user, r.message);
    } catch (err) {
      applyFieldErrors(form, err, kind.fields);
      message.error(errorMessage(err));
    } finally {
      setSigningIn(false);
    }
  };

  return (
    <Form<CodeValues> form={form} size="large" onFinish={signIn} autoComplete="off" requiredMark={false} validateTrigger="onBlur" name={`login-${kind.key}`}>
      <Form.Item name="address" rules={kind.addressRules}>
        <Input
          prefix={kind.addressIcon}
          placeholder={kind.addressPlaceholder}
          maxLength={kind.maxLength}
          inputMode={kind.inputMode}
          aria-label={kind.addressPlaceholder}
        />
      </Form.Item>
      <Form.Item required>
        <div className="atr-login__code">
          <Form.Item name="code" noStyle rules={kind.codeRules}>
            <Input prefix={<LockOutlined />} placeholder={kind.codePlaceholder} maxLength={6} inputMode="numeric" aria-label={kind.codePlaceholder} />
          </Form.Item>
          <Button className="atr-login__send" onClick={() => void sendCode()} loading={sending} disabled={countdown > 0}>
            {countdown > 0 ? `${countdown} ${MSG.resendAfter}` : MSG.sendCode}
          </Button>
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={signingIn}>
        {MSG.signIn}
      </Button>
    </Form>
  );
}

/**
 * The messages of `?sso_error=`: from the SSO callback (state, denied, failed) and from an SSO start that
 * could not begin (unavailable, unconfigured, client, busy: docs/decisions.md 423).
 */
const SSO_ERRORS: Record<string, string> = {
  state: MSG.ssoStateInvalid,
  denied: MSG.ssoDenied,
  unavailable: MSG.ssoUnavailable,
  unconfigured: MSG.ssoNotConfigured,
  client: MSG.ssoClientUnknown,
  busy: MSG.tooManyRequests,
};

/**
 * What a sign-in page does around the form, for the way back `redirect` (a same-site path the page has
 * checked): `waiting` while the session or the sign-in options are asked, or while a signed-in user is
 * sent to a visitor page (a full load: those pages carry their user in the server's boot data,
 * decision 231); `signedIn` when a user already is (the page then navigates to `redirect`);
 * `onSignedIn` for the form: a message, then the way back (a full load for visitor pages).
 */
export function useSigninFlow(redirect: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const options = useSigninOptions();
  const reloads = needsFullLoad(redirect);
  useEffect(() => {
    if (session.data && reloads) window.location.replace(redirect);
  }, [session.data, reloads, redirect]);

  const onSignedIn = (user: SessionUser, msg?: string) => {
    lastingMessage.success(msg ?? MSG.signedIn);
    // one navigation: the session is not set here, else the effect above would load the page a second time
    if (reloads) {
      window.location.replace(redirect);
      return;
    }
    queryClient.setQueryData(SESSION_KEY, user);
    void navigate(redirect, { replace: true });
  };
  return {
    waiting: session.isPending || options.isPending || (!!session.data && reloads),
    signedIn: !!session.data,
    options: options.data,
    onSignedIn,
  };
}

export interface SigninMethodsProps {
  /** where single sign-on comes back to (a same-site path) */
  redirect: string;
  /** the sign-in options of this host (undefined: none known, SMS and e-mail offered) */
  options: SigninOptions | undefined;
  /** `?sso_error=` of the address: state, denied or failed */
  ssoError: string | null;
  onSignedIn(user: SessionUser, msg?: string): void;
  /** the way back offered with an SSO failure (a full load of `href`) */
  back?: { href: string; label: string };
}

/** The SSO failure, if any, and the tabs of the ways to sign in; see the file comment. */
export function SigninMethods({ redirect, options, ssoError, onSignedIn, back }: SigninMethodsProps) {
  const items = [
    ...(options?.sso
      ? [
          {
            key: 'sso',
            label: MSG.loginTabSso,
            children: (
              <div className="atr-login__sso">
                <p>{MSG.ssoHint}</p>
                <Button type="primary" size="large" block icon={<SafetyCertificateOutlined />} href={ssoStartUrl(redirect)}>
                  {MSG.ssoButton}
                </Button>
              </div>
            ),
          },
        ]
      : []),
    { key: 'sms', label: MSG.loginTabSms, children: <CodeForm kind={SMS} onSignedIn={onSignedIn} /> },
    ...(options?.email !== false ? [{ key: 'email', label: MSG.loginTabEmail, children: <CodeForm kind={EMAIL_KIND} onSignedIn={onSignedIn} /> }] : []),
  ];
  return (
    <>
      {ssoError && (
        <Alert
          type="error"
          showIcon
          className="atr-login__alert"
          title={SSO_ERRORS[ssoError] ?? MSG.ssoFailed}
          action={
            back && (
              <Button size="small" href={back.href}>
                {back.label}
              </Button>
            )
          }
        />
      )}
      <Tabs items={items} defaultActiveKey={items[0].key} />
    </>
  );
}
