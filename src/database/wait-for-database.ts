import { Logger } from '@nestjs/common';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { Backoff, seconds } from '../common/backoff.js';
import type { AppConfig } from '../config/app-config.js';
import { lockDataDir } from './pglite/data-dir-lock.js';
import { POSTGRES_WAITS } from './postgres-waits.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the database is, as a log may name it (never the password). */
function describe(config: AppConfig): string {
  if (!config.databaseUrl) return `the embedded database in ${join(config.dataDir, 'db')}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

/** One connection and one statement: the server is up and lets this archive in. */
async function reachPostgres(url: string): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: POSTGRES_WAITS.connectMs,
    query_timeout: POSTGRES_WAITS.answerMs,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The embedded database's lock is free (no other archive holds DATA_DIR); taken and let go at once. */
function embeddedFree(dir: string): void {
  mkdirSync(dir, { recursive: true });
  lockDataDir(dir)();
}

/**
 * Returns once the database answers, however long that takes: a process started while PostgreSQL
 * is away (a restart of the database, a machine still booting), or while another archive still
 * holds the embedded database, waits for it, saying what it waits for, instead of exiting. The
 * waits double from 1 s to 30 s (common/backoff.ts).
 */
export async function waitForDatabase(
  config: AppConfig,
  options: { logger?: Pick<Logger, 'warn' | 'log'>; backoff?: Backoff } = {},
): Promise<void> {
  const logger = options.logger ?? new Logger('Database');
  const backoff = options.backoff ?? new Backoff();
  const where = describe(config);
  for (let waited = false; ; waited = true) {
    try {
      if (config.databaseUrl) await reachPostgres(config.databaseUrl);
      else embeddedFree(join(config.dataDir, 'db'));
      if (waited) logger.log(`${where} answers; starting`);
      return;
    } catch (err) {
      const ms = backoff.next();
      const reason = err instanceof Error ? err.message || (err as NodeJS.ErrnoException).code : String(err);
      logger.warn(`Waiting for ${where} (${reason}); trying again in ${seconds(ms)}`);
      await sleep(ms);
    }
  }
}
