/**
 * The dialog of a refused sign-in step (SigninEffects: an unknown OAuth client, a spent login-info link):
 * antd's Modal.error, in a chunk loaded only when such a refusal happens (the visitor's pages carry no
 * antd, decision 252).
 */
import { Modal } from 'antd';
import { MSG } from '@common/messages';

/** Shows `title` and `content` with a 确定 button; `onClose` runs once when the dialog is answered or closed. */
export function showErrorDialog(title: string, content: string, onClose?: () => void): void {
  Modal.error({ title, content, okText: MSG.confirm, onOk: onClose, onCancel: onClose, afterClose: onClose });
}
