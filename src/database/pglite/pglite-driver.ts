import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.js';
import { PGlitePool } from './pglite-pool.js';

/**
 * The `driver` option for TypeORM's postgres type, backed by embedded PGlite: a directory for the
 * data, or in memory when none is given (tests).
 */
export function pgliteDriver(dataDir?: string): { Pool: new () => PGlitePool } {
  let db: Promise<PGlite> | undefined;
  const open = () =>
    (db ??= (async () => {
      if (!dataDir) return PGlite.create({});
      mkdirSync(dataDir, { recursive: true });
      const release = lockDataDir(dataDir);
      const instance = await PGlite.create({ dataDir });
      const close = instance.close.bind(instance);
      instance.close = async () => {
        await close();
        release();
      };
      return instance;
    })());
  return {
    Pool: class extends PGlitePool {
      constructor() {
        super(open());
      }
    },
  };
}
