/**
 * /console/reports/** (spec 1 §2; docs/decisions.md 300-302): the research reports of an
 * application's topic, a section of topic resources (sections/TopicResourceSection.tsx: the application
 * picker, the list at /console/reports, the editor at /console/reports/new and /console/reports/{id}/edit).
 * What is the reports' own: the report-type filter and column, authors, the visitor's page
 * /microapp/report/detail/{id}, and a new report's download restriction from the application's default.
 */
import { FileTextOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { MSG } from '@common/messages';
import { REPORT_TYPES, reportHref } from '@common/reports';
import type { TopicResource } from '@common/topics';
import { cellOrDash, cellTag, TopicResourceSection, type SectionLabels, type SectionSpec } from '../sections/TopicResourceSection';

const LABELS: SectionLabels = {
  title: MSG.reportsTitle,
  hint: MSG.reportsHint,
  noun: '报告',
  create: MSG.reportNew,
  edit: MSG.reportEdit,
  created: MSG.reportCreated,
  saved: MSG.reportSaved,
  published: MSG.reportPublished,
  withdrawn: MSG.reportWithdrawn,
  deleteTitle: MSG.reportDeleteTitle,
  deleteConfirm: () => MSG.reportDeleteConfirm,
  notFound: MSG.reportNotFound,
  back: MSG.reportBack,
  none: MSG.reportNone,
  noMatch: MSG.reportNoMatch,
};

const COLUMNS: TableColumnsType<TopicResource> = [
  {
    title: MSG.reportType,
    key: 'reportType',
    width: 110,
    render: (_, r) => cellTag(r.fields.reportType, 'blue'),
  },
  { title: MSG.reportAuthors, key: 'author', width: 160, ellipsis: true, render: (_, r) => cellOrDash(r.fields.author) },
  { title: MSG.reportDate, key: 'date', width: 120, render: (_, r) => cellOrDash(r.date) },
];

const SPEC: SectionSpec = {
  type: 'report',
  base: '/console/reports',
  icon: <FileTextOutlined />,
  labels: LABELS,
  columns: () => COLUMNS,
  year: true,
  choiceFilters: [
    { param: 'reportType', label: MSG.reportFilterType, all: `${MSG.reportAllTypes}类型`, options: REPORT_TYPES.map((t) => ({ value: t, label: t })) },
  ],
  viewHref: (r) => reportHref(r.id),
  initialFields: (config) => ({ restrictDownload: config?.restrictDownloadDefault === 1 }),
};

/** The reports section; see the file comment. */
export function ReportsPage() {
  return <TopicResourceSection spec={SPEC} />;
}
