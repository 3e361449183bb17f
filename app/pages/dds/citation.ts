/**
 * One line of a document delivery request's citation (authors. title. journal, year, volume(issue):
 * pages. DOI), as plain text for the reader's list and the console (common/contracts/dds.ts).
 */
import type { DdsCitation } from '@common/contracts/dds';

/** The citation's source line: journal, year, volume(issue): pages, DOI; '' when none is given. */
export function citationSource(c: Omit<DdsCitation, 'title' | 'authors'>): string {
  const vol = c.volume ? (c.issue ? `${c.volume}(${c.issue})` : c.volume) : c.issue ? `(${c.issue})` : '';
  const parts = [c.journal, c.year, vol].filter(Boolean).join(', ');
  const pages = c.pages ? `${parts ? ': ' : ''}${c.pages}` : '';
  const doi = c.doi ? `${parts || pages ? '. ' : ''}DOI: ${c.doi}` : '';
  return `${parts}${pages}${doi}`;
}
