import { EventEmitter } from 'node:events';
import type { PGlite, Results } from '@electric-sql/pglite';

type ConnectCallback = (err: Error | null, client: PGliteClient | null, release: (err?: unknown) => void) => void;

/**
 * A `pg`-compatible pool over one PGlite instance, for TypeORM's postgres driver.
 *
 * PGlite is a single database session, so two TypeORM query runners sharing it would interleave
 * their transactions (one's ROLLBACK undoing the other's work). This pool hands out the session to
 * one query runner at a time, exactly like a `pg` pool of size one.
 */
export class PGlitePool extends EventEmitter {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly db: Promise<PGlite>) {
    super();
  }

  connect(callback: ConnectCallback): void {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.queue;
    this.queue = previous.then(() => turn);
    previous
      .then(async () => new PGliteClient(await this.db))
      .then(
        (client) => callback(null, client, () => release()),
        (err: Error) => {
          release();
          callback(err, null, () => undefined);
        },
      );
  }

  /** Pool-level query: takes its own turn on the session. */
  query(sql: string, params?: unknown[]): Promise<PgResult> {
    return new Promise((resolve, reject) => {
      this.connect((err, client, done) => {
        if (err || !client) return reject(err);
        client.query(sql, params).then(resolve, reject).finally(done);
      });
    });
  }

  end(callback?: (err: Error | null) => void): void {
    this.db
      .then((db) => db.close())
      .then(
        () => callback?.(null),
        (err: Error) => callback?.(err),
      );
  }
}

interface PgResult {
  rows: unknown[];
  rowCount: number;
  command: string;
}

class PGliteClient extends EventEmitter {
  constructor(private readonly db: PGlite) {
    super();
  }

  async query(sql: string, params?: unknown[]): Promise<PgResult> {
    if (params && params.length > 0) return toPg(await this.db.query(sql, params), sql);
    // Multi-statement strings (migrations) go through exec; TypeORM reads the last result.
    const results = await this.db.exec(sql);
    return toPg(results[results.length - 1] ?? { rows: [], fields: [] }, sql);
  }
}

function toPg(result: Results, sql: string): PgResult {
  return {
    rows: result.rows,
    rowCount: result.affectedRows ?? result.rows.length,
    command: /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? '',
  };
}
