/**
 * The visitor site's sign-in page at /login?redirect=<path> (spec 1 §2, §6): a visitor who
 * follows 登录 in the site header (or a link that needs sign-in: modules/kit/links.ts loginHref) signs in
 * here, inside the site's header and footer and in its colours, on a card headed 登录「<site name>」
 * (document title 登录 - <site name>), with the same form as the console's sign-in page
 * (app/signin/SigninForm.tsx: single sign-on when the site has it, SMS code, e-mail code). Afterwards
 * the visitor goes back to `redirect`, a path of this site (else the home page; never another origin
 * nor a sign-in page). Rendered on the server like the other visitor pages; the console keeps
 * /console/login, titled 登录控制台.
 */
import { Navigate, useSearchParams } from 'react-router';
import { Spin } from 'antd';
import { MSG } from '@common/messages';
import { siteSigninRedirect } from '@modules/kit/links';
import type { AppConfig } from '../../boot';
import { SigninMethods, useSigninFlow } from '../../signin/SigninForm';
import { VisitorFrame } from '../visitor/VisitorFrame';

/** The page; see the file comment. */
export default function SiteLoginPage() {
  return <VisitorFrame title={MSG.signIn}>{(config) => <SiteLogin config={config} />}</VisitorFrame>;
}

function SiteLogin({ config }: { config: AppConfig }) {
  const [params] = useSearchParams();
  const redirect = siteSigninRedirect(params.get('redirect'));
  const flow = useSigninFlow(redirect);
  if (flow.waiting)
    return (
      <div className="atr-center">
        <Spin size="large" />
      </div>
    );
  if (flow.signedIn) return <Navigate to={redirect} replace />;
  return (
    <div className="atr-site-login">
      <section className="atr-login__card" aria-labelledby="atr-site-login-title">
        <div className="atr-site-login__brand">
          {config.logo ? (
            <img className="atr-site-login__logo" src={config.logo} alt="" />
          ) : (
            <span className="atr-site-login__mark" aria-hidden>
              {config.name.slice(0, 1)}
            </span>
          )}
          <div>
            <h1 className="atr-site-login__title" id="atr-site-login-title">
              {MSG.siteLoginTitle(config.name)}
            </h1>
            <div className="atr-site-login__subtitle">{MSG.siteLoginSubtitle}</div>
          </div>
        </div>
        <SigninMethods
          redirect={redirect}
          options={flow.options}
          ssoError={params.get('sso_error')}
          onSignedIn={flow.onSignedIn}
          back={{ href: redirect, label: MSG.ssoBackToPage }}
        />
      </section>
    </div>
  );
}
