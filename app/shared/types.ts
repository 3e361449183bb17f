/** Shapes of the console's API answers (server/routes/**; spec 1 §3). */

/** GET /api/v1/session → { user } (the server's answer schema, common/contracts/auth.ts) */
export type { SessionUser } from '@common/contracts/auth';

/** An item of GET /api/v1/applications (spec 1 §3 'Application list item'; the server's answer schema). */
export type { ApplicationListItem } from '@common/contracts/applications';

/** An item of GET /api/v1/topics */
export interface Topic {
  id: number;
  title: string;
  cover?: string | null;
}

/** Answers of the changing calls carry a Chinese message. */
export interface WithMessage {
  message?: string;
}
