/**
 * Ticking results for the citation export (decision 282), shared by /microapp/explore and the advanced
 * search /exploreV3: {@link usePicks} keeps the ticks of the search shown (up to PICK_MAX, across its
 * pages), {@link PickAllBox}, {@link PickCount} and {@link PicksExport} sit in the results bar, and
 * {@link PickableResult} is one result with its box. The boxes work once the page has hydrated
 * (`pickable`); the export's links work without JavaScript.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { App } from 'antd';
import { MSG } from '@common/messages';
import type { ResourceItem } from '@common/contracts/search';
import { CitationExport } from './CitationExport';
import { NO_PICKS, PICK_MAX, exportIds, pageState, pick, ticksOf, type Picks, type Ranked } from './citationPicks';
import { highlight, itemHref, metaOf } from './searchParts';

/**
 * The ticks of the search `search` (its URL without the page) over the page `data` shows; `pickable`:
 * the page has hydrated and shows this search's own results. A tick past PICK_MAX is refused with a
 * warning.
 */
export function usePicks(data: { content: ResourceItem[]; page: number; size: number } | undefined, search: string, pickable: boolean) {
  const { message } = App.useApp();
  const [picks, setPicks] = useState<Picks>(NO_PICKS);
  const ticks = ticksOf(picks, search);
  const ranked: Ranked[] = data ? data.content.map((it, i) => ({ id: it.id, rank: (data.page - 1) * data.size + i })) : [];
  const tick = (items: Ranked[], on: boolean) => {
    const next = pick(picks, search, items, on);
    setPicks(next.picks);
    if (next.refused > 0) void message.warning(MSG.citationTooMany(PICK_MAX));
  };
  return {
    ticks,
    ranked,
    pickable,
    onPage: pageState(ranked, ticks),
    full: ticks.size >= PICK_MAX,
    exported: exportIds(
      ranked.map((r) => r.id),
      ticks,
    ),
    tick,
    clear: () => setPicks(NO_PICKS),
  };
}
export type PickState = ReturnType<typeof usePicks>;

/** 全选本页: ticks or unticks the page's results (mixed when some are ticked). */
export function PickAllBox({ picks }: { picks: PickState }) {
  return (
    // ticking needs the page's script: disabled until it runs, hidden without scripts (citations.css)
    <label className="atr-picks-bar__all">
      <input
        type="checkbox"
        disabled={!picks.pickable}
        checked={picks.onPage.all}
        ref={(el) => {
          if (el) el.indeterminate = picks.onPage.some && !picks.onPage.all;
        }}
        onChange={() => picks.tick(picks.ranked, !picks.onPage.all)}
      />
      {MSG.citationPickPage}
    </label>
  );
}

/** 已选 n 条 · 清除. */
export function PickCount({ picks }: { picks: PickState }) {
  return (
    <span className="atr-picks-bar__count">
      <span role="status">{picks.ticks.size > 0 ? MSG.citationPicked(picks.ticks.size) : ''}</span>
      {picks.ticks.size > 0 && (
        <button type="button" className="atr-btn atr-btn--link atr-btn--small" onClick={picks.clear}>
          {MSG.citationPickClear}
        </button>
      )}
    </span>
  );
}

/** The citations of the ticked results, or of the page's. */
export function PicksExport({ picks }: { picks: PickState }) {
  const n = picks.ticks.size;
  return (
    <CitationExport
      ids={picks.exported}
      align="end"
      label={n > 0 ? MSG.citationExportPicked(n) : MSG.citationExportPage}
      hint={n > 0 ? MSG.citationExportPickedHint(n) : MSG.citationExportPageHint(picks.exported.length)}
    />
  );
}

/** Result `i` of the page: its box, its title (terms marked) linking to it, its meta line, and `abstract` below when given. */
export function PickableResult({
  it,
  i,
  terms,
  picks,
  abstract,
  testId,
}: {
  it: ResourceItem;
  i: number;
  terms: string[];
  picks: PickState;
  abstract?: ReactNode;
  testId?: string;
}) {
  const ticked = picks.ticks.has(it.id);
  return (
    <article className="atr-result atr-result--pickable" data-testid={testId}>
      <label className="atr-result__pick" title={picks.full && !ticked ? MSG.citationTooMany(PICK_MAX) : undefined}>
        <input
          type="checkbox"
          aria-label={MSG.citationPickItem(it.title)}
          checked={ticked}
          disabled={!picks.pickable || (picks.full && !ticked)}
          onChange={(e) => picks.tick([picks.ranked[i]], e.currentTarget.checked)}
        />
      </label>
      <Link className="atr-result__title" to={itemHref(it)}>
        {highlight(it.title, terms)}
      </Link>
      <div className="atr-result__meta">
        {metaOf(it).map((m, j) => (
          <span key={j}>{m}</span>
        ))}
      </div>
      {abstract && <p className="atr-result__abstract">{abstract}</p>}
    </article>
  );
}
