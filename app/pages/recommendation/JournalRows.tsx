/**
 * The journal cards of the subscription pages: cover, title (to the detail page), ISSN and
 * collection, and a 订阅 / 已订阅 toggle (modules/journal/useSubscription.ts) — or, on the user's own
 * list, a 取消订阅 button.
 */
import { Link } from 'react-router';
import { Button } from 'antd';
import { MSG } from '@common/messages';
import { resourceHref } from '@modules/kit/links';
import { Thumb } from '@modules/kit/media';

export interface JournalItem {
  id: number;
  type: string;
  title: string;
  is_subscribed?: boolean | number;
  issn?: unknown;
  collection?: unknown;
  cover?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The journals as cards; `isOn(id)` gives the shown state, `onToggle(id, on)` flips it, `busy(id)` disables the button. */
export function JournalRows({
  items,
  isOn,
  onToggle,
  busy,
  removeOnly = false,
}: {
  items: JournalItem[];
  isOn(it: JournalItem): boolean;
  onToggle(it: JournalItem, on: boolean): void;
  busy(it: JournalItem): boolean;
  removeOnly?: boolean;
}) {
  return (
    <div className="atr-subs">
      {items.map((it) => {
        const on = isOn(it);
        return (
          <div className="atr-sub" key={it.id} data-testid="journal">
            <Thumb src={it.cover} label={it.title} style={{ width: 48, height: 64, borderRadius: 4 }} />
            <div className="atr-sub__main">
              <Link className="atr-sub__title" to={resourceHref(it.type || 'journal', it.id)} title={it.title}>
                {it.title}
              </Link>
              <span className="atr-sub__meta">{[text(it.issn) && `ISSN ${text(it.issn)}`, text(it.collection)].filter(Boolean).join(' · ') || '\u00a0'}</span>
            </div>
            {removeOnly ? (
              <Button size="small" loading={busy(it)} onClick={() => onToggle(it, on)}>
                {MSG.unsubscribeAction}
              </Button>
            ) : (
              <Button size="small" type={on ? 'default' : 'primary'} ghost={!on} loading={busy(it)} aria-pressed={on} onClick={() => onToggle(it, on)}>
                {on ? MSG.subscribedLabel : MSG.subscribeAction}
              </Button>
            )}
          </div>
        );
      })}
    </div>
  );
}
