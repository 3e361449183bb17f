/**
 * A custom component's value in a module (`component`: `moduleName-type`, spec 1 §3 'Custom component
 * catalogue entry'): how it is split and built. Apart from catalogue.ts (its zod schemas) so the
 * visitor's xmodule panel loads no zod (decision 250).
 */
/**
 * The moduleNames that have a built-in renderer (modules/xmodule/renderers: `RENDERERS` is typed by this
 * list, so the two cannot differ). A catalogue entry must name one of them (docs/decisions.md 422).
 */
export const RENDERER_NAMES = ['search-box', 'text-block', 'stats', 'image-banner'] as const;
export type RendererName = (typeof RENDERER_NAMES)[number];

/** Whether `moduleName` names a built-in renderer. */
export const isRendererName = (moduleName: string): moduleName is RendererName => (RENDERER_NAMES as readonly string[]).includes(moduleName);

/** A moduleName: lower-case letters, digits and inner hyphens (`search-box`). */
export const MODULE_NAME_RE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/** A variant type: lower-case letters, digits, underscores, no hyphen (so `moduleName-type` splits at the last hyphen). */
export const VARIANT_RE = /^[a-z0-9_]+$/;

/** Splits a component value `moduleName-type` (the type has no hyphen); null when malformed. */
export function parseComponent(value: unknown): { moduleName: string; type: string } | null {
  if (typeof value !== 'string') return null;
  const i = value.lastIndexOf('-');
  if (i <= 0) return null;
  const moduleName = value.slice(0, i);
  const type = value.slice(i + 1);
  return MODULE_NAME_RE.test(moduleName) && VARIANT_RE.test(type) ? { moduleName, type } : null;
}

/** The value of an entry in a module's `component` field. */
export const componentValue = (e: { moduleName: string; type: string }) => `${e.moduleName}-${e.type}`;
