/**
 * The small interface pieces of the visitor site (decision 252): buttons, tags, the empty state, the
 * loading skeleton and spinner, tabs and a carousel, in our own markup and CSS (ui.css) instead of antd,
 * so that the home page downloads no antd and no CSS-in-JS runtime (at most 150 KB of
 * JavaScript gzip) and its HTML carries no generated styles. Colours follow --atr-primary (the site
 * frame sets it from themeConfig.primaryColor). The console keeps antd.
 *
 * Everything renders the same markup on the server and at hydration; what must wait for the browser
 * (the carousel's autoplay, swipes) starts in an effect.
 */
import {
  Children,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { SITE_MSG } from '../../common/siteMessages.js';
import './ui.css';

const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ');

export interface UiButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** look: a link (text in the primary colour), plain text, dashed outline, filled primary or outlined */
  variant?: 'link' | 'text' | 'dashed' | 'primary' | 'default';
  size?: 'small' | 'middle';
  danger?: boolean;
  /** an icon before the label */
  icon?: ReactNode;
}

/** A `<button type="button">` in one of the looks of UiButtonProps.variant (default 'default'). */
export function UiButton({ variant = 'default', size = 'middle', danger, icon, className, children, ...rest }: UiButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={cx('atr-btn', `atr-btn--${variant}`, size === 'small' && 'atr-btn--small', danger && 'atr-btn--danger', className)}
    >
      {icon && (
        <span className="atr-btn__icon" aria-hidden>
          {icon}
        </span>
      )}
      {children != null && <span>{children}</span>}
    </button>
  );
}

/** A small label; `color` 'gold' for a warning-like mark, default grey. */
export function UiTag({ color, icon, className, children }: { color?: 'gold' | 'blue'; icon?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <span className={cx('atr-tag', color && `atr-tag--${color}`, className)}>
      {icon && (
        <span className="atr-tag__icon" aria-hidden>
          {icon}
        </span>
      )}
      {children}
    </span>
  );
}

/** The empty state: a light drawing, `description` (default 暂无数据) and `children` under it. */
export function EmptyNote({ description = SITE_MSG.noData, children, className }: { description?: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <div className={cx('atr-empty', className)}>
      <svg className="atr-empty__image" width="64" height="41" viewBox="0 0 64 41" aria-hidden focusable="false">
        <g fill="none" fillRule="evenodd" transform="translate(0 1)">
          <ellipse cx="32" cy="33" rx="32" ry="7" fill="#f0f2f5" />
          <g fillRule="nonzero" stroke="#c9ced6">
            <path d="M55 12.8 44.9 1.3A2.5 2.5 0 0 0 43.1.5H20.9c-.7 0-1.3.3-1.8.8L9 12.8V22h46v-9.2z" />
            <path
              d="M41.6 15.9c0-1.6 1-2.9 2.2-2.9H55v18.1c0 2.1-1.3 3.9-3 3.9H12c-1.7 0-3-1.8-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 2.9 0 1.6 1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.3 2.2-2.9z"
              fill="#fafafa"
            />
          </g>
        </g>
      </svg>
      <div className="atr-empty__text">{description}</div>
      {children}
    </div>
  );
}

/**
 * Grey placeholder bars while a read runs: `rows` lines (widths in %, cycling `widths`), with an
 * optional round avatar and a shorter title line first.
 */
export function SkeletonBlock({
  rows = 3,
  avatar = false,
  title = false,
  widths = [100],
  className,
}: {
  rows?: number;
  avatar?: boolean;
  title?: boolean;
  widths?: number[];
  className?: string;
}) {
  return (
    <div className={cx('atr-skel', className)} aria-hidden>
      {avatar && <span className="atr-skel__avatar" />}
      <span className="atr-skel__lines">
        {title && <span className="atr-skel__line atr-skel__line--title" />}
        {Array.from({ length: rows }, (_, i) => (
          <span key={i} className="atr-skel__line" style={{ width: `${widths[i % widths.length]}%` }} />
        ))}
      </span>
    </div>
  );
}

/** A turning ring while something loads (role status, named 加载中); `size` 'large' is 40 px, else 20 px. */
export function Spinner({ size }: { size?: 'large' }) {
  return <span className={cx('atr-spin', size === 'large' && 'atr-spin--large')} role="status" aria-label={SITE_MSG.loading} />;
}

export interface UiTab {
  key: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * Tabs (WAI-ARIA tabs pattern): a tablist of buttons (arrow keys, Home and End move between them) and
 * the active tab's panel; only the active panel is mounted, so a tab's reads run when it is first shown.
 * `before` and `after` stand beside the tablist in the bar (a panel's title and its more link).
 */
export function UiTabs({
  items,
  before,
  after,
  className,
}: {
  items: UiTab[];
  before?: ReactNode;
  /** beside the tablist; a function gets the active tab's key (a more link that follows the tab) */
  after?: ReactNode | ((activeKey: string) => ReactNode);
  className?: string;
}) {
  const [active, setActive] = useState(items[0]?.key);
  const id = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const current = items.find((t) => t.key === active) ?? items[0];
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = items.findIndex((t) => t.key === current?.key);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: items.length - 1 }[e.key];
    if (to === undefined || items.length === 0) return;
    e.preventDefault();
    const i = (to + items.length) % items.length;
    setActive(items[i].key);
    tabs.current[i]?.focus();
  };
  return (
    <div className={cx('atr-tabs', className)}>
      <div className="atr-tabs__bar">
        {before}
        <div className="atr-tabs__list" role="tablist" onKeyDown={onKey}>
          {items.map((t, i) => {
            const on = t.key === current?.key;
            return (
              <button
                key={t.key}
                ref={(el) => {
                  tabs.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${i}`}
                aria-selected={on}
                aria-controls={`${id}-panel`}
                tabIndex={on ? 0 : -1}
                className={cx('atr-tabs__tab', on && 'atr-tabs__tab--active')}
                onClick={() => setActive(t.key)}
              >
                {t.label}
              </button>
            );
          })}
        </div>
        {typeof after === 'function' ? (current ? after(current.key) : null) : after}
      </div>
      {current && (
        <div className="atr-tabs__panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${items.indexOf(current)}`}>
          {current.content}
        </div>
      )}
    </div>
  );
}

export interface CarouselProps {
  children: ReactNode;
  /** moves on by itself every `interval` ms (spec 2 §9 'Timing'), paused while hovered or focused */
  autoplay?: boolean;
  interval?: number;
  /** the row of dots under the slides */
  dots?: boolean;
  /** previous / next buttons at the sides */
  arrows?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** Pixels a pointer must travel sideways to count as a swipe. */
const SWIPE_PX = 40;

/**
 * Slides side by side, one in view (a CSS transform moves the row). The slides out of view are `inert`
 * and hidden from assistive technology; the dots and arrows are buttons named 第 n 张, 上一张, 下一张. It
 * wraps from the last slide to the first. Autoplay starts after hydration, pauses while the pointer or
 * the focus is inside, while the page is hidden, and not at all when the visitor prefers reduced motion.
 */
export function UiCarousel({ children, autoplay = false, interval = 5000, dots = true, arrows = false, className, style }: CarouselProps) {
  const slides = Children.toArray(children);
  const n = slides.length;
  const [at, setAt] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);
  const go = useCallback((i: number) => setAt(((i % n) + n) % n), [n]);

  useEffect(() => {
    if (!autoplay || paused || n < 2) return;
    if (typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') setAt((i) => (i + 1) % n);
    }, interval);
    return () => window.clearInterval(timer);
  }, [autoplay, paused, n, interval]);

  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    start.current = e.clientX;
  };
  const onUp = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const dx = e.clientX - start.current;
    start.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(at + (dx < 0 ? 1 : -1));
  };

  return (
    <div
      className={cx('atr-car', className)}
      style={style}
      aria-roledescription="carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="atr-car__viewport"
        onPointerDown={onDown}
        onPointerUp={onUp}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        <div className="atr-car__track" style={{ transform: `translateX(${-100 * at}%)` }}>
          {slides.map((s, i) => (
            <div
              key={i}
              className="atr-car__slide"
              aria-hidden={i !== at ? true : undefined}
              inert={i !== at ? true : undefined}
              aria-roledescription="slide"
              aria-label={`${i + 1} / ${n}`}
            >
              {s}
            </div>
          ))}
        </div>
      </div>
      {arrows && n > 1 && (
        <>
          <button type="button" className="atr-car__arrow atr-car__arrow--prev" aria-label={SITE_MSG.carouselPrev} onClick={() => go(at - 1)}>
            ‹
          </button>
          <button type="button" className="atr-car__arrow atr-car__arrow--next" aria-label={SITE_MSG.carouselNext} onClick={() => go(at + 1)}>
            ›
          </button>
        </>
      )}
      {dots && n > 1 && (
        <div className="atr-car__dots">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className={cx('atr-car__dot', i === at && 'atr-car__dot--active')}
              aria-label={SITE_MSG.carouselSlide(i + 1)}
              aria-current={i === at ? true : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
