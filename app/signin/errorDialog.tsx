/**
 * The dialog of a refused sign-in step (SigninEffects: an unknown OAuth client, a spent login-info link):
 * antd's error dialog with antd's providers (Chinese, the site's colour), in a root of its own and a
 * chunk loaded only when such a refusal happens (the visitor's pages carry no antd, decision 252).
 */
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Modal } from 'antd';
import { MSG } from '@common/messages';
import { AntdProviders } from '../AntdProviders';

function ErrorDialog({ title, content, onClose }: { title: string; content: string; onClose: () => void }) {
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    modal.error({ title, content, okText: MSG.confirm, onOk: onClose, onCancel: onClose, afterClose: onClose });
  }, [modal, title, content, onClose]);
  return holder;
}

/**
 * Shows `title` and `content` with a 确定 button; `onClose` runs once when the dialog is answered or
 * closed, and the dialog's root is removed a moment later.
 */
export function showErrorDialog(title: string, content: string, onClose?: () => void): void {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    onClose?.();
    window.setTimeout(() => {
      root.unmount();
      host.remove();
    }, 1000);
  };
  root.render(
    <AntdProviders>
      <ErrorDialog title={title} content={content} onClose={close} />
    </AntdProviders>,
  );
}
