/**
 * Mistakes readers report under a published poem, and the curators' inbox of them. Nothing a
 * reader writes is ever shown on the public site; the admin shows it as text only.
 */

/** What one report may hold, and how many the archive takes (SPEC: refused politely above these). */
export const REPORT_LIMITS = {
  /** The words quoted from the poem. */
  quote: 300,
  note: 1000,
  name: 100,
  email: 200,
  /** Reports from one address in an hour. */
  perAddressPerHour: 5,
  /** Reports about one poem in a day, from everyone. */
  perPoemPerDay: 20,
} as const;

/** A field people never see (hidden from view and from assistive technology): only a robot fills it in. */
export const REPORT_HONEYPOT_FIELD = 'website';

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** POST /api/poems/{id}/reports/, as JSON or as a plain form (which is answered with a page). */
export interface NewReportRequest {
  quote?: string;
  note?: string;
  name?: string;
  email?: string;
  /** Which line of the poem on screen the quoted words were selected in, counted from 1 over the lines with text. */
  line?: number | null;
  /** The honeypot: must be empty. */
  website?: string;
}

/** The answer to a report received. */
export interface ReportReceived {
  received: true;
  message: string;
}

/** A report in the curators' inbox (GET /api/reports/). */
export interface Report {
  id: number;
  poem_id: number;
  poem_title: string;
  publication_id: number;
  publication_title: string;
  /** The line of the poem's text the report is about, counted from 1 as the editor shows it (stanza breaks too), or null. */
  line: number | null;
  quote: string;
  note: string;
  name: string;
  email: string;
  status: ReportStatus;
  created_at: string;
  /** When a curator resolved or dismissed it, and who. */
  closed_at: string | null;
  closed_by: string | null;
}

/** GET /api/reports/?status=open&page=1&page_size=25: newest first. */
export interface ReportList {
  count: number;
  results: Report[];
}

/** PUT /api/reports/{id}/ */
export interface CloseReportRequest {
  status: Exclude<ReportStatus, 'open'>;
}

/** The address a report of a poem is sent to. */
export const reportsPath = (poemId: number) => `/api/poems/${poemId}/reports/`;

/** Whether a request path is a report being sent (a reader's, with no account and no CSRF token: it changes nothing of theirs). */
export function isReportSubmissionPath(path: string): boolean {
  return /^\/api\/poems\/[^/?#]+\/reports\/?(\?.*)?$/.test(path);
}

/** The limits as readers are told them. */
export function reportLimitsText(): string {
  const l = REPORT_LIMITS;
  return (
    `Quoted words up to ${l.quote} characters, a note up to ${l.note}, a name up to ${l.name} and an email up to ${l.email}; ` +
    `${l.perAddressPerHour} reports an hour from one connection, and ${l.perPoemPerDay} a day about one poem.`
  );
}
