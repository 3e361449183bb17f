/**
 * The sign-in page at /console/login (spec 1 §2, §5, §6; spec 2 §5, §7 'Login'; issue 5): antd Tabs
 * with the ways this site offers — single sign-on (when the site's application has it), SMS code
 * (PUT/POST /api/v3/oauth/digits) and e-mail code (PUT/POST /api/v1/oauth/email/digits). 获取验证码
 * counts 60 s down; a signed-in user goes to `?redirect=` (a path on this site) or the applications
 * page. The server's refusals (400 wrong code, 403 address not allowed, 429 too often) are shown with
 * its Chinese message; `?sso_error=` (from the SSO callback) is shown above the tabs.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Tabs } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { EMAIL, MAINLAND_MOBILE, SIX_DIGITS } from '@common/validation';
import { CODE_RESEND_MS } from '@common/constants';
import { apiPost, apiPut, errorMessage } from '../api';
import { PageSpinner } from '../pages/PageSpinner';
import { ssoStartUrl, useSigninOptions } from '../signin/options';
import { applyFieldErrors } from './formErrors';
import { SESSION_KEY, needsFullLoad, safeRedirect, useSession } from './session';
import { lastingMessage } from '../AntdProviders';
import { anonymousSettled } from '../signin/SigninEffects';
import type { SessionUser, WithMessage } from './types';
import './console.css';

interface CodeValues {
  address: string;
  code: string;
}

const COUNTDOWN_S = Math.round(CODE_RESEND_MS / 1000);

/** How one code form differs: SMS to a mainland phone, or e-mail. */
interface CodeKind {
  key: 'sms' | 'email';
  url: string;
  /** request body of sending and of signing in */
  sendBody(address: string): object;
  signInBody(address: string, code: string): object;
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
  url: '/api/v3/oauth/digits',
  sendBody: (a) => ({ country_code: '86', mobile_number: a }),
  signInBody: (a, c) => ({ country_code: '86', mobile_number: a, sms_code: c }),
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
  url: '/api/v1/oauth/email/digits',
  sendBody: (a) => ({ email: a }),
  signInBody: (a, c) => ({ email: a, email_code: c }),
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
      const r = await apiPut<WithMessage>(kind.url, kind.sendBody(address.trim()));
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
      const r = await apiPost<{ user: SessionUser } & WithMessage>(kind.url, kind.signInBody(values.address.trim(), values.code.trim()));
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

const SSO_ERRORS: Record<string, string> = { state: MSG.ssoStateInvalid, denied: MSG.ssoDenied };

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const options = useSigninOptions();
  const redirect = safeRedirect(params.get('redirect'));
  const ssoError = params.get('sso_error');

  useEffect(() => {
    document.title = MSG.loginTitle;
  }, []);
  // a visitor page carries its user in the page the server renders (boot data): load it again, not in place
  const reloads = needsFullLoad(redirect);
  useEffect(() => {
    if (session.data && reloads) window.location.replace(redirect);
  }, [session.data, reloads, redirect]);

  if (session.isPending || options.isPending || (session.data && reloads)) return <PageSpinner />;
  if (session.data) return <Navigate to={redirect} replace />;

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

  const items = [
    ...(options.data?.sso
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
    ...(options.data?.email !== false ? [{ key: 'email', label: MSG.loginTabEmail, children: <CodeForm kind={EMAIL_KIND} onSignedIn={onSignedIn} /> }] : []),
  ];

  return (
    <main className="atr-login">
      <div className="atr-login__card">
        <div className="atr-login__brand">
          <span className="atr-console__logo atr-console__logo--lg">A</span>
          <div>
            <h1 className="atr-login__title">{MSG.loginTitle}</h1>
            <div className="atr-login__subtitle">{MSG.loginSubtitleAny}</div>
          </div>
        </div>
        {ssoError && <Alert type="error" showIcon className="atr-login__alert" title={SSO_ERRORS[ssoError] ?? MSG.ssoFailed} />}
        <Tabs items={items} defaultActiveKey={items[0].key} />
      </div>
      <div className="atr-login__foot">{MSG.loginFooter}</div>
    </main>
  );
}
