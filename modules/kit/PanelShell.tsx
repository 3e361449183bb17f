/**
 * The frame every visitor panel shares (spec 1 §2 'Screens', §4 states): a white card with a title bar
 * (a short accent bar in --atr-primary, the module's alias, 更多 › on the right), the body, and the
 * three states a panel goes through: a loading skeleton, the content, an empty state (暂无数据, with a
 * hint in edit mode) or a load failure (加载失败 and the reason).
 */
import type { CSSProperties, ReactNode } from 'react';
import { RightOutlined, WarningOutlined } from './icons';
import type { ModuleConfig } from '../../common/homeConfig.js';
import { SITE_MSG } from '../../common/siteMessages.js';
import type { ModuleDefinition } from '../types.js';
import type { SiteContext } from '../types.app.js';
import { PanelLink } from './PanelLink';
import { topicShowHref } from './links';
import { EmptyState } from './EmptyState';
import { EmptyNote, SkeletonBlock, UiButton } from './ui';
import './panel.css';

/** The label of a panel's more link. */
export const MORE_LABEL = '更多';

/**
 * A panel's more link from its definition (spec 1 §2 'Priority of a panel's more link'), or null when
 * hidden or when a broken config makes the rule throw.
 */
export function moreLinkOf<C extends ModuleConfig>(
  def: Pick<ModuleDefinition<C>, 'moreLink'>,
  module: C,
  site: Pick<SiteContext, 'user' | 'exploreBase'>,
): string | null {
  try {
    return def.moreLink(module, { signedIn: !!site.user, exploreBase: site.exploreBase ?? null }) || null;
  } catch {
    return null;
  }
}

/** The title of a panel: the accent bar and the alias. */
export function PanelTitle({ module }: { module: ModuleConfig }) {
  return (
    <span className="atr-p-title">
      <span className="atr-p-title__bar" aria-hidden />
      <h3 className="atr-p-title__text" title={module.alias}>
        {module.alias}
      </h3>
    </span>
  );
}

/** 更多 ›: the panel's more link, opened in a new tab (spec 1 §2), through the sign-in guard. */
export function MoreLink({ href, module, site }: { href: string; module: ModuleConfig; site: SiteContext }) {
  return (
    <PanelLink to={href} module={module} site={site} newTab className="atr-p-more">
      {MORE_LABEL}
      <RightOutlined className="atr-p-more__icon" />
    </PanelLink>
  );
}

export interface PanelShellProps {
  module: ModuleConfig;
  site: SiteContext;
  /** the more link (definition.moreLink); null or undefined hides 更多 */
  more?: string | null;
  /** extra controls in the title bar before 更多 (e.g. the edit-mode 数据列表 button) */
  extra?: ReactNode;
  /** replaces the standard title bar (e.g. a tab bar that carries title and more link) */
  header?: ReactNode;
  /** extra class on the card, e.g. 'atr-p--news' */
  className?: string;
  /** extra class on the body */
  bodyClassName?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * The card around a panel. The title bar is hidden when the module's mode is 'noHeader'; in a group
 * template the module's description shows under the title. `backgroundColor: 'grey'` greys the card.
 */
export function PanelShell({ module, site, more, extra, header, className, bodyClassName, style, children }: PanelShellProps) {
  const showHeader = module.mode !== 'noHeader';
  const cls = ['atr-p', module.backgroundColor === 'grey' ? 'atr-p--grey' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <section className={cls} style={style} aria-label={module.alias}>
      {showHeader &&
        (header ?? (
          <header className="atr-p-head">
            <PanelTitle module={module} />
            {extra}
            {more && <MoreLink href={more} module={module} site={site} />}
          </header>
        ))}
      {showHeader && site.groupTemplate && module.description && <p className="atr-p-desc">{module.description}</p>}
      <div className={`atr-p-body${bodyClassName ? ` ${bodyClassName}` : ''}`}>{children}</div>
    </section>
  );
}

export interface PanelStatusProps {
  /** a read is still running */
  loading: boolean;
  /** the Chinese message of a failed read, or null */
  error: string | null;
  /** nothing to show (no items) */
  empty: boolean;
  editable: boolean;
  /** edit-mode hint under 暂无数据 (spec 1 §2: the empty state carries a publish prompt) */
  hint?: ReactNode;
  /** the loading placeholder; default a list skeleton */
  skeleton?: ReactNode;
  /**
   * the module whose empty state this is: without a `hint`, the empty state is the empty-state widget
   * with its configure link by type (EmptyState, spec 1 §2)
   */
  emptyFor?: { type: string; moduleId: string; topicId: number | null };
  children: ReactNode;
}

/**
 * The states of spec 1 §4: while loading with nothing to show, the skeleton; with items, the content
 * (even while a refetch runs or another read failed); with a failure and nothing to show, 加载失败;
 * otherwise the empty state.
 */
export function PanelStatus({ loading, error, empty, editable, hint, skeleton, emptyFor, children }: PanelStatusProps) {
  if (!empty) return <>{children}</>;
  if (loading)
    return (
      <div className="atr-p-state atr-p-state--loading" aria-busy="true">
        {skeleton ?? <ListSkeleton />}
      </div>
    );
  if (error) return <PanelError message={error} />;
  if (emptyFor && hint === undefined) return <EmptyState {...emptyFor} editable={editable} />;
  return <PanelEmpty editable={editable} hint={hint} />;
}

/** A list placeholder: `rows` grey bars. */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  return <SkeletonBlock rows={rows} className="atr-p-skeleton" />;
}

/** A card-grid placeholder: `count` skeleton cards with an avatar, laid out in `columns`. */
export function CardSkeleton({ count, columns }: { count: number; columns: number }) {
  return (
    <div className="atr-p-grid" style={{ ['--atr-p-cols' as string]: columns }}>
      {Array.from({ length: Math.max(1, count) }, (_, i) => (
        <div className="atr-p-card atr-p-card--skeleton" key={i}>
          <SkeletonBlock avatar title rows={2} widths={[90, 70]} />
        </div>
      ))}
    </div>
  );
}

/** The failure state: 加载失败 and the reason. */
export function PanelError({ message }: { message: string }) {
  return (
    <div className="atr-p-state atr-p-state--error" role="alert">
      <WarningOutlined className="atr-p-state__icon" />
      <div className="atr-p-state__title">{SITE_MSG.loadFailed}</div>
      {message && message !== SITE_MSG.loadFailed && <div className="atr-p-state__detail">{message}</div>}
    </div>
  );
}

/** The empty state: 暂无数据, and in edit mode the hint. */
export function PanelEmpty({ editable, hint }: { editable: boolean; hint?: ReactNode }) {
  return (
    <div className="atr-p-state atr-p-state--empty">
      <EmptyNote>{editable && hint ? <div className="atr-p-hint">{hint}</div> : null}</EmptyNote>
    </div>
  );
}

/**
 * The edit-mode hint of a resource panel (spec 1 §2 'Empty-state widget'): the resources come from the
 * application's topic, so it offers the topic's console page (a button: the editor makes links inert).
 */
export function TopicHint({ site, type }: { site: SiteContext; /** the panel's resource type: the data page opens on it */ type?: string }) {
  if (site.topicId == null) return <>该应用未选择专题，请先在应用设置中选择专题</>;
  const href = topicShowHref(site.topicId, type);
  return (
    <>
      该分类下暂无资源，
      <UiButton
        variant="link"
        size="small"
        className="atr-p-hint__action"
        data-href={href}
        onClick={() => {
          window.open(href, '_blank', 'noopener');
        }}
      >
        去配置数据
      </UiButton>
    </>
  );
}
