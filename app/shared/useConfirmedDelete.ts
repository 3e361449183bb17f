/**
 * The delete-after-confirmation flow of the console lists (spec 2 §8 'Confirmations'): a danger confirm
 * dialog with the title and question of the list, then the list's typed call `send` (a DELETE, or e.g. a
 * POST with action remove); the server's success message (or
 * `successMsg`) or its refusal is shown, and the list's query is refreshed either way (a row deleted
 * elsewhere meanwhile disappears too).
 */
import { App } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { MSG } from '@common/messages';
import { errorMessage } from '../api';
import type { WithMessage } from './types';

/** What one delete needs: the dialog's texts, the API path or call, the success text and the list to refresh. */
export interface ConfirmedDelete {
  title: string;
  content: string;
  /** the typed call that deletes, e.g. `() => api.delete('/api/v1/files/{id}', { params: { id } })` */
  send(): Promise<WithMessage>;
  successMsg: string;
  queryKey: QueryKey;
}

/** Returns `confirmDelete(opts)`, which opens the dialog; the returned promise is not needed by callers. */
export function useConfirmedDelete(): (opts: ConfirmedDelete) => void {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  return (opts) => {
    modal.confirm({
      title: opts.title,
      content: opts.content,
      okText: MSG.confirm,
      cancelText: MSG.cancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const r = await opts.send();
          message.success(r.message ?? opts.successMsg);
        } catch (err) {
          message.error(errorMessage(err));
        }
        await queryClient.invalidateQueries({ queryKey: opts.queryKey });
      },
    });
  };
}
