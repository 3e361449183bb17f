/**
 * The rich-text editor widget (spec 2 §2 'Rich-text editor', §4, §9) on TipTap 3: a toolbar (undo, redo,
 * clear formatting, bold, italic, heading 1, ordered list, bullet list, block quote, divider, table,
 * link, image upload, file upload) that reflects the editor's state (can-undo/can-redo, active marks and
 * nodes), the shortcuts of ./extensions.ts, the four dialogs of ./dialogs.tsx, and a writing area of at
 * least 400 px. The value is an HTML string ('' when empty); it works as an antd Form control
 * (`value`/`onChange`). The HTML is sanitised again by the server (server/content/sanitize.ts).
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import Image from '@tiptap/extension-image';
import { NodeSelection, Selection } from '@tiptap/pm/state';
import { Button, Divider, Tooltip } from 'antd';
import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PaperClipOutlined,
  PictureOutlined,
  RedoOutlined,
  TableOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { MSG } from '@common/messages';
import { EDITOR_MIN_HEIGHT } from '@common/constants';
import { isSiteLink } from '@common/safePath';
import { Attachment, EditorIndent, EditorShortcuts } from './extensions';
import { EditorDialogs, type DialogKind, type DialogResult } from './dialogs';
import './richtext.css';
import { useLatest } from '@modules/kit/useLatest';

export interface RichTextEditorProps {
  /** HTML content; '' or undefined for an empty document */
  value?: string;
  /** called with the HTML after each change ('' when the document is empty) */
  onChange?: (html: string) => void;
  /** keep the toolbar at the top while the page (or dialog) scrolls: true, or the offset in px */
  sticky?: boolean | number;
  /** minimum height of the writing area in px (default 400, spec 2 §9) */
  minHeight?: number;
  /** the uploader's user id, sent as `uid` with uploads (spec 2 §3) */
  uid?: string | number;
  /** accessible name of the writing area */
  ariaLabel?: string;
  /** field id (antd Form.Item sets it, so the label points here) */
  id?: string;
}

/** What the toolbar shows of the editor's state (spec 2 §4 'Editor toolbar reflects'). */
interface ToolbarState {
  canUndo: boolean;
  canRedo: boolean;
  bold: boolean;
  italic: boolean;
  heading: boolean;
  orderedList: boolean;
  bulletList: boolean;
  blockquote: boolean;
  link: boolean;
}

function toolbarState(editor: Editor | null): ToolbarState {
  if (!editor)
    return {
      canUndo: false,
      canRedo: false,
      bold: false,
      italic: false,
      heading: false,
      orderedList: false,
      bulletList: false,
      blockquote: false,
      link: false,
    };
  return {
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    heading: editor.isActive('heading', { level: 1 }),
    orderedList: editor.isActive('orderedList'),
    bulletList: editor.isActive('bulletList'),
    blockquote: editor.isActive('blockquote'),
    link: editor.isActive('link'),
  };
}

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/** The editor; see the file comment. */
export function RichTextEditor({ value, onChange, sticky = false, minHeight = EDITOR_MIN_HEIGHT, uid, ariaLabel, id }: RichTextEditorProps) {
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [selection, setSelection] = useState<{ text: string; link: string }>({ text: '', link: '' });
  const last = useRef<string>(value ?? '');
  const onChangeRef = useLatest(onChange);
  const openRef = useRef<(k: DialogKind) => void>(() => {});

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: false,
          protocols: ['http', 'https'],
          // a pasted or typed link is kept only when the server would keep it (decision 251)
          isAllowedUri: (url) => isSiteLink(url.trim()),
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
        },
      }),
      Table.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
      Image.configure({ inline: false, allowBase64: false }),
      Attachment,
      // the editor calls these on a key press, never while rendering
      // eslint-disable-next-line react-hooks/refs -- see the line above
      EditorShortcuts.configure({ onTable: () => openRef.current('table'), onLink: () => openRef.current('link') }),
      EditorIndent,
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        class: 'atr-rte__content',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
        ...(id ? { id } : {}),
        style: `min-height:${minHeight}px`,
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      last.current = html;
      onChangeRef.current?.(html);
    },
  });

  // a value set from outside (form reset, loading another notice) replaces the document
  useEffect(() => {
    if (!editor || (value ?? '') === last.current) return;
    last.current = value ?? '';
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({ editor, selector: ({ editor: e }) => toolbarState(e) }) ?? toolbarState(null);

  const open = (kind: DialogKind) => {
    if (!editor) return;
    const { from, to } = editor.state.selection;
    const link: unknown = editor.getAttributes('link').href;
    setSelection({ text: editor.state.doc.textBetween(from, to, ' '), link: typeof link === 'string' ? link : '' });
    setDialog(kind);
  };
  useLayoutEffect(() => {
    openRef.current = open;
  });

  const insert = (r: DialogResult) => {
    setDialog(null);
    if (!editor) return;
    const chain = editor.chain().focus();
    // a selected node (an image just inserted, an attachment) is kept: insert after it, never over it
    const sel = editor.state.selection;
    if (sel instanceof NodeSelection) {
      chain.command(({ tr }) => {
        tr.setSelection(Selection.near(tr.doc.resolve(sel.to)));
        return true;
      });
    }
    switch (r.kind) {
      case 'table':
        chain.insertTable({ rows: r.rowNum, cols: r.colNum, withHeaderRow: true }).run();
        break;
      case 'link': {
        const { from, to } = sel instanceof NodeSelection ? { from: sel.to, to: sel.to } : sel;
        chain
          .insertContentAt({ from, to }, { type: 'text', text: r.text, marks: [{ type: 'link', attrs: { href: r.link } }] })
          .unsetMark('link')
          .run();
        break;
      }
      case 'image':
        chain.setImage({ src: r.url, ...(r.width ? { width: r.width, height: r.height } : {}) }).run();
        break;
      case 'attachment':
        chain.insertAttachment({ href: r.link, text: r.text }).run();
        break;
    }
  };

  const run = (f: (e: Editor) => void) => () => {
    if (editor) f(editor);
  };
  const stickyTop = sticky === true ? 0 : typeof sticky === 'number' ? sticky : null;

  return (
    <div className="atr-rte">
      <div
        className={`atr-rte__toolbar${stickyTop !== null ? ' atr-rte__toolbar--sticky' : ''}`}
        style={stickyTop !== null ? { top: stickyTop } : undefined}
        role="toolbar"
        aria-label="编辑工具栏"
      >
        <Tool label={MSG.rtUndo} icon={<UndoOutlined />} disabled={!state.canUndo} onClick={run((e) => e.chain().focus().undo().run())} />
        <Tool label={MSG.rtRedo} icon={<RedoOutlined />} disabled={!state.canRedo} onClick={run((e) => e.chain().focus().redo().run())} />
        <Tool label={MSG.rtClear} icon={<ClearOutlined />} onClick={run((e) => e.chain().focus().unsetAllMarks().clearNodes().run())} />
        <Divider orientation="vertical" />
        <Tool label={MSG.rtBold} icon={<BoldOutlined />} active={state.bold} onClick={run((e) => e.chain().focus().toggleBold().run())} />
        <Tool label={MSG.rtItalic} icon={<ItalicOutlined />} active={state.italic} onClick={run((e) => e.chain().focus().toggleItalic().run())} />
        <Tool
          label={MSG.rtHeading}
          icon={<span className="atr-rte__glyph">H1</span>}
          active={state.heading}
          onClick={run((e) => e.chain().focus().toggleHeading({ level: 1 }).run())}
        />
        <Tool
          label={`${MSG.rtOrderedList}（Ctrl+Shift+L）`}
          icon={<OrderedListOutlined />}
          active={state.orderedList}
          onClick={run((e) => e.chain().focus().toggleOrderedList().run())}
        />
        <Tool
          label={`${MSG.rtBulletList}（Ctrl+L）`}
          icon={<UnorderedListOutlined />}
          active={state.bulletList}
          onClick={run((e) => e.chain().focus().toggleBulletList().run())}
        />
        <Tool
          label={`${MSG.rtQuote}（Ctrl+Shift+U）`}
          icon={<span className="atr-rte__glyph">“</span>}
          active={state.blockquote}
          onClick={run((e) => e.chain().focus().toggleBlockquote().run())}
        />
        <Tool label={`${MSG.rtDivider}（Ctrl+Alt+S）`} icon={<LineOutlined />} onClick={run((e) => e.chain().focus().setHorizontalRule().run())} />
        <Divider orientation="vertical" />
        <Tool label={`${MSG.rtTable}（Ctrl+Alt+T）`} icon={<TableOutlined />} onClick={() => open('table')} />
        <Tool label={`${MSG.rtLink}（Ctrl+K）`} icon={<LinkOutlined />} active={state.link} onClick={() => open('link')} />
        <Tool label={MSG.rtImage} icon={<PictureOutlined />} onClick={() => open('image')} />
        <Tool label={MSG.rtAttachment} icon={<PaperClipOutlined />} onClick={() => open('attachment')} />
      </div>
      <EditorContent editor={editor} className="atr-rte__body" />
      <EditorDialogs
        open={dialog}
        selectedText={selection.text}
        currentLink={selection.link}
        uid={uid}
        onInsert={insert}
        onClose={() => {
          setDialog(null);
          editor?.commands.focus();
        }}
      />
    </div>
  );
}

/** A toolbar button with a tooltip; `active` shows the pressed state (aria-pressed). */
function Tool({ label, icon, active, disabled, onClick }: { label: string; icon: ReactNode; active?: boolean; disabled?: boolean; onClick(): void }) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label.replace(/（.*）$/, '')}
        aria-pressed={active ?? undefined}
        disabled={disabled}
        className={active ? 'atr-rte__tool atr-rte__tool--active' : 'atr-rte__tool'}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

export default RichTextEditor;
