/**
 * Height rules shared by the banner-like module types (carousel, iframe; spec 1 §4 'Carousel and iframe
 * in fullScreen mode with default column get height 0', spec 2 §9 'Heights'). Pure: no React.
 */

/** The height fields of a themed module: theme `mode`, height choice `column` (0 default, 1 custom), `height`. */
export interface ThemedHeightConfig {
  mode?: string;
  column?: number;
  height?: number | 'auto';
}

/**
 * A themed module's height in px: the custom `height` when `column` is 1 and a height is set; 0 in
 * fullScreen mode with the default column (the viewport decides, see FULLSCREEN_FRAME_HEIGHT); else
 * `defaultHeight` (160 for carousel and iframe, 228 for iframe in a group template).
 */
export function themedHeight(cfg: ThemedHeightConfig, defaultHeight: number): number {
  if (cfg.column === 1 && typeof cfg.height === 'number' && cfg.height > 0) return cfg.height;
  return cfg.mode === 'fullScreen' ? 0 : defaultHeight;
}

/** CSS height of a frame whose rule says 0 (fullScreen): nearly the whole viewport below the site header. */
export const FULLSCREEN_FRAME_HEIGHT = 'max(360px, calc(100vh - 122px))';
