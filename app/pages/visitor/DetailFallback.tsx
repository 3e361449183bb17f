/**
 * What a visitor's detail page (a resource, a job, a bulletin, a WeChat article) shows in its card while
 * its read is loading or after it failed (the same skeleton and failure lines were in each
 * page): a skeleton of `rows` lines; then, for an item that does not exist (404, or 400 for a malformed
 * id), a 404 titled `notFound` with the way back home; for any other failure the server's message and
 * 重试. Null once the data is there.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Result, Skeleton } from 'antd';
import { MSG } from '@common/messages';
import { ApiError, errorMessage } from '../../api';

/** The part of a TanStack query the fallback reads. */
interface DetailQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

/** The failure of a detail read: not found (404/400, titled `notFound`) or another failure with a retry. */
export function DetailFailure({ error, retry, notFound = MSG.resourceNotFound }: { error: unknown; retry(): void; notFound?: string }) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return missing ? (
    <Result
      status="404"
      title={notFound}
      extra={
        <Link to="/">
          <Button type="primary">{MSG.backHome}</Button>
        </Link>
      }
    />
  ) : (
    <Result status="warning" title={MSG.loadFailed} subTitle={errorMessage(error)} extra={<Button onClick={retry}>{MSG.retry}</Button>} />
  );
}

/** The card's skeleton (`rows` lines) or failure for `query` (see the file comment), or null when its data is there. */
export function detailFallback(query: DetailQuery, notFound: string = MSG.resourceNotFound, rows = 8): ReactNode {
  if (query.isPending)
    return (
      <div className="atr-vcard">
        <Skeleton active paragraph={{ rows }} />
      </div>
    );
  if (query.isError)
    return (
      <div className="atr-vcard">
        <DetailFailure error={query.error} retry={() => void query.refetch()} notFound={notFound} />
      </div>
    );
  return null;
}
