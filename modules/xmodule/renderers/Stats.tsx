/**
 * `stats`: a row of 2 to 4 figures with their labels. Params: count ('2' / '3' / '4'), value1..4 and
 * label1..4 (text, so '24,168' or '1.2万' show as written). A pair with neither value nor label is left out.
 */
import type { XRendererProps } from './types';
import { numberParam, textParam } from './util';

/** See the file comment. */
export default function Stats({ params }: XRendererProps) {
  const count = numberParam(params.count, 3, 2, 4);
  const items = Array.from({ length: count }, (_, i) => ({ value: textParam(params[`value${i + 1}`]), label: textParam(params[`label${i + 1}`]) })).filter(
    (x) => x.value || x.label,
  );
  if (items.length === 0) return null;
  return (
    <ul className="atr-x-stats" style={{ ['--atr-x-cols' as string]: items.length }}>
      {items.map((x, i) => (
        <li key={i} className="atr-x-stats__item">
          <span className="atr-x-stats__value">{x.value || '—'}</span>
          <span className="atr-x-stats__label">{x.label}</span>
        </li>
      ))}
    </ul>
  );
}
