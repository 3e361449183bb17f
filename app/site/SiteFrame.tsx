/**
 * The frame of a visitor page (spec 1 §3 'Application config': headerConfig, footerConfig): a white
 * header with the logo and name, the header menu on a primary-coloured bar, the page, and the footer
 * with copyright, record numbers and friend links.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { UserOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import type { AppConfig, BootUser, HeaderMenuItem } from '../boot';
import './site.css';

const isExternal = (url: string) => /^https?:\/\//i.test(url);

function menuText(item: HeaderMenuItem): string {
  return item.title ?? item.name ?? item.label ?? '';
}
function menuUrl(item: HeaderMenuItem): string {
  return item.url ?? item.link ?? item.path ?? '';
}

/** A link that stays in the single-page app for site paths and opens external addresses in a new tab. */
export function SmartLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  if (isExternal(to)) return <a className={className} href={to} target="_blank" rel="noopener noreferrer">{children}</a>;
  return <Link className={className} to={to || '/'}>{children}</Link>;
}

export interface SiteFrameProps {
  config: AppConfig;
  user: BootUser | null;
  children: ReactNode;
}

/** Header, page and footer of the visitor site; the theme colour comes from themeConfig.primaryColor. */
export function SiteFrame({ config, user, children }: SiteFrameProps) {
  const { pathname } = useLocation();
  const primary = config.themeConfig?.primaryColor;
  const style = primary ? ({ '--atr-primary': primary } as CSSProperties) : undefined;
  const header = config.headerConfig ?? {};
  const footer = config.footerConfig ?? {};
  const menu = (header.menu ?? []).filter((m) => menuText(m) && menuUrl(m));
  const showNav = !header.hideHome || menu.length > 0;
  const year = new Date().getFullYear();
  const friendLinks = (footer.friendLinks ?? []).filter((l) => (l.title ?? l.name) && l.url);

  return (
    <div className="atr-site" style={style}>
      <header className="atr-header">
        <div className="atr-container atr-header__top">
          <Link to="/" className="atr-brand" aria-label={config.name}>
            {config.logo
              ? <img className="atr-brand__logo" src={config.logo} alt={config.name} />
              : <span className="atr-brand__mark" aria-hidden>{config.name.slice(0, 1)}</span>}
            <span className="atr-brand__text">
              <span className="atr-brand__name">{config.name}</span>
              {config.topic?.title && <span className="atr-brand__sub">{config.topic.title}</span>}
            </span>
          </Link>
          <span className="atr-header__spacer" />
          {user && <span className="atr-header__user"><UserOutlined />{user.name}</span>}
        </div>
        {showNav && (
          <nav className="atr-nav" aria-label={config.name}>
            <ul className="atr-container atr-nav__list">
              {!header.hideHome && (
                <li className="atr-nav__item"><Link to="/" className={pathname === '/' ? 'is-active' : undefined}>{MSG.homeLink}</Link></li>
              )}
              {menu.map((m, i) => (
                <li className="atr-nav__item" key={`${menuUrl(m)}-${i}`}>
                  <SmartLink to={menuUrl(m)} className={menuUrl(m) === pathname ? 'is-active' : undefined}>{menuText(m)}</SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main className="atr-site__main">
        <div className="atr-container">{children}</div>
      </main>
      <footer className="atr-footer">
        <div className="atr-container">
          {friendLinks.length > 0 && (
            <div className="atr-footer__links">
              <span className="atr-footer__links-title">{MSG.friendLinks}：</span>
              {friendLinks.map((l, i) => <SmartLink key={i} to={l.url!}>{l.title ?? l.name}</SmartLink>)}
            </div>
          )}
          {(footer.address || footer.phone || footer.mail) && (
            <div className="atr-footer__contact">
              {footer.address && <span>{footer.address}</span>}
              {footer.phone && <span>{footer.phone}</span>}
              {footer.mail && <span>{footer.mail}</span>}
            </div>
          )}
          <div className="atr-footer__lines">
            <span>{footer.copyright || `© ${year} ${config.name} ${MSG.copyrightDefault}`}</span>
            {footer.icpNumber && <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">{footer.icpNumber}</a>}
            {footer.recordNumber && <span>{footer.recordNumber}</span>}
          </div>
        </div>
      </footer>
    </div>
  );
}
