/**
 * The frame of a visitor page (spec 1 §3 'Application config': headerConfig, footerConfig, themeConfig).
 *
 * Header: the logo (or the name's first character) and the name on a white top bar (`theme` light) or
 * one in the primary colour (`theme` dark); the menu on a primary-coloured bar, as an antd horizontal
 * Menu whose sub menus open as dropdowns on hover and from the keyboard (Tab into the menu, arrow keys
 * move between entries and ArrowDown opens a sub menu; each entry is a real link, so Enter follows it
 * and the editor's canvas can keep it inert);
 * 首页 first unless `hideHome`. At the right of the top bar: 登录 for a signed-out visitor (the sign-in page,
 * then back here), or the user's name opening 账号设置, 为您推荐, 我订阅的期刊 and 退出登录 (decision 231). With `style.transparentMenu` the header lies transparently over the top
 * of the page, its text in `style.transparentMenuFontColor` (white when unset). `specificThemeUrl` is
 * loaded as an extra stylesheet after ours.
 * Footer: friend links, the QR codes and app entries (service account, subscription account, mini
 * program, iOS and Android apps), the address, phone and e-mail lines, the copyright, the ICP number
 * linked to https://beian.miit.gov.cn/ and the public security record number linked to its search page.
 * The primary colour is the CSS variable --atr-primary here and antd's colorPrimary (HomePage, App).
 */
import { useEffect, useMemo, type CSSProperties, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { App, ConfigProvider, Dropdown, Menu, type MenuProps } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { FOOTER_MEDIA_KEYS, type FooterMedia, type FooterMediaKey } from '@common/siteConfig';
import { isSiteLink } from '@common/safePath';
import type { AppConfig, BootUser, HeaderMenuItem } from '../boot';
import { apiDelete, errorMessage } from '../api';
import './site.css';

const isExternal = (url: string) => /^https?:\/\//i.test(url);
/** An address safe to put in an href or src: http(s) or a site path (common/safePath.ts isSiteLink). */
export const safeLink = (url: unknown): string => (typeof url === 'string' && isSiteLink(url.trim()) ? url.trim() : '');

function menuText(item: HeaderMenuItem): string {
  const i = item as HeaderMenuItem & { name?: string; label?: string };
  return String(i.title ?? i.name ?? i.label ?? '');
}
function menuUrl(item: HeaderMenuItem): string {
  const i = item as HeaderMenuItem & { link?: string; path?: string };
  return safeLink(i.url ?? i.link ?? i.path ?? '');
}

/** A link that stays in the single-page app for site paths and opens external addresses in a new tab. */
export function SmartLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  if (isExternal(to)) return <a className={className} href={to} target="_blank" rel="noopener noreferrer">{children}</a>;
  return <Link className={className} to={to || '/'}>{children}</Link>;
}

type MenuItems = NonNullable<MenuProps['items']>;

/**
 * The antd Menu items of the header: 首页 (unless hidden), then each entry; an entry with a sub menu
 * becomes a sub menu whose popup is light (white, dark text). Keys are the entries' addresses, so the
 * current page is the selected key.
 */
export function headerMenuItems(menu: readonly HeaderMenuItem[], opts: { hideHome: boolean; subMenus: boolean }): MenuItems {
  const items: MenuItems = [];
  if (!opts.hideHome) items.push({ key: '/', label: <Link to="/">{MSG.homeLink}</Link> });
  menu.forEach((m, i) => {
    const title = menuText(m);
    const url = menuUrl(m);
    const children = opts.subMenus ? (m.children ?? []).filter((c) => menuText(c) && menuUrl(c)) : [];
    if (!title || (!url && children.length === 0)) return;
    const label = url ? <SmartLink to={url}>{title}</SmartLink> : <span>{title}</span>;
    if (children.length === 0) {
      items.push({ key: url || `menu-${i}`, label });
      return;
    }
    items.push({
      key: `sub-${i}`, label, theme: 'light', popupClassName: 'atr-nav__popup',
      children: children.map((c, j) => ({ key: `${menuUrl(c)}#${i}-${j}`, label: <SmartLink to={menuUrl(c)}>{menuText(c)}</SmartLink> })),
    });
  });
  return items;
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
    return () => { el.remove(); };
  }, [url]);
}

function FooterMediaEntry({ kind, media }: { kind: FooterMediaKey; media: FooterMedia }) {
  const image = safeLink(media.image);
  const url = safeLink(media.url);
  if (!image && !url) return null;
  const caption = MSG[kind];
  const body = (
    <>
      {image && <img className="atr-footer__qr-img" src={image} alt={caption} loading="lazy" />}
      <span className="atr-footer__qr-caption">{caption}</span>
    </>
  );
  return url ? <SmartLink to={url} className="atr-footer__qr">{body}</SmartLink> : <div className="atr-footer__qr">{body}</div>;
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
 * The signed-in user's name in the header, opening their pages and 退出登录 (DELETE /api/v1/session, then
 * this page loaded again, signed out). A refusal of the sign-out is shown as a message.
 */
function SiteUserMenu({ user }: { user: BootUser }) {
  const { message } = App.useApp();
  const signOut = async () => {
    try {
      await apiDelete('/api/v1/session');
      window.location.assign(window.location.pathname + window.location.search);
    } catch (err) {
      message.error(errorMessage(err));
    }
  };
  const items: MenuProps['items'] = [
    { key: 'account', label: <Link to="/settings/account">{MSG.accountTitle}</Link> },
    { key: 'recommend', label: <Link to="/microapp/recommendation">{MSG.recommendTitle}</Link> },
    { key: 'subscriptions', label: <Link to="/subscriptions/journals">{MSG.mySubscriptionsTitle}</Link> },
    { type: 'divider' },
    { key: 'signout', label: MSG.signOut, onClick: () => void signOut() },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click', 'hover']} placement="bottomRight">
      <button type="button" className="atr-header__user atr-header__menu-trigger" aria-label={`${user.name}：${MSG.accountTitle}`}>
        <UserOutlined aria-hidden />{user.name}<DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}

/** Header, page and footer of the visitor site; see the file comment. */
export function SiteFrame({ config, user, children, nameIsHeading = false }: SiteFrameProps) {
  const { pathname, search } = useLocation();
  const primary = config.themeConfig?.primaryColor;
  const header = config.headerConfig ?? {};
  const footer = config.footerConfig ?? {};
  const transparent = !!header.style?.transparentMenu;
  const fontColor = transparent ? (header.style?.transparentMenuFontColor || '#fff') : '#fff';
  const themeUrl = safeLink(header.specificThemeUrl);
  useThemeStylesheet(themeUrl);

  const items = useMemo(
    () => headerMenuItems(header.menu ?? [], { hideHome: !!header.hideHome, subMenus: header.headerSubMenu !== false }),
    [header.menu, header.hideHome, header.headerSubMenu],
  );
  const selected = items.flatMap((it) => {
    const k = String(it?.key ?? '');
    const kids = (it as { children?: Array<{ key: string }> }).children ?? [];
    return [k, ...kids.map((c) => c.key)];
  }).filter((k) => k.split('#')[0] === pathname);

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
          {/* the link is named by its visible text (the logo is decoration beside it; issue 10 §7) */}
          <Link to="/" className="atr-brand">
            {config.logo
              ? <img className="atr-brand__logo" src={config.logo} alt="" />
              : <span className="atr-brand__mark" aria-hidden>{config.name.slice(0, 1)}</span>}
            <span className="atr-brand__text">
              {nameIsHeading ? <h1 className="atr-brand__name">{config.name}</h1> : <span className="atr-brand__name">{config.name}</span>}
              {config.topic?.title && <span className="atr-brand__sub">{config.topic.title}</span>}
            </span>
          </Link>
          <span className="atr-header__spacer" />
          {user ? <SiteUserMenu user={user} /> : (
            <Link className="atr-header__user atr-header__signin" to={`/console/login?redirect=${encodeURIComponent(pathname + search)}`}>
              <UserOutlined aria-hidden />{MSG.signIn}
            </Link>
          )}
        </div>
        {items.length > 0 && (
          <nav className="atr-nav" aria-label={MSG.siteMenuLabel}>
            <div className="atr-container">
              <ConfigProvider theme={{
                components: {
                  Menu: {
                    darkItemBg: 'transparent', darkPopupBg: '#fff', darkSubMenuItemBg: 'transparent',
                    darkItemColor: fontColor, darkItemHoverColor: fontColor, darkItemSelectedColor: fontColor,
                    darkItemSelectedBg: transparent ? 'rgba(255, 255, 255, 0.12)' : 'rgba(0, 0, 0, 0.16)',
                    darkItemHoverBg: transparent ? 'rgba(255, 255, 255, 0.12)' : 'rgba(0, 0, 0, 0.12)',
                    horizontalLineHeight: '46px', itemPaddingInline: 22, activeBarHeight: 0,
                  },
                },
              }}>
                <Menu className="atr-nav__menu" mode="horizontal" theme="dark" items={items} selectedKeys={selected}
                  triggerSubMenuAction="hover" />
              </ConfigProvider>
            </div>
          </nav>
        )}
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
                  <span className="atr-footer__links-title">{MSG.friendLinks}</span>
                  <div className="atr-footer__links-list">
                    {friendLinks.map((l, i) => <SmartLink key={i} to={safeLink(l.url)}>{l.title}</SmartLink>)}
                  </div>
                </div>
              )}
              {media.length > 0 && (
                <div className="atr-footer__qrs" aria-label={MSG.followUs}>
                  {media.map(([k, m]) => <FooterMediaEntry key={k} kind={k} media={m!} />)}
                </div>
              )}
            </div>
          )}
          {(footer.address || footer.phone || footer.mail) && (
            <div className="atr-footer__contact">
              {footer.address && <span>{MSG.address}：{footer.address}</span>}
              {footer.phone && <span>{MSG.phone}：{footer.phone}</span>}
              {footer.mail && <span>{MSG.mail}：{footer.mail}</span>}
            </div>
          )}
          <div className="atr-footer__lines">
            <span>{footer.copyright || `© ${year} ${config.name} ${MSG.copyrightDefault}`}</span>
            {footer.icpNumber && <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">{footer.icpNumber}</a>}
            {footer.recordNumber && (record
              ? <a href={record} target="_blank" rel="noopener noreferrer">{footer.recordNumber}</a>
              : <span>{footer.recordNumber}</span>)}
          </div>
        </div>
      </footer>
    </div>
  );
}
