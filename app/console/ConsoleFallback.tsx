/**
 * Any console path without a page of its own (spec 1 §2 'Any other console path falls back to the
 * application page'; docs/decisions.md 291): goes to /console/applications carrying the path asked for
 * in the navigation state, where the page says that it does not exist ({@link NotFoundNotice}).
 */
import { Navigate, useLocation } from 'react-router';
import { Alert } from 'antd';
import { MSG, fillMsg } from '@common/messages';

/** The navigation state the fallback leaves for the applications page. */
export interface FallbackState {
  notFound?: string;
}

/** The route element of `/console/*` that matched no page. */
export function ConsoleFallback() {
  const { pathname, search } = useLocation();
  return <Navigate to="/console/applications" replace state={{ notFound: pathname + search } satisfies FallbackState} />;
}

/**
 * The notice on /console/applications after a fallback: 控制台中没有页面「/console/x」… naming the path
 * (closable; nothing when the page was opened directly). `state` is the location's navigation state.
 */
export function NotFoundNotice({ state }: { state: unknown }) {
  const path = (state as FallbackState | null)?.notFound;
  if (typeof path !== 'string' || !path) return null;
  return <Alert className="atr-console-notfound" type="warning" showIcon closable role="alert" title={fillMsg(MSG.consolePageNotFound, { path })} />;
}
