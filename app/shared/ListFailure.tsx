/**
 * A read that failed on a visitor page (a list, a search, an analysis): an error alert with what went
 * wrong (the server's Chinese message, or 网络错误…) and a 重试 button that reads again. `title` says
 * what failed (加载失败 by default).
 */
import { Alert, Button } from 'antd';
import { MSG } from '@common/messages';
import { errorMessage } from '../api';

export function ListFailure({ error, retry, title = MSG.loadFailed }: { error: unknown; retry(): void; title?: string }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={errorMessage(error)}
      action={
        <Button size="small" onClick={retry}>
          {MSG.retry}
        </Button>
      }
    />
  );
}
