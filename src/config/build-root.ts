import { openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { tryLock } = require('fs-native-extensions') as { tryLock(fd: number, options: { shared: boolean }): boolean };

/** This file's folder's parent: src/ when run from the sources, <build>/server/ when run from a build. */
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The build this process runs from (the folder holding server/, admin/ and reader/), or undefined
 * when it runs from the sources (tests, development). Node loads modules by their real path, so
 * a server started as `node dist/server/main.js` keeps its own build even after `npm run build`
 * points `dist` at a new one (scripts/build.mjs): the admin's files and the reader it serves are
 * its build's, never half of another's.
 */
export const BUILD_ROOT = basename(serverDir) === 'server' ? dirname(serverDir) : undefined;

/**
 * Marks this process's build as in use for as long as the process lives: a shared lock on the
 * build's in-use.lock, which the kernel lets go of when the process ends, however it ends. A
 * build never deletes a build whose lock it cannot take (scripts/build.mjs), so a running server,
 * and the processes it starts later, always find their files. Builds without the file (made before
 * builds were switched, or copied into an image) are never deleted, and need no mark.
 */
export function holdOwnBuild(): void {
  if (!BUILD_ROOT) return;
  try {
    // Kept open, never closed: the lock lasts as long as the process.
    tryLock(openSync(join(BUILD_ROOT, 'in-use.lock'), 'r'), { shared: true });
  } catch {
    // No lock file: a build nothing deletes.
  }
}
