/**
 * The small 仅登录可见 mark of a panel in the home page editor (docs/decisions.md 210): shown in the
 * toolbar of a module whose `loginOnly` is set, so the manager sees which panels visitors without the
 * right `panels` do not get. Renders nothing for other modules.
 */
import { LockOutlined } from './icons';
import { SITE_MSG } from '@common/siteMessages';
import { UiTag } from './ui';

/** See the file comment; `loginOnly` is the module's field. */
export function LoginOnlyMark({ loginOnly }: { loginOnly?: boolean }) {
  if (!loginOnly) return null;
  return (
    <span title={SITE_MSG.loginOnlyHint}>
      <UiTag className="atr-login-only" color="gold" icon={<LockOutlined />}>
        {SITE_MSG.loginOnlyLabel}
      </UiTag>
    </span>
  );
}
