/**
 * Test helpers for panels (used by modules/<type>/<type>.test.ts): render a Panel to HTML without a DOM
 * (react-dom/server) from a type's defaults, and build pages of listing items. Not part of the app bundle.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModuleConfig } from '../../common/homeConfig';
import { makePage, type Page } from '../../common/page';
import { definitionOf } from '../registry';
import type { PanelProps, SiteContext } from '../types.app';
import type { RegisteredType } from '../types';
import type { ConfigOf } from '../configs';

/** A visitor who is not signed in, on application 1 with topic 3. */
export const visitorSite: SiteContext = { applicationId: 1, topicId: 3, user: null, groupTemplate: false };
/** The same site with a signed-in user. */
export const memberSite: SiteContext = { ...visitorSite, user: { id: 7, name: '张三', role: 'user' } };

/** The type's defaults (plain or group template) with id `m-{type}` and `extra` on top. */
export function moduleOf<C extends ModuleConfig = ModuleConfig>(type: string, extra: Record<string, unknown> = {}, groupTemplate = false): C {
  return { ...definitionOf(type)!.defaults({ groupTemplate }), id: `m-${type}`, ...extra } as C;
}

/** A first page (size 10) holding `items` (total = their count unless given). */
export const pageOf = (items: unknown[], total = items.length): Page<unknown> => makePage(items, total, 1, 10);

/** Renders `Panel` with the module (default: the type's defaults), no data, not loading, as a visitor. */
export function renderPanel<T extends RegisteredType>(
  Panel: ComponentType<PanelProps<ConfigOf<T>>>,
  type: T,
  props: Partial<PanelProps<ConfigOf<T>>> = {},
): string {
  // a fresh query client, as the page gives: a panel may read through TanStack Query (institution counts)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderToString(
    createElement(
      QueryClientProvider,
      { client },
      createElement(Panel, {
        module: moduleOf<ConfigOf<T>>(type),
        data: {},
        loading: false,
        error: null,
        editable: false,
        site: visitorSite,
        ...props,
      }),
    ),
  );
}
