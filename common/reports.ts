/**
 * Research reports (issue 13 §1 `/console/reports/**`, §2 the visitor pages; spec 1 §2 'Reports:
 * /microapp/report with optional ?type={type}; detail /microapp/report/detail/{id}'): resources of type
 * `report` of an application's topic. Their editable fields are in common/resourceFields.ts (`report`);
 * this file holds the report types, the visitor answers' shapes and the visitor addresses. Pure: no
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

/** One report of the visitor's list (GET /api/v1/reports). */
export interface ReportListItem {
  id: number;
  title: string;
  /** yyyy-MM-dd publication date, or null */
  date: string | null;
  reportType: string | null;
  authors: string[];
  institution: string | null;
  /** the abstract (plain text) */
  summary: string | null;
  /** cover image address, or null */
  cover: string | null;
  /** whether a PDF is attached */
  hasPdf: boolean;
}

/** Why a reader may not download a report's PDF: sign in first, or their role lacks 下载附件. */
export type DownloadBlock = 'signIn' | 'right' | null;

/** One report for its page (GET /api/v1/reports/{id}). */
export interface ReportDetail extends ReportListItem {
  /** the body, HTML sanitised on the server when it was saved ('' when none) */
  body: string;
  /** the original address of the report, if any */
  url: string | null;
  /** the attached PDF (`/files/<key>`, its name and size in bytes), or null */
  pdf: { url: string; name: string; size: number } | null;
  /** the PDF is kept for readers holding 下载附件 (docs/decisions.md 302) */
  restrictDownload: boolean;
  /** whether this reader may open and download the PDF */
  canDownload: boolean;
  downloadBlocked: DownloadBlock;
}
