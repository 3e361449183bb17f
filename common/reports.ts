/**
 * Research reports (`/console/reports/**`, §2 the visitor pages; spec 1 §2 'Reports:
 * /microapp/report with optional ?type={type}; detail /microapp/report/detail/{id}'): resources of type
 * `report` of an application's topic. Their editable fields are in common/resourceFields.ts (`report`);
 * this file holds the report types and the visitor addresses (the answers: common/contracts/reports.ts). Pure: no
 * React, no Node.
 */

/**
 * The report types (`fields.reportType`; the spec names none, docs/decisions.md 300): the `?type=` of
 * /microapp/report is one of these.
 */
export const REPORT_TYPES = ['研究报告', '咨询报告', '行业报告', '技术报告', '年度报告', '其他'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** True when `t` is a report type. */
export const isReportType = (t: unknown): t is ReportType => typeof t === 'string' && (REPORT_TYPES as readonly string[]).includes(t);

/** Reports a visitor's list page shows at a time (the console's 20, spec 2 §9). */
export const REPORT_PAGE_SIZE = 20;

/** The visitor's report list: /microapp/report (spec 1 §2). */
export const REPORTS_HREF = '/microapp/report';

/** The report list of one type: /microapp/report?type={type} (spec 1 §2). */
export const reportsOfTypeHref = (type: string): string => `${REPORTS_HREF}?type=${encodeURIComponent(type)}`;

/** A report's page: /microapp/report/detail/{id} (spec 1 §2). */
export const reportHref = (id: string | number): string => `${REPORTS_HREF}/detail/${encodeURIComponent(String(id))}`;

/**
 * The report type of an imported reference entry (decision 511): the CSL `genre` citation-js reads from
 * BibTeX's entry type or `type` field and RIS's `M3` (`@techreport` → genre `techreport`), mapped to one
 * of {@link REPORT_TYPES}: a genre that is one of them as written; Chinese or English words naming one
 * (技术 / technical, 咨询 / consult, 行业 / industry, 年度 / annual, 研究 / research); else 其他, which the
 * console's 报告类型 also offers, so that every imported report has the type the form requires.
 */
export function reportTypeOfGenre(genre: string | null | undefined): ReportType {
  const g = (genre ?? '').trim();
  if (isReportType(g)) return g;
  const words: [RegExp, ReportType][] = [
    [/技术|tech/i, '技术报告'],
    [/咨询|consult|advis/i, '咨询报告'],
    [/行业|产业|industr|market/i, '行业报告'],
    [/年度|年报|annual|yearly/i, '年度报告'],
    [/研究|research|working\s*paper|white\s*paper/i, '研究报告'],
  ];
  return words.find(([re]) => re.test(g))?.[1] ?? '其他';
}
