/**
 * `text-block`: a block of plain text (no HTML is stored: plain text was chosen over sanitised HTML),
 * split into paragraphs at blank lines, line breaks kept. Params: content, align (left / center),
 * tinted (a light background).
 */
import type { XRendererProps } from './types';
import { textParam } from './util';

/** See the file comment. */
export default function TextBlock({ params }: XRendererProps) {
  const paragraphs = textParam(params.content)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  const center = params.align === 'center';
  return (
    <div className={`atr-x-text${params.tinted === true ? ' atr-x-text--tinted' : ''}`} style={{ textAlign: center ? 'center' : 'left' }}>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
