/**
 * The frame of a visitor page (spec 1 §3 'Application config': headerConfig, footerConfig, themeConfig).
 *
 * Header: the logo (or the name's first character) and the name on a white top bar (`theme` light) or
 * one in the primary colour (`theme` dark); the menu on a primary-coloured bar, our own menubar (no
 * antd on visitor pages, decision 252) whose sub menus open as dropdowns on hover and from the keyboard
 * (Tab into the menu, arrow keys move between entries and ArrowDown opens a sub menu; each entry is a
 * real link, so Enter follows it and the editor's canvas can keep it inert);
 * 首页 first unless `hideHome`. At the right of the top bar: 登录 for a signed-out visitor (the site's
 * sign-in page /login, then back here; not on that page itself), or the user's name opening 账号设置, 为您推荐, 我订阅的期刊 and 退出登录 (decision 231). With `style.transparentMenu` the header lies transparently over the top
 * of the page, its text in `style.transparentMenuFontColor` (white when unset). `specificThemeUrl` is
 * loaded as an extra stylesheet after ours.
 * Footer: friend links, the QR codes and app entries (service account, subscription account, mini
 * program, iOS and Android apps), the address, phone and e-mail lines, the copyright, the ICP number
 * linked to https://beian.miit.gov.cn/ and the public security record number linked to its search page.
 * The primary colour is the CSS variable --atr-primary here (and antd's colorPrimary on pages with antd).
 */
import { useEffect, useMemo, useRef, useState, type AnchorHTMLAttributes, type CSSProperties, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Link, useLocation } from 'react-router';
import { trackPageview, trackUser } from './usage';
import { DownOutlined, UserOutlined } from '@modules/kit/icons';
import { SITE_MSG } from '@common/siteMessages';
import { contactHref } from '@common/feedback';
import { FAQ_HREF } from '@common/questionLinks';
import { FOOTER_MEDIA_KEYS, type FooterMediaKey } from '@common/constants';
import type { FooterMedia } from '@common/siteConfig';
import { isSiteLink } from '@common/safePath';
import { readBoot, type AppConfig, type BootUser, type HeaderMenuItem } from '../boot';
import { toast } from '@modules/kit/toast';
import { SITE_LOGIN_PATH, loginHref } from '@modules/kit/links';
import { errorMessage } from '../api';
import './site.css';
import { api } from '../shared/apiClient';

const isExternal = (url: string) => /^https?:\/\//i.test(url);
/** An address safe to put in an href or src: http(s) or a site path (common/safePath.ts isSiteLink). */
export const safeLink = (url: unknown): string => (typeof url === 'string' && isSiteLink(url.trim()) ? url.trim() : '');

function menuText(item: HeaderMenuItem): string {
  const i = item as HeaderMenuItem & { name?: string; label?: string };
  return String(i.title ?? i.name ?? i.label ?? '');
}
function menuUrl(item: HeaderMenuItem): string {
  const i = item as HeaderMenuItem & { link?: string; path?: string };
  // a 微应用 opens in the site frame (decision 644)
  if (i.kind === 'microapp') return i.id ? `/container/${encodeURIComponent(i.id)}` : '';
  return safeLink(i.url ?? i.link ?? i.path ?? '');
}

/**
 * A link that stays in the single-page app for site paths and opens external addresses in a new tab;
 * other attributes (role, tabIndex, handlers, ref) go on the `<a>`.
 */
export function SmartLink({
  to,
  children,
  ...rest
}: { to: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { ref?: Ref<HTMLAnchorElement> }) {
  if (isExternal(to))
    return (
      <a {...rest} href={to} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  return (
    <Link {...rest} to={to || '/'}>
      {children}
    </Link>
  );
}

/** One entry of the header menu: its text, its address ('' for a sub menu's title only) and its sub entries. */
export interface NavEntry {
  key: string;
  title: string;
  url: string;
  children: Array<{ key: string; title: string; url: string }>;
}

/**
 * The entries of the header menu: 首页 (unless hidden), then each entry with a title and a safe address
 * or sub entries (sub entries only when `subMenus`). Keys are the addresses (or `sub-i`), so the current
 * page's entry can be marked.
 */
export function headerMenuItems(menu: readonly HeaderMenuItem[], opts: { hideHome: boolean; subMenus: boolean }): NavEntry[] {
  const items: NavEntry[] = [];
  if (!opts.hideHome) items.push({ key: '/', title: SITE_MSG.homeLink, url: '/', children: [] });
  menu.forEach((m, i) => {
    const title = menuText(m);
    const url = menuUrl(m);
    const children = opts.subMenus ? (m.children ?? []).filter((c) => menuText(c) && menuUrl(c)) : [];
    if (!title || (!url && children.length === 0)) return;
    items.push({
      key: children.length ? `sub-${i}` : url || `menu-${i}`,
      title,
      url,
      children: children.map((c, j) => ({ key: `${menuUrl(c)}#${i}-${j}`, title: menuText(c), url: menuUrl(c) })),
    });
  });
  return items;
}

/**
 * The header menu (WAI-ARIA menubar pattern, decision 252): one Tab stop; ArrowLeft/Right move between
 * the entries, ArrowDown (or Enter on an entry without address) opens a sub menu and enters it, Up/Down
 * move inside it, Escape closes it. A sub menu also opens on hover and whenever focus is inside it, by
 * CSS, so it works before the scripts run and without them.
 */
function SiteNav({ items, pathname }: { items: NavEntry[]; pathname: string }) {
  const [focus, setFocus] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const top = useRef<Array<HTMLElement | null>>([]);
  const subs = useRef<Array<HTMLUListElement | null>>([]);
  const subLinks = (i: number) => [...(subs.current[i]?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const moveTo = (i: number) => {
    const n = (i + items.length) % items.length;
    setFocus(n);
    setOpen(null);
    top.current[n]?.focus();
  };
  const enter = (i: number) => {
    if (!items[i]?.children.length) return false;
    setOpen(i);
    requestAnimationFrame(() => subLinks(i)[0]?.focus());
    return true;
  };
  const onTopKey = (e: KeyboardEvent, i: number) => {
    if (e.key === 'ArrowRight') moveTo(i + 1);
    else if (e.key === 'ArrowLeft') moveTo(i - 1);
    else if (e.key === 'Home') moveTo(0);
    else if (e.key === 'End') moveTo(items.length - 1);
    else if (e.key === 'ArrowDown' || ((e.key === 'Enter' || e.key === ' ') && !items[i].url)) {
      if (!enter(i)) return;
    } else return;
    e.preventDefault();
  };
  const onSubKey = (e: KeyboardEvent, i: number) => {
    const links = subLinks(i);
    const at = links.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') links[(at + 1) % links.length]?.focus();
    else if (e.key === 'ArrowUp') links[(at - 1 + links.length) % links.length]?.focus();
    else if (e.key === 'Escape') {
      setOpen(null);
      top.current[i]?.focus();
    } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') moveTo(i + (e.key === 'ArrowRight' ? 1 : -1));
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  const current = (it: NavEntry) => it.url.split('#')[0] === pathname || it.children.some((c) => c.url === pathname);
  return (
    <ul className="atr-nav__menu" role="menubar" aria-label={SITE_MSG.siteMenuLabel}>
      {items.map((it, i) => {
        const sub = it.children.length > 0;
        const props = {
          role: 'menuitem',
          tabIndex: focus === i ? 0 : -1,
          className: sub ? 'atr-nav__link atr-nav__link--sub' : 'atr-nav__link',
          'aria-haspopup': sub ? ('menu' as const) : undefined,
          'aria-expanded': sub ? open === i : undefined,
          'aria-current': current(it) ? ('page' as const) : undefined,
          ref: (el: HTMLElement | null) => {
            top.current[i] = el;
          },
          onKeyDown: (e: KeyboardEvent) => onTopKey(e, i),
          onFocus: () => setFocus(i),
        };
        return (
          <li
            key={it.key}
            role="none"
            className={`atr-nav__item${sub ? ' atr-nav__item--sub' : ''}${open === i ? ' atr-nav__item--open' : ''}${current(it) ? ' atr-nav__item--current' : ''}`}
            onMouseLeave={() => {
              if (open === i) setOpen(null);
            }}
          >
            {it.url ? (
              <SmartLink to={it.url} {...props}>
                {it.title}
              </SmartLink>
            ) : (
              <span {...props} onClick={() => setOpen(open === i ? null : i)}>
                {it.title}
              </span>
            )}
            {sub && (
              <ul
                className="atr-nav__popup"
                role="menu"
                aria-label={it.title}
                ref={(el) => {
                  subs.current[i] = el;
                }}
                onKeyDown={(e) => onSubKey(e, i)}
              >
                {it.children.map((c) => (
                  <li key={c.key} role="none">
                    <SmartLink to={c.url} role="menuitem" tabIndex={-1}>
                      {c.title}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Loads the site's own stylesheet (headerConfig.specificThemeUrl) after ours; removed on unmount. */
function useThemeStylesheet(url: string) {
  useEffect(() => {
    if (!url || typeof document === 'undefined') return;
    const el = document.createElement('link');
    el.rel = 'stylesheet';
    el.href = url;
    el.dataset.atrTheme = 'specific';
    document.head.appendChild(el);
    return () => {
      el.remove();
    };
  }, [url]);
}

function FooterMediaEntry({ kind, media }: { kind: FooterMediaKey; media: FooterMedia }) {
  const image = safeLink(media.image);
  const url = safeLink(media.url);
  if (!image && !url) return null;
  const caption = SITE_MSG[kind];
  const body = (
    <>
      {image && <img className="atr-footer__qr-img" src={image} alt={caption} loading="lazy" />}
      <span className="atr-footer__qr-caption">{caption}</span>
    </>
  );
  return url ? (
    <SmartLink to={url} className="atr-footer__qr">
      {body}
    </SmartLink>
  ) : (
    <div className="atr-footer__qr">{body}</div>
  );
}

/** Link of the public security record search for a number such as 京公网安备 11010802000001号. */
export function recordLink(recordNumber: string): string | null {
  const digits = recordNumber.match(/\d{8,}/)?.[0];
  return digits ? `https://beian.mps.gov.cn/#/query/webSearch?code=${digits}` : null;
}

export interface SiteFrameProps {
  config: AppConfig;
  user: BootUser | null;
  children: ReactNode;
  /** the site's name is the page's heading (h1): the home page, which has no title of its own */
  nameIsHeading?: boolean;
}

/**
 * The reader's unread 站内信 count for the header's badge (decision 580): one small GET after hydration
 * (never in the server's render), again when the personal centre marks messages read (the
 * `atr-unread-changed` event) and on a route change; 0 while unknown or when the call fails.
 */
function useUnread(userId: number): number {
  const [n, setN] = useState(0);
  const { pathname } = useLocation();
  useEffect(() => {
    let live = true;
    const load = (): void => {
      api.get('/api/v1/notifications/unread-count').then(
        (r) => {
          if (live) setN(r.count);
        },
        () => {},
      );
    };
    load();
    window.addEventListener('atr-unread-changed', load);
    return () => {
      live = false;
      window.removeEventListener('atr-unread-changed', load);
    };
  }, [userId, pathname]);
  return n;
}

/**
 * The signed-in user's name in the header, opening their pages and 退出登录 (DELETE /api/v1/session, then
 * this page loaded again, signed out). A refusal of the sign-out is shown as a message.
 */
function SiteUserMenu({ user }: { user: BootUser }) {
  const [open, setOpen] = useState(false);
  const unread = useUnread(user.id);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  const signOut = async () => {
    try {
      await api.delete('/api/v1/session');
      window.location.assign(window.location.pathname + window.location.search);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    setOpen(false);
    box.current?.querySelector<HTMLElement>('.atr-header__menu-trigger')?.focus();
  };
  return (
    <div className={`atr-usermenu${open ? ' atr-usermenu--open' : ''}`} ref={box} onKeyDown={onKey}>
      <button
        type="button"
        className="atr-header__user atr-header__menu-trigger"
        aria-label={`${user.name}：${SITE_MSG.accountTitle}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <UserOutlined aria-hidden />
        {user.name}
        <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </button>
      {unread > 0 && (
        <Link className="atr-header__badge" to="/microapp/helix/personalCenter?tab=messages" aria-label={SITE_MSG.unreadBadge.replace('{n}', String(unread))}>
          {unread > 99 ? '99+' : unread}
        </Link>
      )}
      {open && (
        <ul className="atr-usermenu__popup" role="menu" aria-label={SITE_MSG.accountTitle}>
          <li role="none">
            <Link role="menuitem" to="/microapp/helix/personalCenter" onClick={() => setOpen(false)}>
              {SITE_MSG.personalCentre}
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to="/settings/account" onClick={() => setOpen(false)}>
              {SITE_MSG.accountTitle}
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to="/microapp/recommendation" onClick={() => setOpen(false)}>
              {SITE_MSG.recommendTitle}
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to="/subscriptions/journals" onClick={() => setOpen(false)}>
              {SITE_MSG.mySubscriptionsTitle}
            </Link>
          </li>
          <li role="separator" className="atr-usermenu__divider" />
          <li role="none">
            <button type="button" role="menuitem" onClick={() => void signOut()}>
              {SITE_MSG.signOut}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

/**
 * The notice under the header for a signed-in reader awaiting approval under 新用户需审核 (decision 660),
 * with a rejection's reason; rendered on the server from the page's boot data, nothing otherwise.
 */
function ReaderApprovalNotice() {
  const approval = readBoot().readerApproval;
  if (!approval) return null;
  const text =
    approval.status === 'rejected' ? SITE_MSG.readerApprovalRejectedNotice.replace('{reason}', approval.reason || '—') : SITE_MSG.readerApprovalNotice;
  return (
    <div className={`atr-approval-notice atr-approval-notice--${approval.status}`} role="status">
      <div className="atr-container">{text}</div>
    </div>
  );
}

/** Header, page and footer of the visitor site; see the file comment. */
export function SiteFrame({ config, user, children, nameIsHeading = false }: SiteFrameProps) {
  const { pathname, search } = useLocation();
  // usage beacons: a page view per visitor route; the editor's preview is no visit
  const counted = !pathname.startsWith('/console');
  useEffect(() => {
    if (counted) trackPageview(pathname);
  }, [counted, pathname]);
  const userId = user?.id ?? null;
  useEffect(() => {
    if (counted) trackUser(userId);
  }, [counted, userId]);
  const primary = config.themeConfig?.primaryColor;
  const header = config.headerConfig ?? {};
  const footer = config.footerConfig ?? {};
  const transparent = !!header.style?.transparentMenu;
  const fontColor = transparent ? header.style?.transparentMenuFontColor || '#fff' : '#fff';
  const themeUrl = safeLink(header.specificThemeUrl);
  useThemeStylesheet(themeUrl);

  const items = useMemo(
    () => headerMenuItems(header.menu ?? [], { hideHome: !!header.hideHome, subMenus: header.headerSubMenu !== false }),
    [header.menu, header.hideHome, header.headerSubMenu],
  );

  const style = {
    ...(primary ? { '--atr-primary': primary } : {}),
    ...(transparent ? { '--atr-header-font': fontColor } : {}),
  } as CSSProperties;
  const year = new Date().getFullYear();
  const friendLinks = (footer.friendLinks ?? []).filter((l) => l.title && safeLink(l.url));
  const media = FOOTER_MEDIA_KEYS.map((k) => [k, footer[k]] as const).filter(([, m]) => m && (safeLink(m.image) || safeLink(m.url)));
  const record = footer.recordNumber ? recordLink(footer.recordNumber) : null;
  const headerClass = ['atr-header', header.theme === 'dark' ? 'atr-header--dark' : '', transparent ? 'atr-header--transparent' : ''].filter(Boolean).join(' ');

  return (
    <div className={`atr-site${transparent ? ' atr-site--transparent' : ''}`} style={style}>
      <header className={headerClass}>
        <div className="atr-container atr-header__top">
          {/* the link is named by its visible text (the logo is decoration beside it) */}
          <Link to="/" className="atr-brand">
            {config.logo ? (
              <img className="atr-brand__logo" src={config.logo} alt="" />
            ) : (
              <span className="atr-brand__mark" aria-hidden>
                {config.name.slice(0, 1)}
              </span>
            )}
            <span className="atr-brand__text">
              {nameIsHeading ? <h1 className="atr-brand__name">{config.name}</h1> : <span className="atr-brand__name">{config.name}</span>}
              {config.topic?.title && <span className="atr-brand__sub">{config.topic.title}</span>}
            </span>
          </Link>
          <span className="atr-header__spacer" />
          {user ? (
            <SiteUserMenu user={user} />
          ) : (
            pathname !== SITE_LOGIN_PATH && (
              <Link className="atr-header__user atr-header__signin" to={loginHref(pathname + search)}>
                <UserOutlined aria-hidden />
                {SITE_MSG.signIn}
              </Link>
            )
          )}
        </div>
        {items.length > 0 && (
          <nav className="atr-nav" aria-label={SITE_MSG.siteMenuLabel}>
            <div className="atr-container">
              <SiteNav items={items} pathname={pathname} />
            </div>
          </nav>
        )}
        {user && <ReaderApprovalNotice />}
      </header>
      <main className="atr-site__main">
        <div className="atr-container">{children}</div>
      </main>
      <footer className="atr-footer">
        <div className="atr-container">
          {(friendLinks.length > 0 || media.length > 0) && (
            <div className="atr-footer__upper">
              {friendLinks.length > 0 && (
                <div className="atr-footer__links">
                  <span className="atr-footer__links-title">{SITE_MSG.friendLinks}</span>
                  <div className="atr-footer__links-list">
                    {friendLinks.map((l, i) => (
                      <SmartLink key={i} to={safeLink(l.url)}>
                        {l.title}
                      </SmartLink>
                    ))}
                  </div>
                </div>
              )}
              {media.length > 0 && (
                <div className="atr-footer__qrs" aria-label={SITE_MSG.followUs}>
                  {media.map(([k, m]) => (
                    <FooterMediaEntry key={k} kind={k} media={m!} />
                  ))}
                </div>
              )}
            </div>
          )}
          {(footer.address || footer.phone || footer.mail) && (
            <div className="atr-footer__contact">
              {footer.address && (
                <span>
                  {SITE_MSG.address}：{footer.address}
                </span>
              )}
              {footer.phone && (
                <span>
                  {SITE_MSG.phone}：{footer.phone}
                </span>
              )}
              {footer.mail && (
                <span>
                  {SITE_MSG.mail}：{footer.mail}
                </span>
              )}
            </div>
          )}
          <div className="atr-footer__lines">
            <Link className="atr-footer__feedback" to={contactHref(pathname + search)}>
              {SITE_MSG.feedbackLink}
            </Link>
            <Link className="atr-footer__feedback" to={FAQ_HREF}>
              {SITE_MSG.faqLink}
            </Link>
            <span>{footer.copyright || `© ${year} ${config.name} ${SITE_MSG.copyrightDefault}`}</span>
            {footer.icpNumber && (
              <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
                {footer.icpNumber}
              </a>
            )}
            {footer.recordNumber &&
              (record ? (
                <a href={record} target="_blank" rel="noopener noreferrer">
                  {footer.recordNumber}
                </a>
              ) : (
                <span>{footer.recordNumber}</span>
              ))}
          </div>
        </div>
      </footer>
    </div>
  );
}
