/**
 * The small part of citation-js (https://citation.js.org, @citation-js/* 0.8) that server/citations and server/import/citations.ts use;
 * the packages ship no types. Shapes follow their READMEs and lib sources in node_modules.
 */
declare module '@citation-js/core' {
  /** a registry of named values (styles, locales) */
  interface Register<T> {
    add(name: string, value: T): unknown;
    get(name: string): T | undefined;
    has(name: string): boolean;
  }
  interface CslConfig {
    styles: Register<string>;
    locales: Register<string>;
  }
  interface BibtexConfig {
    format: { useIdAsLabel: boolean; checkLabel: boolean; asciiOnly: boolean };
    parse: { strict: boolean; sentenceCase: 'always' | 'english' | 'never' };
  }
  export const plugins: {
    config: { get(name: '@csl'): CslConfig; get(name: '@bibtex'): BibtexConfig; get(name: string): unknown };
    output: {
      /** formats CSL-JSON items as `name` ('bibtex', 'ris', 'bibliography', 'data', ...) */
      format(name: string, data: object[], options?: Record<string, unknown>): unknown;
      has(name: string): boolean;
    };
    /** reading input (server/import/citations.ts): a whole chain to CSL-JSON, or one step read as `type` */
    input: {
      chain(data: unknown, options?: { forceType?: string; target?: string; generateGraph?: boolean; strict?: boolean }): Array<Record<string, unknown>>;
      data(data: unknown, type: string): unknown;
    };
  };
  /** parsed input (BibTeX text, CSL-JSON, ...) as CSL-JSON in `data`; used by the tests to read BibTeX back */
  export class Cite {
    constructor(data: unknown, options?: Record<string, unknown>);
    data: Array<Record<string, unknown>>;
    format(name: string, options?: Record<string, unknown>): unknown;
  }
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
declare module '@citation-js/plugin-csl';
