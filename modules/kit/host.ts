/**
 * What the host app gives the modules (docs/architecture.md §Rooms: a module
 * folder never imports `app/`). Two React contexts, provided once at the app's root
 * (app/site/ModuleHost.tsx, inside AppProviders: the visitor site, the console, the editor and the
 * server renderer all render under it):
 *
 * - {@link ModuleRendererContext}: how a container panel (flex, spec 1 §3) renders the modules placed
 *   in its slots: by their own type's Panel with their data, as the host's grid does;
 * - {@link HostApiContext}: the browser's API client (spec 2 §7 'Request wrapper': signed, XSRF, one
 *   retry of a failed GET, a Chinese message on every refusal), for the panels and forms that call the
 *   API themselves (institution counts, journal subscriptions, the option lists of forms).
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ModuleConfig } from '../../common/homeConfig.js';
import { SITE_MSG } from '../../common/siteMessages.js';
import type { SiteContext } from '../types.app.js';
import { typedApi, type TypedApi } from '../../common/typedApi.js';

/** What a container panel hands the host's renderer for one module in its slots. */
export interface NestedModuleProps {
  module: ModuleConfig;
  site: SiteContext;
  /** edit mode (the editor): no navigation, placeholders for unregistered types */
  editable: boolean;
}

/**
 * Renders one module the host's way (app/site/ModuleRenderer.tsx: its type's Panel with its data, its
 * minimum height and an error boundary): returns the element, e.g. `<ModuleRenderer {...props} />`. A
 * function, not a component, so the container renders the host's component type, stable across renders.
 */
export type RenderModule = (props: NestedModuleProps) => ReactNode;

/** The host's {@link RenderModule}; null until a host provides it. */
export const ModuleRendererContext = createContext<RenderModule | null>(null);

/**
 * The renderer the host provides for nested modules. Throws an Error when no host provided one (a
 * programming error: every app root renders under app/site/ModuleHost.tsx; a test gives its own).
 */
export function useModuleRenderer(): RenderModule {
  const renderer = useContext(ModuleRendererContext);
  if (!renderer) throw new Error('ModuleRendererContext: no module renderer provided by the host (app/site/ModuleHost.tsx)');
  return renderer;
}

/** A query parameter's value: arrays are sent as repeated keys (spec 2 §7), null/undefined are left out. */
export type HostQueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

/** One API call's options (app/api.ts `RequestOptions`). */
export interface HostRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** query parameters; arrays are sent as repeated keys (spec 2 §7), null/undefined are left out */
  query?: Record<string, HostQueryValue>;
  /** JSON body */
  body?: unknown;
  signal?: AbortSignal;
}

/** The API client the host gives the modules (app/api.ts `request` and `errorMessage`). */
export interface HostApi {
  /**
   * Calls the API: resolves with the parsed JSON answer; rejects with the host's ApiError (HTTP status,
   * code, fields and a Chinese message) on a network failure, a timeout, an HTTP error or an answer
   * carrying an `error` field. A GET that fails on the network or with a 5xx is tried once more.
   */
  request<T>(path: string, opts?: HostRequestOptions): Promise<T>;
  /**
   * The same calls typed from the route declarations (common/typedApi.ts): `api.get(path, { query })`;
   * a route whose answer changes shape breaks the module that reads it. `request` stays for a path that
   * is data, not code (a catalogue entry's options URL, modules/xmodule/Form.tsx).
   */
  api: TypedApi;
  /** The Chinese message of any error a call rejected with (a generic one for a non-API error). */
  errorMessage(err: unknown): string;
}

/** Stand-in until a host provides its client: every call rejects (nothing is sent). */
const noHost = () => Promise.reject(new Error('HostApiContext: no API client provided by the host (app/site/ModuleHost.tsx)'));
const missingHostApi: HostApi = { request: noHost, api: typedApi(noHost), errorMessage: () => SITE_MSG.requestFailed };

/** The host's API client; without a provider (a test rendering a form alone) every call rejects. */
export const HostApiContext = createContext<HostApi>(missingHostApi);

/** The API client the host provides (see {@link HostApi}). */
export function useHostApi(): HostApi {
  return useContext(HostApiContext);
}
