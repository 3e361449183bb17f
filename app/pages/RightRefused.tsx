/**
 * What a visitor page shows when the server refuses an item of a 仅登录可见 module (403 panel_forbidden,
 * docs/decisions.md 212): the server's Chinese message under 仅登录可见, with 登录 (back to `path` after
 * signing in) when the refusal asks to sign in, and 返回首页. `null` for any other error, so the caller
 * keeps its own error state.
 */
import { Link } from 'react-router';
import { Button, Result, Space } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { ApiError } from '../api';
import { loginHref } from '@modules/kit/links';

/** True for the server's refusal of a 仅登录可见 module's item (403 panel_forbidden). */
export function isPanelRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === 'panel_forbidden';
}

/** See the file comment; `error` is the failed query's error, `path` the page to come back to. */
export function RightRefused({ error, path }: { error: unknown; path: string }) {
  if (!isPanelRefusal(error)) return null;
  const signIn = error.message === MSG.panelLoginRequired;
  return (
    <Result
      icon={<LockOutlined style={{ color: '#faad14' }} />}
      title={MSG.loginOnlyLabel}
      subTitle={error.message}
      extra={
        <Space>
          {signIn && (
            <Link to={loginHref(path)}>
              <Button type="primary">{MSG.signIn}</Button>
            </Link>
          )}
          <Link to="/">
            <Button type={signIn ? 'default' : 'primary'}>{MSG.backHome}</Button>
          </Link>
        </Space>
      }
    />
  );
}
