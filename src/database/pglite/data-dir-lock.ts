import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Whether a process that can still hold the lock is running. A zombie (exited, not yet reaped by
 * its parent: a server killed under a supervisor that has not collected it) still answers
 * kill(pid, 0), but holds nothing any more: its state in /proc (Linux) is 'Z', or 'X' once dead.
 */
export function holdsLock(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !['Z', 'X', 'x'].includes(procState(pid) ?? '');
}

/** The state letter of /proc/{pid}/stat, or undefined where there is no /proc. */
function procState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) S ...": the command may hold spaces and parentheses, so read after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 1).trim()[0];
  } catch {
    return undefined;
  }
}

/**
 * Embedded PostgreSQL must be opened by one process at a time, or its files get corrupted. The
 * lock file names the holder; a lock whose process is gone (or a zombie) is taken over.
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
      if (holder && holder !== process.pid && holdsLock(holder)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${holder}. Stop that process first, or use PostgreSQL (DATABASE_URL).`,
          { cause: err },
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
