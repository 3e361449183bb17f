/**
 * Test helpers for panels (used by modules/<type>/<type>.test.ts): render a Panel to HTML without a DOM
 * (react-dom/server) from a type's defaults, and build pages of listing items. Not part of the app bundle.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { ModuleConfig } from '../../common/homeConfig';
import { makePage, type Page } from '../../common/page';
import { definitionOf } from '../registry';
import type { PanelProps, SiteContext } from '../types.app';

/** A visitor who is not signed in, on application 1 with topic 3. */
export const visitorSite: SiteContext = { applicationId: 1, topicId: 3, user: null, groupTemplate: false };

/** The type's defaults with id `m-{type}` and `extra` on top. */
export const moduleOf = (type: string, extra: Record<string, unknown> = {}): ModuleConfig =>
  ({ ...definitionOf(type)!.defaults({ groupTemplate: false }), id: `m-${type}`, ...extra }) as ModuleConfig;

/** A first page (size 10) holding `items`. */
export const pageOf = (items: unknown[]): Page<unknown> => makePage(items, items.length, 1, 10);

/** Renders `Panel` with the module (default: the type's defaults), no data, not loading, as a visitor. */
export function renderPanel(Panel: ComponentType<PanelProps<any>>, type: string, props: Partial<PanelProps> = {}): string {
  return renderToString(createElement(Panel, {
    module: moduleOf(type), data: {}, loading: false, error: null, editable: false, site: visitorSite, ...props,
  } as PanelProps));
}
