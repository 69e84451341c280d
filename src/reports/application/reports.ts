import { Inject, Injectable } from '@nestjs/common';
import { CATALOG_READ_API, type CatalogReadApi } from '../../catalog/index.js';
import { checkNewReport, checkRecentReports, closeReport, lineOfReport, type ReportStatus } from '../domain/report.js';
import { ReportError } from '../domain/report.errors.js';
import { REPORT_STORE, type ListedReport, type ReportStore } from './ports/report-store.port.js';

const VISITOR = { staff: false } as const;

/**
 * Readers' reports of mistakes in published poems, and the curators' inbox of them. A report is
 * taken only for a poem a visitor can read (a draft's is "not found", as its page is).
 */
@Injectable()
export class Reports {
  constructor(
    @Inject(CATALOG_READ_API) private readonly catalog: CatalogReadApi,
    @Inject(REPORT_STORE) private readonly store: ReportStore,
  ) {}

  /** Takes a reader's report of the poem `poemId` sent from `address`, or refuses it (a ReportError or the catalog's not found). */
  async submit(poemId: number, raw: unknown, address: string, honeypot: string) {
    const poem = await this.catalog.getPoem(poemId, VISITOR);
    const report = checkNewReport(raw, honeypot);
    const { quote, note, name, email } = report;
    return this.store.addWithinLimits(
      { poemId: poem.id, line: lineOfReport(poem.body, report), quote, note, name, email },
      address,
      checkRecentReports,
    );
  }

  async list(status: ReportStatus, page: number, pageSize: number) {
    return this.store.list(status, (page - 1) * pageSize, pageSize);
  }

  /** Resolves or dismisses an open report, as the curator `by`. */
  async close(id: number, status: ReportStatus, by: string): Promise<ListedReport> {
    const report = await this.store.get(id);
    if (!report) throw new ReportError('REPORTS.NOT_FOUND', `There is no report ${id}.`);
    const closed = closeReport(report, status, by, new Date());
    // Another curator may have closed it meanwhile: say so rather than overwrite their decision.
    if (!(await this.store.close(closed))) {
      const now = (await this.store.get(id))!;
      closeReport(now, status, by, new Date());
    }
    return { ...report, ...closed };
  }
}
