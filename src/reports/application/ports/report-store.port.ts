import type { RecentReports, ReportStatus, StoredReport } from '../../domain/report.js';

/** A report with the poem and book it is about, as the inbox lists it. */
export interface ListedReport extends StoredReport {
  poemTitle: string;
  publicationId: number;
  publicationTitle: string;
}

export type ReportToAdd = Omit<StoredReport, 'id' | 'status' | 'createdAt' | 'closedAt' | 'closedBy'>;

/** The reports, shared by every API process. */
export interface ReportStore {
  /**
   * Adds a report unless `check` refuses it (by throwing) on the counts of reports lately from
   * that address and about that poem. Counting and adding are one step for every process, so a
   * burst of reports cannot all be counted under a limit. `address` is kept only as long as the
   * hourly limit needs it.
   */
  addWithinLimits(report: ReportToAdd, address: string, check: (recent: RecentReports) => void): Promise<StoredReport>;
  list(status: ReportStatus, offset: number, limit: number): Promise<{ count: number; reports: ListedReport[] }>;
  get(id: number): Promise<ListedReport | null>;
  /** Saves a report's new status, only when it is still open (answers false otherwise). */
  close(report: StoredReport): Promise<boolean>;
}

export const REPORT_STORE = Symbol('REPORT_STORE');
