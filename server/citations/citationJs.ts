/**
 * citation-js with its BibTeX and RIS plugins, loaded once per process (import, §5 export);
 * a load that failed is tried again at the next call. The export (render.ts) adds the CSL plugin, the
 * GB/T 7714 style and its settings on top; the import (server/import/citations.ts) reads with the
 * plugins' defaults.
 */
export type CitationJs = typeof import('@citation-js/core');

let loading: Promise<CitationJs> | null = null;

/** The core with plugin-bibtex and plugin-ris registered. Rejects when the packages cannot be loaded. */
export function loadCitationJs(): Promise<CitationJs> {
  loading ??= (async () => {
    const core = await import('@citation-js/core');
    await import('@citation-js/plugin-bibtex');
    await import('@citation-js/plugin-ris');
    return core;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
