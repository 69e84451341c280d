/**
 * The embedded database's lock file after a crash. A server killed under a supervisor can stay a
 * zombie (exited, not yet reaped) whose pid still answers kill(pid, 0); its lock, like that of a
 * process long gone, must not stop the next start. A lock of a live process refuses the start, and
 * the start goes through as soon as that process ends, within the connection retries.
 * Embedded only: PostgreSQL has no data-directory lock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

const started: TestApp[] = [];
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const app of started.splice(0)) await app.close();
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** A data directory whose database lock names `pid`. */
function lockedDataDir(pid: number): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'zombie-lock-'));
  mkdirSync(join(dataDir, 'db'), { recursive: true });
  writeFileSync(join(dataDir, 'db', 'archive.lock'), String(pid));
  return dataDir;
}

const lockHolder = (dataDir: string) => Number(readFileSync(join(dataDir, 'db', 'archive.lock'), 'utf8'));

async function startOn(dataDir: string): Promise<TestApp> {
  const app = await startTestApp('pglite', { persistent: true, env: { DATA_DIR: dataDir } });
  started.push(app);
  return app;
}

const procState = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 1).trim()[0];
};

/** A real zombie: `sleep 0` exits under a parent (exec'd `sleep`) that never reaps it. */
async function zombie(): Promise<number> {
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(parent);
  const pid = await new Promise<number>((resolve) => parent.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
  await expect.poll(() => procState(pid), { timeout: 10_000 }).toBe('Z');
  return pid;
}

describe('the embedded database lock after a crash', () => {
  it('starts over the lock of a zombie process', async () => {
    const pid = await zombie();
    // What made the old check refuse: the zombie still "exists" for kill(pid, 0).
    expect(process.kill(pid, 0)).toBe(true);
    const dataDir = lockedDataDir(pid);
    const app = await startOn(dataDir);
    await app.http().get('/api/health/').expect(200);
    expect(lockHolder(dataDir)).toBe(process.pid);
  });

  it('starts over the lock of a process that is gone', async () => {
    const gone = spawn('true');
    await new Promise((resolve) => gone.once('exit', resolve));
    const dataDir = lockedDataDir(gone.pid!);
    await startOn(dataDir);
    expect(lockHolder(dataDir)).toBe(process.pid);
  });

  it('waits while a live process holds the lock, and starts once it ends', async () => {
    const holder = spawn('sleep', ['60']);
    children.push(holder);
    const dataDir = lockedDataDir(holder.pid!);
    let settled = false;
    const starting = startOn(dataDir).finally(() => (settled = true));
    // The first tries are refused with the holder named; the start is still pending.
    await new Promise((r) => setTimeout(r, 4000));
    expect(settled).toBe(false);
    expect(lockHolder(dataDir)).toBe(holder.pid);

    holder.kill('SIGKILL');
    const app = await starting;
    await app.http().get('/api/health/').expect(200);
    expect(lockHolder(dataDir)).toBe(process.pid);
  });
});
