/**
 * 导出引用 (issue 11 §5; decisions 270-273): a button with a menu of three formats for a list of
 * resource ids — a result page, the results a visitor ticked, or one resource on its detail page.
 * - BibTeX and RIS download the file the server makes (GET /api/v1/citations?ids=…&format=…, or
 *   GET /api/v1/resources/{type}/{id}/citation for one resource of a known type, named after its title);
 * - GB/T 7714 opens a dialog with the numbered references, a 复制 button (navigator.clipboard; a
 *   Chinese message on success and on failure, when the text is selected for copying by hand) and a
 *   button that downloads the same text.
 * Failures show the server's Chinese message. Self-contained: the result list places it with its ids.
 */
import { useRef, useState } from 'react';
import { App, Button, Dropdown, Modal, type MenuProps } from 'antd';
import { CopyOutlined, DownloadOutlined, DownOutlined, ExportOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { ApiError, dispositionName, errorMessage, saveBlob } from '../../api';

/** The export formats (the server's `format` values). */
export type CitationFormat = 'bibtex' | 'ris' | 'gbt7714';

/**
 * The address of an export: the one-resource route when there is one id and its type is known,
 * otherwise the list route (ids joined by commas, in the order given).
 */
export function citationUrl(ids: ReadonlyArray<number>, format: CitationFormat, type?: string): string {
  if (ids.length === 1 && type) return `/api/v1/resources/${encodeURIComponent(type)}/${ids[0]}/citation?format=${format}`;
  return `/api/v1/citations?ids=${ids.join(',')}&format=${format}`;
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
    try { message = ((await res.json()) as { error?: { message?: string } })?.error?.message; } catch { /* not JSON */ }
    throw new ApiError(res.status, `http_${res.status}`, message || MSG.requestFailed);
  }
  return { blob: await res.blob(), name: dispositionName(res.headers.get('content-disposition')) };
}

export interface CitationExportProps {
  /** the resources to export, in order (at most 100: the server refuses more, in Chinese) */
  ids: ReadonlyArray<number>;
  /** the button's text; default 导出引用 */
  label?: string;
  /** the type of a single resource (its detail page): the file is then named after its title */
  type?: string;
  size?: 'small' | 'middle' | 'large';
}

/** The 导出引用 button; see the file comment. */
export function CitationExportButton({ ids, label = MSG.citationExport, type, size }: CitationExportProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<CitationFormat | null>(null);
  const [gbt, setGbt] = useState<{ text: string; name: string } | null>(null);
  const textRef = useRef<HTMLPreElement>(null);

  const run = async (format: CitationFormat) => {
    if (ids.length === 0) { message.warning(MSG.citationNoneSelected); return; }
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

  const items: MenuProps['items'] = [
    { key: 'bibtex', label: MSG.citationBibtex },
    { key: 'ris', label: MSG.citationRis },
    { key: 'gbt7714', label: MSG.citationGbt },
  ];
  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => { void run(key as CitationFormat); } }}>
        <Button size={size} icon={<ExportOutlined />} loading={busy !== null} aria-label={label}>
          {label} <DownOutlined />
        </Button>
      </Dropdown>
      <Modal
        open={gbt !== null}
        title={MSG.citationDialogTitle}
        width={640}
        onCancel={() => setGbt(null)}
        footer={[
          <Button key="download" icon={<DownloadOutlined />} onClick={() => gbt && saveBlob(new Blob([`${gbt.text}\n`], { type: 'text/plain;charset=utf-8' }), gbt.name)}>
            {MSG.citationDownloadText}
          </Button>,
          <Button key="copy" type="primary" icon={<CopyOutlined />} onClick={() => { void copy(); }}>{MSG.citationCopy}</Button>,
        ]}
      >
        <pre ref={textRef} className="atr-citation-text" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', fontSize: 14, lineHeight: 1.8, margin: 0, maxHeight: '60vh', overflow: 'auto', userSelect: 'text' }}>
          {gbt?.text}
        </pre>
      </Modal>
    </>
  );
}
