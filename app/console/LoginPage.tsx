/**
 * Sign-in by SMS code (spec 1 §2 'Login', §5; spec 2 §5, §7 'Login'): phone and a 6-digit code.
 * 获取验证码 asks PUT /api/v3/oauth/digits and counts 60 s down; 登录 posts POST /api/v3/oauth/digits
 * and goes to `?redirect=` (a path on this site) or the applications page. The server's refusals (400
 * wrong code, 429 too often) are shown with its Chinese message.
 */
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { MAINLAND_MOBILE, SIX_DIGITS } from '@common/validation';
import { CODE_RESEND_MS } from '@common/constants';
import { apiPost, apiPut, errorMessage } from '../api';
import { PageSpinner } from '../pages/PageSpinner';
import { applyFieldErrors } from './formErrors';
import { SESSION_KEY, safeRedirect, useSession } from './session';
import type { SessionUser, WithMessage } from './types';
import './console.css';

interface LoginValues { phone: string; code: string }

const FIELD_MAP = { mobile_number: 'phone', sms_code: 'code' };
const COUNTDOWN_S = Math.round(CODE_RESEND_MS / 1000);

/** The sign-in page at /console/login. */
export function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const session = useSession();
  const [sending, setSending] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [countdown, setCountdown] = useState(0);
  const redirect = safeRedirect(params.get('redirect'));

  useEffect(() => { document.title = MSG.loginTitle; }, []);

  useEffect(() => {
    if (countdown <= 0) return;
    const t = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(t);
  }, [countdown]);

  if (session.isPending) return <PageSpinner />;
  if (session.data) return <Navigate to={redirect} replace />;

  const sendCode = async () => {
    let phone: string;
    try {
      ({ phone } = await form.validateFields(['phone']));
    } catch {
      return;
    }
    setSending(true);
    try {
      const r = await apiPut<WithMessage>('/api/v3/oauth/digits', { country_code: '86', mobile_number: phone.trim() });
      message.success(r.message ?? MSG.codeSent);
      setCountdown(COUNTDOWN_S);
    } catch (err) {
      applyFieldErrors(form, err, FIELD_MAP);
      message.error(errorMessage(err));
    } finally {
      setSending(false);
    }
  };

  const signIn = async (values: LoginValues) => {
    setSigningIn(true);
    try {
      const r = await apiPost<{ user: SessionUser } & WithMessage>('/api/v3/oauth/digits', {
        country_code: '86', mobile_number: values.phone.trim(), sms_code: values.code.trim(),
      });
      queryClient.setQueryData(SESSION_KEY, r.user);
      message.success(r.message ?? MSG.signedIn);
      navigate(redirect, { replace: true });
    } catch (err) {
      applyFieldErrors(form, err, FIELD_MAP);
      message.error(errorMessage(err));
    } finally {
      setSigningIn(false);
    }
  };

  return (
    <div className="atr-login">
      <div className="atr-login__card">
        <div className="atr-login__brand">
          <span className="atr-console__logo atr-console__logo--lg">A</span>
          <div>
            <h1 className="atr-login__title">{MSG.loginTitle}</h1>
            <div className="atr-login__subtitle">{MSG.loginSubtitle}</div>
          </div>
        </div>
        <Form<LoginValues> form={form} size="large" onFinish={signIn} autoComplete="off" requiredMark={false} validateTrigger="onBlur">
          <Form.Item
            name="phone"
            rules={[
              { required: true, whitespace: true, message: MSG.phoneRequired },
              { pattern: MAINLAND_MOBILE, message: MSG.phoneInvalid },
            ]}
          >
            <Input prefix={<><MobileOutlined /><span className="atr-login__cc">+86</span></>} placeholder={MSG.phonePlaceholder}
              maxLength={11} inputMode="numeric" aria-label={MSG.phonePlaceholder} />
          </Form.Item>
          <Form.Item required>
            <div className="atr-login__code">
              <Form.Item
                name="code"
                noStyle
                rules={[
                  { required: true, whitespace: true, message: MSG.smsCodeRequired },
                  { pattern: SIX_DIGITS, message: MSG.codeInvalid },
                ]}
              >
                <Input prefix={<LockOutlined />} placeholder={MSG.smsCodePlaceholder} maxLength={6} inputMode="numeric" aria-label={MSG.smsCodePlaceholder} />
              </Form.Item>
              <Button className="atr-login__send" onClick={() => void sendCode()} loading={sending} disabled={countdown > 0}>
                {countdown > 0 ? `${countdown} ${MSG.resendAfter}` : MSG.sendCode}
              </Button>
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={signingIn}>{MSG.signIn}</Button>
        </Form>
      </div>
      <div className="atr-login__foot">{MSG.loginFooter}</div>
    </div>
  );
}
