/**
 * The built-in custom component renderers by moduleName: the catalogue names one of these;
 * an unknown name shows 组件不可用 in edit mode and nothing to visitors (modules/xmodule/Panel.tsx).
 * Each has an entry in BUILTIN_CATALOGUE (modules/xmodule/builtins.ts); the table is keyed by exactly the
 * names of RENDERER_NAMES (modules/xmodule/component.ts), which the catalogue's writes are checked
 * against (docs/decisions.md 422).
 */
import type { ComponentType } from 'react';
import type { RendererName } from '../component';
import type { XRendererProps } from './types';
import ImageBanner from './ImageBanner';
import SearchBox from './SearchBox';
import Stats from './Stats';
import TextBlock from './TextBlock';

export const RENDERERS: Record<RendererName, ComponentType<XRendererProps>> = {
  'search-box': SearchBox,
  'text-block': TextBlock,
  stats: Stats,
  'image-banner': ImageBanner,
};

/** The renderer of a moduleName, or undefined. */
export const rendererOf = (moduleName: string): ComponentType<XRendererProps> | undefined =>
  Object.prototype.hasOwnProperty.call(RENDERERS, moduleName) ? RENDERERS[moduleName as RendererName] : undefined;
