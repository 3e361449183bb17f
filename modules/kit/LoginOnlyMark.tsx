/**
 * The small 仅登录可见 mark of a panel in the home page editor (docs/decisions.md 210): shown in the
 * toolbar of a module whose `loginOnly` is set, so the manager sees which panels visitors without the
 * right `panels` do not get. Renders nothing for other modules.
 */
import { Tag, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';

/** See the file comment; `loginOnly` is the module's field. */
export function LoginOnlyMark({ loginOnly }: { loginOnly?: boolean }) {
  if (!loginOnly) return null;
  return (
    <Tooltip title={MSG.loginOnlyHint}>
      <Tag className="atr-login-only" color="gold" icon={<LockOutlined />} variant="filled">{MSG.loginOnlyLabel}</Tag>
    </Tooltip>
  );
}
