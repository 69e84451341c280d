import { closeSync, constants, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
/** The OS's advisory file lock (fcntl open-file-description locks on Linux, flock on macOS), from prebuilt binaries. */
const { tryLock } = require('fs-native-extensions') as { tryLock(fd: number): boolean };

/**
 * Embedded PostgreSQL must be opened by one process at a time, or its files get corrupted. The
 * lock is the operating system's advisory lock on DATA_DIR/db/archive.lock, held through the open
 * file: the kernel lets go of it when the process ends, however it ends (a crash, kill -9, a
 * stopped container), and nothing else does. So no lock outlives its process, and a process that
 * merely has the number a holder once had (a PID reused after a restart) holds nothing. The file
 * keeps the holder's PID for the message only, and is never removed (removing it could let two
 * processes lock two different files of the same name).
 */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, 'archive.lock');
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
  let locked = false;
  try {
    locked = tryLock(fd);
  } finally {
    if (!locked) closeSync(fd);
  }
  if (!locked) {
    const holder = readFileSync(file, 'utf8').trim();
    throw new Error(
      `The embedded database in ${dir} is in use by ${/^\d+$/.test(holder) ? `process ${holder}` : 'another process'}. ` +
        'Stop that process first, or use PostgreSQL (DATABASE_URL).',
    );
  }
  ftruncateSync(fd);
  writeSync(fd, String(process.pid), 0);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    closeSync(fd);
  };
}
