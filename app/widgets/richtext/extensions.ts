/**
 * TipTap extensions of the rich-text editor (spec 2 §2 'Rich-text editor'):
 * - `Attachment`: an inline atom rendered `<a class="atr-attachment" href="/files/…" download>text</a>`
 *   (attrs href, text), parsed back from that markup;
 * - `EditorShortcuts`: ctrl+shift+l ordered list, ctrl+l bullet list, ctrl+shift+u block quote,
 *   ctrl+alt+s divider, ctrl+alt+t the table dialog, ctrl+k the link dialog; ahead of StarterKit's own
 *   keys (ctrl+u stays underline, but ctrl+shift+u is the block quote);
 * - `EditorIndent`: Tab inserting a two-character indent (two ideographic spaces) outside tables and
 *   lists (where Tab keeps its own job).
 */
import { Extension, Node, mergeAttributes } from '@tiptap/core';
import { INDENT } from './rules';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    attachment: {
      /** Inserts an attachment link at the selection. */
      insertAttachment: (attrs: { href: string; text: string }) => ReturnType;
    };
  }
}

/** The attachment node; see the file comment. */
export const Attachment = Node.create({
  name: 'attachment',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: false,
  addAttributes() {
    return {
      href: { default: null, parseHTML: (el) => el.getAttribute('href') },
      text: { default: '', parseHTML: (el) => el.textContent ?? '' },
    };
  },
  parseHTML() {
    // before the link mark's a[href] rule
    return [{ tag: 'a.atr-attachment[href]', priority: 1000 }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const { text: _t, ...rest } = HTMLAttributes;
    return ['a', mergeAttributes(rest, { class: 'atr-attachment', download: '' }), String(node.attrs.text || node.attrs.href || '')];
  },
  renderText({ node }) {
    return String(node.attrs.text ?? '');
  },
  addCommands() {
    return {
      insertAttachment:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    };
  },
});

export interface ShortcutOptions {
  /** opens the table dialog (ctrl+alt+t) */
  onTable: () => void;
  /** opens the link dialog (ctrl+k) */
  onLink: () => void;
}

/**
 * The shortcuts of spec 2 §2. Priority 1000, above StarterKit's extensions (100): prosemirror-keymap
 * retries a Shift combination without Shift, so at a lower priority Underline's Mod-u took ctrl+shift+u
 * before the block quote did. Both letter cases are bound, as Underline binds Mod-u and
 * Mod-U, whichever name the browser gives the shifted key.
 */
export const EditorShortcuts = Extension.create<ShortcutOptions>({
  name: 'atriumShortcuts',
  priority: 1000,
  addOptions() {
    return { onTable: () => {}, onLink: () => {} };
  },
  addKeyboardShortcuts() {
    const orderedList = () => this.editor.chain().focus().toggleOrderedList().run();
    const blockquote = () => this.editor.chain().focus().toggleBlockquote().run();
    return {
      'Ctrl-Shift-l': orderedList,
      'Ctrl-Shift-L': orderedList,
      'Ctrl-l': () => this.editor.chain().focus().toggleBulletList().run(),
      'Ctrl-Shift-u': blockquote,
      'Ctrl-Shift-U': blockquote,
      'Ctrl-Alt-s': () => this.editor.chain().focus().setHorizontalRule().run(),
      'Ctrl-Alt-t': () => {
        this.options.onTable();
        return true;
      },
      'Ctrl-k': () => {
        this.options.onLink();
        return true;
      },
    };
  },
});

/** Tab's indent (spec 2 §2); low priority so that tables and lists handle Tab first. */
export const EditorIndent = Extension.create({
  name: 'atriumIndent',
  priority: 50,
  addKeyboardShortcuts() {
    return {
      Tab: () => {
        if (this.editor.isActive('table') || this.editor.isActive('listItem')) return false;
        return this.editor.commands.insertContent(INDENT);
      },
    };
  },
});
