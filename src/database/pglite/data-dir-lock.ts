import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Embedded PostgreSQL must be opened by one process at a time, or its files get corrupted. The
 * lock file names the holder; a lock whose process is gone is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, 'archive.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(file, 'utf8'));
      if (holder && holder !== process.pid && alive(holder)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${holder}. Stop that process first, or use PostgreSQL (DATABASE_URL).`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
