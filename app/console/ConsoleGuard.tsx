/**
 * The console's auth guard (spec 1 §6 'Console routes require login'): asks GET /api/v1/session and
 * sends a visitor who is not signed in to /console/login?redirect=<the path asked for>.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button, Result } from 'antd';
import { MSG } from '@common/messages';
import { errorMessage } from '../api';
import { PageSpinner } from '../pages/PageSpinner';
import { loginPath, useSession } from './session';
import './console.css';

/** Renders the console route below it only for a signed-in user. */
export function ConsoleGuard() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageSpinner />;
  if (session.isError) {
    return (
      <Result status="warning" title={MSG.loadFailed} subTitle={errorMessage(session.error)}
        extra={<Button type="primary" onClick={() => session.refetch()}>{MSG.retry}</Button>} />
    );
  }
  if (!session.data) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return <Outlet />;
}
