/**
 * The anchor of every panel link (spec 1 §2 'Links the panels produce'): external addresses open in a
 * new tab, and a module with oauthBeforeRedirect sends a visitor who is not signed in to the sign-in
 * page first. In edit mode the host grid makes these anchors inert.
 */
import type { ReactNode } from 'react';
import type { ModuleConfig } from '../../common/homeConfig.js';
import type { SiteContext } from '../types.app.js';
import { guardHref, isExternal } from './links';

export interface PanelLinkProps {
  /** where the link goes (before the sign-in guard) */
  to: string;
  module: Pick<ModuleConfig, 'oauthBeforeRedirect'>;
  site: Pick<SiteContext, 'user'>;
  /** open in a new tab; default: only external addresses do */
  newTab?: boolean;
  className?: string;
  /** tooltip text (the full title of an ellipsised item) */
  title?: string;
  children: ReactNode;
}

/** An anchor to `to` through `guardHref`, in a new tab when asked or when `to` is external. */
export function PanelLink({ to, module, site, newTab, className, title, children }: PanelLinkProps) {
  const blank = newTab ?? isExternal(to);
  return (
    <a
      href={guardHref(to, module, site)}
      className={className}
      title={title}
      target={blank ? '_blank' : undefined}
      rel={blank ? 'noopener noreferrer' : undefined}
    >
      {children}
    </a>
  );
}
