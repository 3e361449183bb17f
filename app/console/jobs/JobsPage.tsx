/**
 * /console/jobs/** (docs/decisions.md 324): the job postings of an application's topic, a
 * section of topic resources (sections/TopicResourceSection.tsx): the list at /console/jobs (title search,
 * year of the update day, published state; 20 a page; publish, withdraw, delete), the editor at
 * /console/jobs/new and /console/jobs/{id}/edit with the job fields of common/resourceFields.ts. A
 * published posting shows in the job panels and on /microapp/jobs/{id}.
 */
import { SolutionOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { RESOURCE_TYPE_SPECS } from '@common/resourceFields';
import { cellOrDash, cellTag, fieldLabel, TopicResourceSection, type SectionSpec } from '../sections/TopicResourceSection';
import { sectionLabels } from '../sections/labels';

const label = (name: string) => fieldLabel('job', name);
const institution = (v: unknown) => (v && typeof v === 'object' && 'name' in v ? v.name : undefined);

const SPEC: SectionSpec = {
  type: 'job',
  base: '/console/jobs',
  icon: <SolutionOutlined />,
  labels: sectionLabels(MSG.consoleJobsTitle, MSG.consoleJobsHint, '招聘信息'),
  columns: () => [
    { title: label('institution.name'), key: 'institution', width: 180, ellipsis: true, render: (_, r) => cellOrDash(institution(r.fields.institution)) },
    { title: label('work_address'), key: 'work_address', width: 120, ellipsis: true, render: (_, r) => cellOrDash(r.fields.work_address) },
    { title: label('work_time'), key: 'work_time', width: 100, render: (_, r) => cellTag(r.fields.work_time) },
    { title: RESOURCE_TYPE_SPECS.job.dateLabel, key: 'date', width: 120, render: (_, r) => cellOrDash(r.date) },
  ],
  year: true,
  viewHref: (r) => `/microapp/jobs/${r.id}`,
};

/** The job postings section; see the file comment. */
export function JobsPage() {
  return <TopicResourceSection spec={SPEC} />;
}
