import { EventEmitter } from 'node:events';
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import type { NamedQuery } from '../prepared-statement.js';

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

  /**
   * Pool-level query: takes its own turn on the session. Like `pg`'s pool it also takes a named
   * statement, `{ name, text, values }` (src/database/prepared-statement.ts).
   */
  query(sql: string | NamedQuery, params?: unknown[]): Promise<PgResult> {
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

  async query(sql: string | NamedQuery, params?: unknown[]): Promise<PgResult> {
    if (typeof sql !== 'string') return toPg(await runNamed(this.db, sql), sql.text);
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

/** Per PGlite session: the statements it has parsed, with the types of their parameters. */
const prepared = new WeakMap<PGlite, Map<string, number[]>>();

/**
 * Runs a named statement over PGlite's wire protocol, the way `pg` does against a server: parsed
 * and described once per session, then each run is one Bind/Describe/Execute/Sync. PGlite's own
 * query() parses and plans its text anew every time, in a WebAssembly PostgreSQL where that was
 * most of a book page's read (bench/public-read-bench.mjs). For reads: nothing is synced to disk.
 */
async function runNamed(db: PGlite, query: NamedQuery): Promise<Results> {
  const types = await parameterTypes(db, query);
  const values = query.values.map((value, i) => (value == null ? null : (db.serializers[types[i]] ?? String)(value)));
  const { messages } = await db.execProtocol(
    Buffer.concat([
      protocol.serialize.bind({ statement: query.name, values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]),
    { syncToFs: false },
  );
  return parse.parseResults(messages, db.parsers)[0] ?? { rows: [], fields: [] };
}

/** The types of the statement's parameters, parsing it first if the session has not yet. */
async function parameterTypes(db: PGlite, query: NamedQuery): Promise<number[]> {
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = new Map()));
  let types = statements.get(query.name);
  if (!types) statements.set(query.name, (types = await prepare(db, query)));
  return types;
}

/** Parses and names the statement in the session; answers the types of its parameters. */
async function prepare(db: PGlite, query: NamedQuery): Promise<number[]> {
  const { messages } = await db.execProtocol(
    Buffer.concat([
      protocol.serialize.parse({ name: query.name, text: query.text, types: [] }),
      protocol.serialize.describe({ type: 'S', name: query.name }),
      protocol.serialize.sync(),
    ]),
    { syncToFs: false },
  );
  const described = messages.find((m) => m instanceof protocol.messages.ParameterDescriptionMessage);
  return described?.dataTypeIDs ?? [];
}
