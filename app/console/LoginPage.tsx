/**
 * The console's sign-in page at /console/login (spec 1 §2, §6): titled 登录控制台, the sign-in
 * form of app/signin/SigninForm.tsx (single sign-on, SMS code, e-mail code); a signed-in user goes to
 * `?redirect=` (a path on this site) or the applications page; `?sso_error=` (from the SSO callback) is
 * shown above the tabs, with 返回网站 (decision 423). A visitor of a site signs in at the site's own page, /login.
 */
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { MSG } from '@common/messages';
import { PageSpinner } from '../pages/PageSpinner';
import { SigninMethods, useSigninFlow } from '../signin/SigninForm';
import { safeRedirect } from '../shared/session';
import './console.css';

export function LoginPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const flow = useSigninFlow(redirect);

  useEffect(() => {
    document.title = MSG.loginTitle;
  }, []);

  if (flow.waiting) return <PageSpinner />;
  if (flow.signedIn) return <Navigate to={redirect} replace />;

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
        <SigninMethods
          redirect={redirect}
          options={flow.options}
          ssoError={params.get('sso_error')}
          onSignedIn={flow.onSignedIn}
          back={{ href: '/', label: MSG.consoleBlockBackToSite }}
        />
      </div>
      <div className="atr-login__foot">{MSG.loginFooter}</div>
    </main>
  );
}
