/**
 * What the server embeds in the HTML (`window.__ATRIUM_BOOT__`, server/web/index.ts) and the shapes of
 * the application configuration the browser reads (spec 1 §3 'Application config').
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { ApplicationConfig } from '@common/contracts/applications';
import type { Page } from '@common/page';
import type { FooterConfig as SiteFooterConfig, HeaderConfig as SiteHeaderConfig, MenuItem, ThemeConfig as SiteThemeConfig } from '@common/siteConfig';

/**
 * Header, footer and theme as the server answers them (spec 1 §3; common/siteConfig.ts): every field
 * filled in by the server's `readStored`, typed partial so that a page never breaks on a missing one.
 */
export type HeaderMenuItem = MenuItem;
export type HeaderConfig = Partial<SiteHeaderConfig>;
export type FooterConfig = Partial<SiteFooterConfig>;
export type ThemeConfig = Partial<SiteThemeConfig>;

/**
 * GET /api/v1/applications/{id}/config and GET /api/v1/applications/config?host= (the server's answer
 * schema, common/contracts/applications.ts), with header, footer and theme typed partial as above.
 */
export type AppConfig = Omit<ApplicationConfig, 'headerConfig' | 'footerConfig' | 'themeConfig'> & {
  headerConfig: HeaderConfig;
  footerConfig: FooterConfig;
  themeConfig: ThemeConfig;
};

/** The signed-in (non-anonymous) user as the site knows it. */
export interface BootUser {
  id: number;
  name: string;
  role: string;
}

export interface BootData {
  host: string;
  /** application config of the host, or null (unknown host, or a page other than `/`) */
  config: AppConfig | null;
  /** first page of each panel: moduleId -> read key -> page */
  data: Record<string, Record<string, Page<unknown>>>;
  user: BootUser | null;
  /** the site is not released: 'hidden' for visitors (go to /unrelease), 'preview' for its managers (decision #139) */
  unreleased?: 'hidden' | 'preview';
  /** set for a signed-in reader awaiting approval under 新用户需审核 (decision 660): the header's notice, with a rejection's reason */
  readerApproval?: { status: 'pending' | 'rejected'; reason: string | null };
  /** the queries the server rendered the page with (TanStack Query dehydrated state; entry-server.tsx) */
  queries?: DehydratedState;
}

declare global {
  interface Window {
    __ATRIUM_BOOT__?: BootData;
  }
}

/**
 * Where the boot data and the path of the page load come from: in the browser, the page's
 * `window.__ATRIUM_BOOT__` and its address at load; on the server, the request being rendered
 * (entry-server.tsx sets this once to read its per-request store).
 */
export interface BootSource {
  boot(): BootData | undefined;
  initialPath(): string;
}

const initialPath = typeof window !== 'undefined' ? window.location.pathname : '/';
/** The JSON of a data block the server put in the page (`<script type="application/json" id=…>`), or undefined. */
export function readJsonBlock<T>(id: string): T | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

let source: BootSource = {
  boot: () => {
    if (typeof window === 'undefined') return undefined;
    window.__ATRIUM_BOOT__ ??= readJsonBlock<BootData>('atrium-boot');
    return window.__ATRIUM_BOOT__;
  },
  initialPath: () => initialPath,
};

/** Where the server renderer takes a page's title (none in the browser: pages set document.title). */
let titleSink: ((title: string) => void) | null = null;

/** Sets where {@link reportPageTitle} sends a title (the server renderer only; decision 431). */
export function setTitleSink(f: (title: string) => void): void {
  titleSink = f;
}

/**
 * Gives the server renderer the page's document title while it renders (it goes in the HTML's
 * `<title>`, so the page is named before any script runs; decision 431). Does nothing in the browser.
 */
export function reportPageTitle(title: string): void {
  titleSink?.(title);
}

/** Replaces the boot source (the server renderer only). */
export function setBootSource(s: BootSource): void {
  source = s;
}

/** The boot data of this page load (an empty one when the HTML carried none, e.g. under `vite dev`). */
export function readBoot(): BootData {
  const b = source.boot();
  return b ?? { host: typeof window !== 'undefined' ? window.location.host : '', config: null, data: {}, user: null };
}

/**
 * True when the HTML was served for `/` and its boot data is authoritative about the host: a null
 * config then means the host has no site (no need to ask again).
 */
export function bootIsHome(): boolean {
  return source.initialPath() === '/' && source.boot() !== undefined;
}
