import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { lockDataDir } from './data-dir-lock.js';
import { PGlitePool } from './pglite-pool.js';

/**
 * The `driver` option for TypeORM's postgres type, backed by embedded PGlite: a directory for the
 * data, or in memory when none is given (tests).
 */
export function pgliteDriver(dataDir?: string): { Pool: new () => PGlitePool } {
  let db: Promise<PGlite> | undefined;
  // Contrib extensions the migrations create (unaccent: accent-insensitive search).
  const extensions = { unaccent };
  const open = () =>
    (db ??= (async () => {
      if (!dataDir) return PGlite.create({ extensions });
      mkdirSync(dataDir, { recursive: true });
      const release = lockDataDir(dataDir);
      const instance = await PGlite.create({ dataDir, extensions });
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
