/**
 * What a console page shows in place of its content while the read it needs is loading or after it
 * failed (the same `isPending` / `isError` / `<Result>` lines were in every page): a
 * spinner, then a Result with the server's Chinese message, 404 for a 404 answer and a warning for any
 * other failure, with `extra` (the way back). Null once the data is there.
 */
import type { ReactNode } from 'react';
import { Result } from 'antd';
import { ApiError, errorMessage } from '../api';
import { PageSpinner } from '../pages/PageSpinner';

/** The part of a TanStack query the fallback reads. */
interface QueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** The spinner or the failure of `query` (see the file comment), or null when its data is there. */
export function queryFallback(query: QueryState, extra?: ReactNode): ReactNode {
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return <Result status={missing ? '404' : 'warning'} title={errorMessage(query.error)} extra={extra} />;
  }
  return null;
}
