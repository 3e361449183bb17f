/**
 * Jobs (spec 1 §2 'job form', §3 'Job', §4; spec 2 §7 'Content', §9): the newest job postings of the
 * application's topic, read with GET /api/v1/modules/top-job (pageSize = dataSize). Vertical only,
 * span 0; `dataSize` items (default 4, 1-20); a login switch (oauthBeforeRedirect). Height: 60 per item
 * + 24 between items + 78. When fewer jobs come back than dataSize, the editor stores dataSize = the
 * returned count and its height (spec 1 §4; see `jobCorrection`). Links: /microapp/jobs and
 * /microapp/jobs/{id}.
 */
import type { ModuleDefinition } from '../types.js';
import { noMigration } from '../rules.js';
import type { JobModule } from './schema.js';
import { JOB_MAX_SIZE } from './limits.js';
export { JOB_MAX_SIZE } from './limits.js';

export type { JobModule } from './schema.js';

/** Items of a new job panel. */
export const JOB_DEFAULT_SIZE = 4;

/** Panel height for `count` jobs, px (spec 2 §9): 60 × count + 24 × (count − 1) + 78. */
export function jobHeight(count: number): number {
  const n = Math.max(1, count);
  return n * 60 + (n - 1) * 24 + 78;
}

/**
 * The module corrected to the jobs that came back (spec 1 §4), or null when it already fits: dataSize
 * becomes the returned count and the height follows. No jobs at all leaves the module as it is (the
 * empty state shows; a dataSize of 0 would never ask for jobs again).
 */
export function jobCorrection(module: JobModule, returned: number): JobModule | null {
  if (returned <= 0) return null;
  const n = Math.min(returned, JOB_MAX_SIZE);
  if (module.dataSize === n && module.height === jobHeight(n)) return null;
  return { ...module, dataSize: n, height: jobHeight(n) };
}

/** The jobs list page (spec 1 §2 'Jobs'). */
export const JOBS_HREF = '/microapp/jobs';

/** One job's page. */
export const jobHref = (id: string | number): string => `${JOBS_HREF}/${encodeURIComponent(String(id))}`;

export const jobDefinition: ModuleDefinition<JobModule> = {
  type: 'job',
  label: '招聘',
  version: 1,
  defaults: () => ({
    type: 'job',
    alias: '人才招聘',
    span: 0,
    direction: 'vertical',
    dataSize: JOB_DEFAULT_SIZE,
    height: jobHeight(JOB_DEFAULT_SIZE),
    oauthBeforeRedirect: false,
  }),
  height: (cfg) => jobHeight(cfg.dataSize || JOB_DEFAULT_SIZE),
  reads: (cfg) => [{ key: 'job', source: 'job', count: cfg.dataSize || JOB_DEFAULT_SIZE }],
  moreLink: (cfg) => (cfg.hideMoreButton ? null : cfg.specificLink || JOBS_HREF),
  migrate: noMigration,
  // the job pages keep a job module's oauthBeforeRedirect as their sign-in rule (decision 112)
  listedOn: 'jobs',
};
