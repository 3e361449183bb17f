/** The rich-text editor widget (spec 2 §2): import it lazily, TipTap is large. */
export { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';
