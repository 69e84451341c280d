import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * A new embedded database starts from a copy of a freshly initialised one instead of running
 * PostgreSQL's initdb again: initdb costs 3-5 CPU seconds each time, loading the copy about 1.5.
 * Every in-memory database (each test app, each benchmark) is a new one, so this is most of the
 * time an embedded test takes to start.
 *
 * The copy is PGlite's own dump of an untouched cluster (`dumpDataDir`, loaded back with
 * `loadDataDir`), made once per PGlite build and kept where npm keeps tools' caches
 * (`node_modules/.cache`, beside the package, writable only by whoever installed it), so test
 * processes share it. Where that folder cannot be written (a read-only image), the copy lives in
 * this process only.
 */

const require = createRequire(import.meta.url);

/** node_modules/.cache/poetry-archive/pglite-<size>-<mtime of its wasm>.tar: a new PGlite build makes a new copy. */
function cacheFile(): string | undefined {
  try {
    const wasm = require.resolve('@electric-sql/pglite/pglite.wasm');
    const nodeModules = wasm.slice(0, wasm.lastIndexOf(join('node_modules', '@electric-sql')) + 'node_modules'.length);
    const { size, mtimeMs } = statSync(wasm);
    return join(nodeModules, '.cache', 'poetry-archive', `pglite-${size}-${Math.trunc(mtimeMs)}.tar`);
  } catch {
    return undefined;
  }
}

let template: Promise<Blob> | undefined;

async function makeTemplate(): Promise<Blob> {
  const file = cacheFile();
  if (file && existsSync(file)) return new Blob([readFileSync(file)]);
  const fresh = await PGlite.create();
  const dump = await fresh.dumpDataDir('none');
  await fresh.close();
  if (file) {
    // Written aside and renamed when whole: another process may be reading or writing it too.
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } catch {
      rmSync(partial, { force: true });
    }
  }
  return dump;
}

/** The untouched cluster to load a new database from; a failure to make it is not kept, so the next start tries again. */
export function clusterTemplate(): Promise<Blob> {
  return (template ??= makeTemplate().catch((err: unknown) => {
    template = undefined;
    throw err;
  }));
}

/** Whether a data folder already holds a cluster (loading a copy over it is refused). */
export const holdsCluster = (dataDir: string): boolean => existsSync(join(dataDir, 'PG_VERSION'));
