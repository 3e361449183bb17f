/**
 * Short notices of the visitor site (a sign-in greeting, 订阅成功, a refused call), shown at the top of
 * the page for MESSAGE_DURATION_MS and read out by screen readers (role status; errors role alert).
 * Plain DOM, so the visitor's pages need no antd `message` (decision 252); the console keeps antd's.
 * Does nothing outside a browser.
 */
import { MESSAGE_DURATION_MS } from '../../common/constants.js';
import './ui.css';

/** At most this many notices at once; the oldest goes first. */
const MAX_TOASTS = 3;

function show(kind: 'success' | 'error' | 'info', text: string): void {
  if (typeof document === 'undefined' || !text) return;
  let box = document.querySelector<HTMLDivElement>('.atr-toasts');
  if (!box) {
    box = document.createElement('div');
    box.className = 'atr-toasts';
    document.body.appendChild(box);
  }
  while (box.children.length >= MAX_TOASTS) box.firstElementChild?.remove();
  const el = document.createElement('div');
  el.className = `atr-toast atr-toast--${kind}`;
  el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  el.textContent = text;
  box.appendChild(el);
  window.setTimeout(() => el.remove(), MESSAGE_DURATION_MS);
}

/** `toast.success(text)`, `toast.error(text)`, `toast.info(text)`: see the file comment. */
export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  info: (text: string) => show('info', text),
};
