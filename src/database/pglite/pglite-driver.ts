import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { clusterTemplate, holdsCluster } from './cluster-template.js';
import { lockDataDir } from './data-dir-lock.js';
import { PGlitePool } from './pglite-pool.js';

/**
 * PGlite's start settings, with PostgreSQL's buffer cache at 32 MB instead of its 128 MB: PGlite
 * touches all of it as it opens, so the default held about 100 MB more of an idle server's memory
 * (docs/operations.md, Memory). One poet's archive is a few megabytes of text and indexes, and the
 * files under the cache are in the operating system's own.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * The `driver` option for TypeORM's postgres type, backed by embedded PGlite: a directory for the
 * data, or in memory when none is given (tests).
 */
export function pgliteDriver(dataDir?: string): { Pool: new () => PGlitePool } {
  let db: Promise<PGlite> | undefined;
  // Contrib extensions the migrations create (unaccent: accent-insensitive search; pg_trgm: words alike).
  const extensions = { unaccent, pg_trgm };
  // One instance for every pool TypeORM makes; a failed open (the directory still locked) is not
  // kept, so TypeORM's connection retries really try again.
  const open = () =>
    (db ??= (async () => {
      // A new database, in memory or in an empty folder, starts from a copy of an untouched one.
      if (!dataDir) return PGlite.create({ extensions, startParams: START_PARAMS, loadDataDir: await clusterTemplate() });
      mkdirSync(dataDir, { recursive: true });
      const release = lockDataDir(dataDir);
      const opening = async () =>
        PGlite.create({
          dataDir,
          extensions,
          startParams: START_PARAMS,
          ...(holdsCluster(dataDir) ? {} : { loadDataDir: await clusterTemplate() }),
        });
      const instance = await opening().catch((err: unknown) => {
        release();
        throw err;
      });
      const close = instance.close.bind(instance);
      instance.close = async () => {
        await close();
        release();
      };
      return instance;
    })().catch((err: unknown) => {
      db = undefined;
      throw err;
    }));
  return {
    Pool: class extends PGlitePool {
      constructor() {
        super(open());
      }
    },
  };
}
