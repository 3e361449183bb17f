/**
 * The visitor's job panel (spec 1 §3 'Job', §4; spec 2 §9): the newest job postings of the topic, one
 * 60 px row each, 24 apart: the institution's logo, the title and salary, the institution with at most
 * two subjects, and place, experience, education and update day. A row links to /microapp/jobs/{id};
 * 更多 to /microapp/jobs; with the login switch on, a visitor who is not signed in goes to sign in first.
 *
 * In the editor only (`onModuleChange` given), when fewer jobs come back than dataSize the panel reports
 * the module with dataSize = the returned count and its height (spec 1 §4; docs/decisions.md #33).
 */
import type { PanelProps } from '../types.app.js';
import { jobCorrection, jobDefinition, jobHref, type JobModule } from './definition.js';
import { formatDate, idOf, pageItems, text, type PanelItem } from '../kit/format';
import { Thumb } from '../kit/media';
import { PanelLink } from '../kit/PanelLink';
import { ListSkeleton, PanelShell, PanelStatus, TopicHint, moreLinkOf } from '../kit/PanelShell';
import { useModuleCorrection } from '../kit/useModuleCorrection';
import './panel.css';

/** The `_source` of a search hit (spec 2 §7 'the job search reads data.hits with _source'), or the item itself. */
export function jobSource(hit: PanelItem): PanelItem {
  const s = hit._source;
  return s && typeof s === 'object' && !Array.isArray(s) ? (s as PanelItem) : hit;
}

/** One job row. */
function JobRow({ job, module, site }: { job: PanelItem; module: JobModule; site: PanelProps['site'] }) {
  const inst = (job.institution && typeof job.institution === 'object' ? job.institution : {}) as PanelItem;
  const title = text(job.title) || '未命名';
  const instName = text(inst.name);
  const subjects = (Array.isArray(inst.subjects) ? inst.subjects : []).map(text).filter(Boolean).slice(0, 2);
  const facts = [text(job.work_address), text(job.work_experience), text(job.edu_cation), text(job.work_time)].filter(Boolean);
  const day = formatDate(job.update_time);
  const id = idOf(job, 'uuid') || idOf(job);
  const body = (
    <>
      <Thumb src={inst.logo} label={instName || title} fit="contain" className="atr-p-job__logo" />
      <span className="atr-p-job__main">
        <span className="atr-p-job__line">
          <span className="atr-p-job__title" title={title}>
            {title}
          </span>
          {text(job.salary) && <span className="atr-p-job__salary">{text(job.salary)}</span>}
        </span>
        <span className="atr-p-job__line atr-p-job__line--meta">
          <span className="atr-p-ellipsis">{instName}</span>
          {subjects.map((s) => (
            <span key={s} className="atr-p-tag">
              {s}
            </span>
          ))}
        </span>
        <span className="atr-p-job__line atr-p-job__line--meta">
          <span className="atr-p-ellipsis">{facts.join(' · ')}</span>
          {day && <span className="atr-p-date">{day}</span>}
        </span>
      </span>
    </>
  );
  return id ? (
    <PanelLink to={jobHref(id)} module={module} site={site} className="atr-p-job" title={title}>
      {body}
    </PanelLink>
  ) : (
    <div className="atr-p-job">{body}</div>
  );
}

/** The job panel; props are PanelProps (modules/types.app.ts). */
export default function JobPanel({ module, data, loading, error, editable, site, onModuleChange }: PanelProps<JobModule>) {
  const page = data.job;
  const jobs = pageItems(page).map(jobSource);
  const settled = page !== undefined && !loading && !error;
  useModuleCorrection(settled ? jobCorrection(module, jobs.length) : null, onModuleChange);
  return (
    <PanelShell module={module} site={site} more={moreLinkOf(jobDefinition, module, site)} className="atr-p--job">
      <PanelStatus
        loading={loading}
        error={error}
        empty={jobs.length === 0}
        editable={editable}
        hint={<TopicHint site={site} type="job" />}
        skeleton={<ListSkeleton rows={Math.min(module.dataSize || 4, 6)} />}
      >
        <ul className="atr-p-jobs">
          {jobs.map((job, i) => (
            <li key={idOf(job, 'uuid') || idOf(job) || `i${i}`}>
              <JobRow job={job} module={module} site={site} />
            </li>
          ))}
        </ul>
      </PanelStatus>
    </PanelShell>
  );
}
