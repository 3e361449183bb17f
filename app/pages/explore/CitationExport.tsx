/**
 * 导出引用 (decisions 270-273, 282): the citation export of a list of resource ids — a
 * result page, the results a visitor ticked, or one resource on its detail page.
 *
 * Rendered by the server as a native disclosure, `<details><summary>导出引用</summary>` holding three
 * plain links, so it works before hydration and without JavaScript (a visitor on a slow phone, a
 * browser with scripts off):
 * - BibTeX and RIS: `<a download>` to GET /api/v1/citations?ids=…&format=… (or, for one resource of a
 *   known type, GET /api/v1/resources/{type}/{id}/citation, named after its title); the server answers
 *   an attachment;
 * - GB/T 7714: a link with `disposition=inline`, so the browser shows the numbered references as text
 *   to copy (a phone has nothing useful to do with a downloaded .txt).
 * Once hydrated the same links are taken over: BibTeX and RIS are fetched and saved with 已下载 … or
 * the server's Chinese message on failure; GB/T 7714 opens a dialog with the references, 复制
 * (navigator.clipboard; when refused the text is selected and a message says to copy it by hand) and
 * 下载文本. A click with a modifier key (new tab, save link) is left to the browser. The menu closes on
 * a choice, a click outside it and Escape, and lines up with the summary's other edge when it would
 * leave the window (a phone).
 *
 * Uses antd only for the dialog and the messages (already in the visitor pages' bundle); the
 * disclosure is our own markup (citations.css).
 */
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { App, Button, Modal } from 'antd';
import { CopyOutlined, DownloadOutlined, DownOutlined, ExportOutlined, LoadingOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { ApiError, dispositionName, errorMessage, saveBlob } from '../../api';
import './citations.css';

/** The export formats (the server's `format` values). */
export type CitationFormat = 'bibtex' | 'ris' | 'gbt7714';

/**
 * The address of an export: the one-resource route when there is one id and its type is known,
 * otherwise the list route (ids joined by commas, in the order given). `inline` asks the server to let
 * the browser show the answer (`disposition=inline`) instead of saving it.
 */
export function citationUrl(ids: ReadonlyArray<number>, format: CitationFormat, type?: string, inline = false): string {
  const tail = inline ? '&disposition=inline' : '';
  if (ids.length === 1 && type) return `/api/v1/resources/${encodeURIComponent(type)}/${ids[0]}/citation?format=${format}${tail}`;
  return `/api/v1/citations?ids=${ids.join(',')}&format=${format}${tail}`;
}

/** The menu's entries, in order: format, label, and whether the plain link downloads (GB/T 7714 opens inline). */
const ENTRIES: ReadonlyArray<{ format: CitationFormat; label: string; download: boolean }> = [
  { format: 'bibtex', label: MSG.citationBibtex, download: true },
  { format: 'ris', label: MSG.citationRis, download: true },
  { format: 'gbt7714', label: MSG.citationGbt, download: false },
];

const subscribeNever = () => () => {};

/**
 * Whether the page runs in a hydrated browser: false in the server's render and during hydration
 * (so the first browser render matches the server's HTML), true afterwards and on pages rendered in
 * the browser.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** GETs an export: its bytes and the file name of its content-disposition; rejects with an ApiError (Chinese message). */
async function fetchExport(url: string): Promise<{ blob: Blob; name: string | null }> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'include', headers: { Accept: '*/*' } });
  } catch {
    throw new ApiError(0, 'network', MSG.networkError);
  }
  if (!res.ok) {
    let message: string | undefined;
    try {
      message = ((await res.json()) as { error?: { message?: string } })?.error?.message;
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, `http_${res.status}`, message || MSG.requestFailed);
  }
  return { blob: await res.blob(), name: dispositionName(res.headers.get('content-disposition')) };
}

export interface CitationExportProps {
  /** the resources to export, in order (at most 100: the server refuses more, in Chinese) */
  ids: ReadonlyArray<number>;
  /** the summary's text; default 导出引用 */
  label?: string;
  /** the summary's tooltip (what will be exported) */
  hint?: string;
  /** the type of a single resource (its detail page): the file is then named after its title */
  type?: string;
  /** which edge of the summary the menu lines up with: `start` (default) or `end` (at the right of a bar) */
  align?: 'start' | 'end';
}

/** The 导出引用 disclosure and its GB/T 7714 dialog; see the file comment. */
export function CitationExport({ ids, label = MSG.citationExport, hint, type, align = 'start' }: CitationExportProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<CitationFormat | null>(null);
  const [open, setOpen] = useState(false);
  const [flip, setFlip] = useState(false);
  const [gbt, setGbt] = useState<{ text: string; name: string } | null>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const textRef = useRef<HTMLPreElement>(null);

  // a menu that would leave the window lines up with the other edge of the summary
  useLayoutEffect(() => {
    const menu = detailsRef.current?.querySelector('.atr-cite__menu');
    if (!open) {
      setFlip(false);
      return;
    }
    if (!menu || flip) return;
    const r = menu.getBoundingClientRect();
    if (r.left < 0 || r.right > document.documentElement.clientWidth) setFlip(true);
  }, [open, flip]);

  // an open menu closes on a click outside it and on Escape (focus back on its summary)
  useEffect(() => {
    const el = detailsRef.current;
    if (!open || !el) return;
    const onDown = (e: PointerEvent) => {
      if (!el.contains(e.target as Node)) el.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      el.open = false;
      summaryRef.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const run = async (format: CitationFormat) => {
    if (ids.length === 0) {
      message.warning(MSG.citationNoneSelected);
      return;
    }
    setBusy(format);
    try {
      const { blob, name } = await fetchExport(citationUrl(ids, format, type));
      const fileName = name ?? `citations.${format === 'bibtex' ? 'bib' : format === 'ris' ? 'ris' : 'txt'}`;
      if (format === 'gbt7714') setGbt({ text: (await blob.text()).trimEnd(), name: fileName });
      else {
        saveBlob(blob, fileName);
        message.success(MSG.citationDownloaded(fileName));
      }
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  /** A plain click on a format: fetch it here (messages, dialog) instead of following the link. */
  const choose = (format: CitationFormat) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (detailsRef.current) detailsRef.current.open = false;
    summaryRef.current?.focus();
    if (busy === null) void run(format);
  };

  /** Selects the dialog's text, so that a visitor whose browser refuses the clipboard copies it by hand. */
  const selectText = () => {
    const el = textRef.current;
    const sel = window.getSelection();
    if (!el || !sel) return;
    const range = document.createRange();
    range.selectNodeContents(el);
    sel.removeAllRanges();
    sel.addRange(range);
  };

  const copy = async () => {
    if (!gbt) return;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(gbt.text);
      message.success(MSG.citationCopied);
    } catch {
      selectText();
      message.error(MSG.citationCopyFailed);
    }
  };

  return (
    <>
      <details
        ref={detailsRef}
        className={`atr-cite atr-cite--${flip === (align === 'end') ? 'start' : 'end'}`}
        onToggle={(e) => setOpen(e.currentTarget.open)}
      >
        <summary ref={summaryRef} className="atr-btn atr-btn--small atr-cite__summary" title={hint} aria-busy={busy !== null}>
          {busy !== null ? <LoadingOutlined aria-hidden /> : <ExportOutlined aria-hidden />}
          <span>{label}</span>
          <DownOutlined className="atr-cite__caret" aria-hidden />
        </summary>
        <ul className="atr-cite__menu">
          {ENTRIES.map((f) => (
            <li key={f.format}>
              <a href={citationUrl(ids, f.format, type, !f.download)} download={f.download ? '' : undefined} onClick={choose(f.format)}>
                {f.label}
              </a>
            </li>
          ))}
        </ul>
      </details>
      <Modal
        open={gbt !== null}
        title={MSG.citationDialogTitle}
        width={640}
        onCancel={() => setGbt(null)}
        footer={[
          <Button
            key="download"
            icon={<DownloadOutlined />}
            onClick={() => gbt && saveBlob(new Blob([`${gbt.text}\n`], { type: 'text/plain;charset=utf-8' }), gbt.name)}
          >
            {MSG.citationDownloadText}
          </Button>,
          <Button
            key="copy"
            type="primary"
            icon={<CopyOutlined />}
            onClick={() => {
              void copy();
            }}
          >
            {MSG.citationCopy}
          </Button>,
        ]}
      >
        <pre
          ref={textRef}
          className="atr-citation-text"
          style={{
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            fontFamily: 'inherit',
            fontSize: 14,
            lineHeight: 1.8,
            margin: 0,
            maxHeight: '60vh',
            overflow: 'auto',
            userSelect: 'text',
          }}
        >
          {gbt?.text}
        </pre>
      </Modal>
    </>
  );
}
