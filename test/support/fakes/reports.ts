import type { ListedReport, ReportStore, ReportToAdd } from '../../../src/reports/application/ports/report-store.port.js';
import type { RecentReports, ReportStatus, StoredReport } from '../../../src/reports/domain/report.js';
import { ManualClock } from './clock.js';

const HOUR = 3_600_000;

/** The report store in memory, counting as the SQL one does: an address over the last hour, a poem over the last day. */
export class FakeReportStore implements ReportStore {
  readonly rows: Array<StoredReport & { address: string }> = [];

  constructor(readonly clock = new ManualClock()) {}

  async addWithinLimits(report: ReportToAdd, address: string, check: (recent: RecentReports) => void): Promise<StoredReport> {
    const now = this.clock.now().getTime();
    const since = (ms: number) => this.rows.filter((r) => r.createdAt.getTime() > now - ms);
    check({
      fromAddress: since(HOUR).filter((r) => r.address === address).length,
      forPoem: since(24 * HOUR).filter((r) => r.poemId === report.poemId).length,
    });
    const row = { ...report, id: this.rows.length + 1, status: 'open' as const, createdAt: new Date(now), closedAt: null, closedBy: null };
    this.rows.push({ ...row, address });
    return row;
  }

  private listed(row: StoredReport): ListedReport {
    const { address: _, ...report } = row as StoredReport & { address?: string };
    return { ...report, poemTitle: `Poem ${row.poemId}`, publicationId: 1, publicationTitle: 'Book' };
  }

  async list(status: ReportStatus, offset: number, limit: number) {
    const matching = this.rows.filter((r) => r.status === status).reverse();
    return { count: matching.length, reports: matching.slice(offset, offset + limit).map((r) => this.listed(r)) };
  }

  async get(id: number) {
    const row = this.rows.find((r) => r.id === id);
    return row ? this.listed(row) : null;
  }

  async close(report: StoredReport): Promise<boolean> {
    const row = this.rows.find((r) => r.id === report.id);
    if (!row || row.status !== 'open') return false;
    Object.assign(row, { status: report.status, closedAt: report.closedAt, closedBy: report.closedBy });
    return true;
  }
}
