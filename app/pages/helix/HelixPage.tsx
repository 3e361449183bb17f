/**
 * /microapp/helix (issue 29 §9; spec 1 §2): what the personal centre holds, with 登录后使用个人中心 for a
 * signed-out visitor (the site's sign-in page, coming back to the centre) or 进入个人中心 for a signed-in
 * reader. Its own lazy chunk (App.tsx).
 */
import { Button } from 'antd';
import { MSG } from '@common/messages';
import { loginHref } from '@modules/kit/links';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { useSession } from '../../shared/session';
import { HELIX_SECTION_REGISTRY } from './sections';
import './helix.css';

export const PERSONAL_CENTER_PATH = '/microapp/helix/personalCenter';

/** The page; see the file comment. */
export default function HelixPage() {
  return <VisitorFrame title={MSG.helixTitle}>{(_config, site) => <Landing signedIn={!!site.user} />}</VisitorFrame>;
}

function Landing({ signedIn }: { signedIn: boolean }) {
  const session = useSession(!signedIn);
  const isIn = signedIn || !!session.data;
  return (
    <section className="atr-vcard atr-helix-landing">
      <Crumbs trail={[[MSG.helixTitle]]} />
      <h1 className="atr-detail__title">{MSG.helixTitle}</h1>
      <p>{MSG.helixIntro}</p>
      <ul className="atr-helix-landing__list">
        {HELIX_SECTION_REGISTRY.filter((s) => s.load).map((s) => (
          <li key={s.key}>{s.label}</li>
        ))}
      </ul>
      {isIn ? (
        <Button type="primary" href={PERSONAL_CENTER_PATH}>
          {MSG.helixEnter}
        </Button>
      ) : (
        <Button type="primary" href={loginHref(PERSONAL_CENTER_PATH)}>
          {MSG.helixSignIn}
        </Button>
      )}
    </section>
  );
}
