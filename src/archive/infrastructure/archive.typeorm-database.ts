import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, QueryRunner } from 'typeorm';
import { CATALOG_CHANGE_NOTICES, type CatalogChangeNotices } from '../../catalog/index.js';
import type { ArchiveDatabase, ArchiveRestore, ArchiveSnapshot } from '../application/ports/archive-database.port.js';
import { ArchiveRows } from './archive-rows.js';

/**
 * A backup or restore holds its transaction while photos stream to or from the file, minutes for
 * a grown archive, and may write large batches: the request-sized limits of postgres-waits.ts
 * (a statement 5 s, idle in a transaction 60 s) would cut it off, so its transaction lifts them.
 */
const UNHURRIED = ['SET LOCAL statement_timeout = 0', 'SET LOCAL idle_in_transaction_session_timeout = 0'];

/** Backups and restores on the application's database, each on a connection of its own. */
@Injectable()
export class TypeOrmArchiveDatabase implements ArchiveDatabase {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    /** Tells running API processes that the catalog changed, so none keeps serving its cached empty lists. */
    @Optional() @Inject(CATALOG_CHANGE_NOTICES) private readonly notices?: CatalogChangeNotices,
  ) {}

  async openSnapshot(): Promise<ArchiveSnapshot> {
    return this.begin(
      (runner) => new Snapshot(runner),
      ['BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', `SET LOCAL TimeZone = 'UTC'`, ...UNHURRIED],
    );
  }

  async beginRestore(): Promise<ArchiveRestore> {
    return this.begin((runner) => new Restore(runner, this.notices), ['BEGIN', ...UNHURRIED]);
  }

  private async begin<T>(make: (runner: QueryRunner) => T, statements: string[]): Promise<T> {
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      for (const sql of statements) await runner.query(sql);
      return make(runner);
    } catch (err) {
      await runner.query('ROLLBACK').catch(() => undefined);
      await runner.release();
      throw err;
    }
  }
}

/** A read-only snapshot: every table as of one moment, timestamps written in UTC. */
class Snapshot extends ArchiveRows implements ArchiveSnapshot {
  private closed = false;

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.q.query('COMMIT');
    } finally {
      await this.q.release();
    }
  }
}

class Restore extends ArchiveRows implements ArchiveRestore {
  constructor(
    q: QueryRunner,
    private readonly notices?: CatalogChangeNotices,
  ) {
    super(q);
  }

  async commit(): Promise<void> {
    await this.notices?.announce(this.q);
    await this.q.query('COMMIT');
    this.notices?.changedLocally();
  }

  async rollback(): Promise<void> {
    await this.q.query('ROLLBACK');
  }

  async release(): Promise<void> {
    await this.q.release();
  }
}
