/**
 * /microapp/jobs/{id} (spec 1 §2 'Links the panels produce'; spec 1 §3 'Job'): one job through
 * GET /api/v1/resources/job/{id}: title, salary, place, experience, education, working time, update
 * time (yyyy-MM-dd and relative words, spec 2 §9 'Dates'), the institution with its logo and at most
 * 2 subjects, and a link to the original posting when there is one. Behind the jobs sign-in guard.
 */
import { useParams } from 'react-router';
import { Tag } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { formatDate, relativeDate } from '@modules/kit/format';
import { Thumb } from '@modules/kit/media';
import { JOBS_HREF } from '@modules/job/definition';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { externalUrl, fieldText } from '../visitor/fields';
import { useResource } from '../explore/ResourceDetailPage';
import { detailFallback } from '../visitor/DetailFallback';
import { Crumbs, JobsGuard } from './shared';
import { FactList } from '../visitor/FactList';

/** The job page; see the file comment. */
export default function JobPage() {
  const { id = '' } = useParams();
  return (
    <VisitorFrame title={MSG.jobsTitle}>
      {(config, site) => (
        <JobsGuard config={config} site={site}>
          <Job id={id} />
        </JobsGuard>
      )}
    </VisitorFrame>
  );
}

function Job({ id }: { id: string }) {
  const q = useResource('job', id);
  if (!q.isSuccess) return detailFallback(q, MSG.jobNotFound);
  const it = q.data;
  const inst = (it.institution && typeof it.institution === 'object' && !Array.isArray(it.institution) ? it.institution : {}) as Record<string, unknown>;
  const instName = fieldText(inst.name);
  const subjects = (Array.isArray(inst.subjects) ? inst.subjects : []).map(fieldText).filter(Boolean).slice(0, 2);
  const updated = it.update_time ?? it.date;
  const url = externalUrl(it);
  const rows: Array<[string, string]> = [
    [MSG.jobSalary, fieldText(it.salary)],
    [MSG.jobAddress, fieldText(it.work_address)],
    [MSG.jobExperience, fieldText(it.work_experience)],
    [MSG.jobEducation, fieldText(it.edu_cation)],
    [MSG.jobTime, fieldText(it.work_time)],
    [
      MSG.jobUpdated,
      [formatDate(updated), relativeDate(updated)]
        .filter(Boolean)
        .filter((v, i, a) => a.indexOf(v) === i)
        .join(' · '),
    ],
  ];
  return (
    <article className="atr-vcard">
      <Crumbs trail={[[MSG.jobsTitle, JOBS_HREF], [it.title]]} />
      <h1 className="atr-detail__title" style={{ marginTop: 12 }}>
        {it.title}
      </h1>
      <div className="atr-detail__meta">
        {fieldText(it.salary) && <span className="atr-feed-salary">{fieldText(it.salary)}</span>}
        {url && (
          <a href={url} target="_blank" rel="noopener noreferrer">
            <LinkOutlined /> {MSG.detailSource}
          </a>
        )}
      </div>
      <div className="atr-detail__section">
        <FactList rows={rows.filter(([, v]) => v)} />
      </div>
      {instName && (
        <div className="atr-detail__section">
          <h3>{MSG.jobInstitution}</h3>
          <div className="atr-feed-card" style={{ maxWidth: 480 }}>
            <Thumb src={fieldText(inst.logo) || null} label={instName} fit="contain" style={{ width: 56, height: 56, flex: 'none', borderRadius: 8 }} />
            <span className="atr-feed-card__main">
              <span className="atr-feed-card__title">{instName}</span>
              <span>
                {subjects.map((s) => (
                  <Tag key={s}>{s}</Tag>
                ))}
              </span>
            </span>
          </div>
        </div>
      )}
    </article>
  );
}
