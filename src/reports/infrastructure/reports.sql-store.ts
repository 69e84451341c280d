import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ListedReport, ReportStore, ReportToAdd } from '../application/ports/report-store.port.js';
import type { RecentReports, ReportStatus, StoredReport } from '../domain/report.js';

interface Row {
  id: number;
  poem_id: number;
  line: number | null;
  quote: string;
  note: string;
  name: string;
  email: string;
  status: ReportStatus;
  created_at: Date;
  closed_at: Date | null;
  closed_by: string | null;
  poem_title?: string;
  publication_id?: number;
  publication_title?: string;
}

const COLUMNS = `r.id, r.poem_id, r.line, r.quote, r.note, r.name, r.email, r.status, r.created_at, r.closed_at, r.closed_by`;
const LISTED = `SELECT ${COLUMNS}, p.title AS poem_title, p.publication_id, b.title AS publication_title
  FROM poem_reports r JOIN poems p ON p.id = r.poem_id JOIN publications b ON b.id = p.publication_id`;
/** One lock for every process taking reports, so two cannot both count under a limit. */
const REPORTS_LOCK = 1_764_820_000;

function toReport(row: Row): StoredReport {
  return {
    id: Number(row.id),
    poemId: Number(row.poem_id),
    line: row.line === null ? null : Number(row.line),
    quote: row.quote,
    note: row.note,
    name: row.name,
    email: row.email,
    status: row.status,
    createdAt: new Date(row.created_at),
    closedAt: row.closed_at ? new Date(row.closed_at) : null,
    closedBy: row.closed_by,
  };
}

const toListed = (row: Row): ListedReport => ({
  ...toReport(row),
  poemTitle: row.poem_title ?? '',
  publicationId: Number(row.publication_id),
  publicationTitle: row.publication_title ?? '',
});

/** Readers' reports in PostgreSQL (poem_reports). The address is kept as a hash, and only for the hour its limit counts. */
@Injectable()
export class SqlReportStore implements ReportStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  addWithinLimits(report: ReportToAdd, address: string, check: (recent: RecentReports) => void): Promise<StoredReport> {
    const addressHash = createHash('sha256').update(address).digest('hex');
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1)`, [REPORTS_LOCK]);
      await tx.query(
        `UPDATE poem_reports SET address_hash = NULL WHERE address_hash IS NOT NULL AND created_at <= now() - interval '1 hour'`,
      );
      const [counts] = (await tx.query(
        `SELECT (SELECT count(*) FROM poem_reports WHERE address_hash = $1 AND created_at > now() - interval '1 hour')::int AS from_address,
                (SELECT count(*) FROM poem_reports WHERE poem_id = $2 AND created_at > now() - interval '1 day')::int AS for_poem`,
        [addressHash, report.poemId],
      )) as Array<{ from_address: number; for_poem: number }>;
      check({ fromAddress: Number(counts!.from_address), forPoem: Number(counts!.for_poem) });
      const [row] = (await tx.query(
        `INSERT INTO poem_reports AS r (poem_id, line, quote, note, name, email, address_hash) VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING ${COLUMNS}`,
        [report.poemId, report.line, report.quote, report.note, report.name, report.email, addressHash],
      )) as Row[];
      return toReport(row!);
    });
  }

  async list(status: ReportStatus, offset: number, limit: number): Promise<{ count: number; reports: ListedReport[] }> {
    const [count] = (await this.db.query(`SELECT count(*)::int AS n FROM poem_reports WHERE status = $1`, [status])) as Array<{
      n: number;
    }>;
    const rows = (await this.db.query(`${LISTED} WHERE r.status = $1 ORDER BY r.id DESC OFFSET $2 LIMIT $3`, [
      status,
      offset,
      limit,
    ])) as Row[];
    return { count: Number(count!.n), reports: rows.map(toListed) };
  }

  async get(id: number): Promise<ListedReport | null> {
    const [row] = (await this.db.query(`${LISTED} WHERE r.id = $1`, [id])) as Row[];
    return row ? toListed(row) : null;
  }

  async close(report: StoredReport): Promise<boolean> {
    // An UPDATE ... RETURNING answers [rows, count] through TypeORM.
    const [rows] = (await this.db.query(
      `UPDATE poem_reports SET status = $2, closed_at = $3, closed_by = $4 WHERE id = $1 AND status = 'open' RETURNING id`,
      [report.id, report.status, report.closedAt, report.closedBy],
    )) as [unknown[], number];
    return rows.length > 0;
  }
}
