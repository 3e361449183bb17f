/**
 * The facts of a detail page (a job's salary and place, a resource's journal and year, a scholar's
 * institution …) as label / value pairs: two pairs a row on a wide screen, one on a phone (a CSS
 * media query at 576 px, so the server-rendered page has its final layout before any script runs;
 * antd's Descriptions chose its columns in script and kept three on a 390 px phone).
 */
import type { ReactNode } from 'react';

/** `rows`: [label, value] pairs, shown in order; `title` above them when given. */
export function FactList({ title, rows }: { title?: string; rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <>
      {title && <h3>{title}</h3>}
      <dl className="atr-facts">
        {rows.map(([label, value]) => (
          <div key={label} className="atr-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
