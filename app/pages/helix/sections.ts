/**
 * The personal centre's sections (issue 29 §9; docs/decisions.md 584): one entry per section, in the
 * menu's order, with its label and the loader of its component (each its own chunk). A section of
 * another area is listed by its key only and stays hidden until that area registers it by adding its
 * `load` here (one line). A site may turn sections off (`/console/helix/settings`): they are hidden too.
 */
import type { ComponentType } from 'react';
import { HELIX_SECTION_LABELS, type HelixSection } from '@common/helix';

/** What a section component receives: the site and the signed-in reader. */
export interface HelixSectionProps {
  applicationId: number;
  userId: number;
}

/** A section of the registry; without `load` it is not built yet and not shown. */
export interface HelixSectionEntry {
  key: HelixSection;
  label: string;
  load?: () => Promise<{ default: ComponentType<HelixSectionProps> }>;
}

const entry = (key: HelixSection, load?: HelixSectionEntry['load']): HelixSectionEntry => ({ key, label: HELIX_SECTION_LABELS[key], load });

export const HELIX_SECTION_REGISTRY: readonly HelixSectionEntry[] = [
  entry('messages', () => import('./MessagesSection')),
  entry('favorites', () => import('./FavoritesSection')),
  entry('history', () => import('./HistorySection')),
  entry('comments', () => import('./MyCommentsSection')),
  entry('feedback', () => import('./MyFeedbackSection')),
  entry('subscriptions', () => import('./SubscriptionsSection')),
  entry('questions', () => import('../questions/MyQuestionsSection')),
  entry('submissions', () => import('../submissions/MySubmissionsSection')),
  entry('claims', () => import('../claims/ClaimsSection')),
  entry('communities', () => import('../communities/MyCommunitiesSection')),
  entry('dds', () => import('../dds/MyDeliveriesSection')),
  entry('settings', () => import('./SettingsSection')),
];

/** The sections a reader sees: registered ones the site has not turned off. */
export function shownSections(off: readonly string[]): HelixSectionEntry[] {
  return HELIX_SECTION_REGISTRY.filter((s) => s.load && !off.includes(s.key));
}
