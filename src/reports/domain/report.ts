import { ReportError } from './report.errors.js';

/**
 * The rules of a reader's report of a mistake: what it may hold, how many the archive takes, and
 * which line of the poem it is about. Plain data in and out.
 */
export const REPORT_RULES = {
  quote: 300,
  note: 1000,
  name: 100,
  email: 200,
  perAddressPerHour: 5,
  perPoemPerDay: 20,
} as const;

export type ReportStatus = 'open' | 'resolved' | 'dismissed';

/** A report as a reader sent it, checked and trimmed. */
export interface NewReport {
  quote: string;
  note: string;
  name: string;
  email: string;
  /** The line on screen the words were selected in (counted over lines with text), when the reader's script said. */
  shownLine: number | null;
}

export interface StoredReport {
  id: number;
  poemId: number;
  line: number | null;
  quote: string;
  note: string;
  name: string;
  email: string;
  status: ReportStatus;
  createdAt: Date;
  closedAt: Date | null;
  closedBy: string | null;
}

/** How many reports the archive took lately from the sender's address (this hour) and about the poem (today). */
export interface RecentReports {
  fromAddress: number;
  forPoem: number;
}

const FIELDS = ['quote', 'note', 'name', 'email'] as const;

function textField(raw: Record<string, unknown>, field: string): string {
  const value = raw[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new ReportError('REPORTS.INVALID', `${field} must be text.`, { field });
  return value.trim();
}

/**
 * Checks what a reader sent: a robot's (the honeypot filled in) is refused, as is a report with
 * neither quoted words nor a note, or a field over its length (the message says every limit).
 * `honeypot` names the field only a robot fills in.
 */
export function checkNewReport(raw: unknown, honeypot: string): NewReport {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ReportError('REPORTS.INVALID', 'A report must be a form or a JSON object.');
  const body = raw as Record<string, unknown>;
  const trap = body[honeypot];
  if (trap !== undefined && trap !== null && trap !== '') {
    throw new ReportError(
      'REPORTS.REFUSED',
      'Sorry, this report could not be sent. If you are a person, please leave the last field empty and send it again.',
    );
  }
  const [quote, note, name, email] = FIELDS.map((f) => textField(body, f)) as [string, string, string, string];
  if (!quote && !note) {
    throw new ReportError('REPORTS.EMPTY', 'Please quote the words that look wrong, or write a short note about the mistake.');
  }
  const long = FIELDS.filter((f) => ({ quote, note, name, email })[f].length > REPORT_RULES[f]);
  if (long.length > 0) {
    throw new ReportError(
      'REPORTS.TOO_LONG',
      `Sorry, that is longer than the archive takes: ${long.map((f) => `the ${f} may be at most ${REPORT_RULES[f]} characters`).join(', ')}.`,
      { fields: long },
    );
  }
  if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new ReportError('REPORTS.INVALID', 'That email address does not look right; it may also be left empty.', { field: 'email' });
  }
  return { quote, note, name, email, shownLine: shownLineOf(body.line) };
}

/** The line hint, from JSON (a number) or a form (digits); anything else is no hint. */
function shownLineOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** Refuses a report above the limits, saying them. */
export function checkRecentReports(recent: RecentReports): void {
  if (recent.fromAddress >= REPORT_RULES.perAddressPerHour) {
    throw new ReportError(
      'REPORTS.TOO_MANY_FROM_ADDRESS',
      `Thank you, but the archive takes at most ${REPORT_RULES.perAddressPerHour} reports an hour from one connection. Please try again in an hour.`,
    );
  }
  if (recent.forPoem >= REPORT_RULES.perPoemPerDay) {
    throw new ReportError(
      'REPORTS.TOO_MANY_FOR_POEM',
      `Thank you, but this poem has had ${REPORT_RULES.perPoemPerDay} reports today, which the curators will read first. Please try again tomorrow.`,
    );
  }
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The line of the poem's body (counted from 1 over every line, as the editor shows it) that the
 * report is about: the line with text numbered `shownLine` when it holds the first quoted line,
 * else the first line that holds it; null when nothing was quoted or the words are not in the poem.
 */
export function lineOfReport(body: string, report: Pick<NewReport, 'quote' | 'shownLine'>): number | null {
  const first = squash(report.quote.split(/\r\n|\r|\n/).find((l) => l.trim()) ?? '');
  if (!first) return null;
  const lines = body.split(/\r\n|\r|\n/).map((text, i) => ({ number: i + 1, text: squash(text) }));
  const withText = lines.filter((l) => l.text);
  const shown = report.shownLine === null ? undefined : withText[report.shownLine - 1];
  if (shown?.text.includes(first)) return shown.number;
  return withText.find((l) => l.text.includes(first))?.number ?? null;
}

/** A report a curator resolves or dismisses: only an open one. */
export function closeReport(report: StoredReport, status: ReportStatus, by: string, now: Date): StoredReport {
  if (status === 'open') throw new ReportError('REPORTS.INVALID', 'A report can be resolved or dismissed.', { field: 'status' });
  if (report.status !== 'open') {
    throw new ReportError(
      'REPORTS.ALREADY_CLOSED',
      `This report was already ${report.status}${report.closedBy ? ` by ${report.closedBy}` : ''}.`,
    );
  }
  return { ...report, status, closedAt: now, closedBy: by };
}
