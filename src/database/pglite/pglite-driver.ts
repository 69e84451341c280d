import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGlitePool } from './pglite-pool.js';

/**
 * The `driver` option for TypeORM's postgres type, backed by embedded PGlite: a directory for the
 * data, or in memory when none is given (tests).
 */
export function pgliteDriver(dataDir?: string): { Pool: new () => PGlitePool } {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  let db: Promise<PGlite> | undefined;
  const open = () => (db ??= PGlite.create(dataDir ? { dataDir } : {}));
  return {
    Pool: class extends PGlitePool {
      constructor() {
        super(open());
      }
    },
  };
}
