/**
 * Test helper: renders a visitor panel to HTML without a DOM (react-dom/server), from its type's
 * defaults plus overrides, as the panel tests of each module type need.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { ModuleConfig } from '../../common/homeConfig.js';
import { makePage, type Page } from '../../common/page.js';
import { definitionOf } from '../registry.js';
import type { PanelProps, SiteContext } from '../types.app.js';

export const visitorSite: SiteContext = { applicationId: 1, topicId: 3, user: null, groupTemplate: false };
export const memberSite: SiteContext = { ...visitorSite, user: { id: 7, name: '张三', role: 'user' } };

/** A module of `type`: its defaults (plain or group template), id `m-{type}`, then `extra`. */
export function moduleOf<C extends ModuleConfig = ModuleConfig>(type: string, extra: Record<string, unknown> = {}, groupTemplate = false): C {
  return { ...definitionOf(type)!.defaults({ groupTemplate }), id: `m-${type}`, ...extra } as C;
}

/** A first page holding `items` (total = their count unless given). */
export const pageOf = (items: unknown[], total = items.length): Page<unknown> => makePage(items, total, 1, 10);

/** The panel's HTML for these props (module, no data, not loading, visitor site by default). */
export function renderPanel(Panel: ComponentType<PanelProps<any>>, props: Partial<PanelProps<any>> & { module: ModuleConfig }): string {
  return renderToString(createElement(Panel, { data: {}, loading: false, error: null, editable: false, site: visitorSite, ...props } as PanelProps));
}
