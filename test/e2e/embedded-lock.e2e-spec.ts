/**
 * The embedded database's lock is held by the process itself (an OS advisory lock on its open
 * file), not by a number in a file. A lock file naming a live process that is not the archive (a
 * PID reused after a container restart) does not stop a start; a running archive does, and its
 * lock is free the moment it is killed. Embedded only: PostgreSQL has no data-directory lock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startServer, type ServerProcess } from '../support/worker-process/server-process.js';

const started: TestApp[] = [];
const children: ChildProcess[] = [];
const servers: ServerProcess[] = [];

afterEach(async () => {
  for (const app of started.splice(0)) await app.close();
  for (const server of servers.splice(0)) await server.kill('SIGKILL');
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** A data directory whose lock file names `pid`, as one left by an archive that ran before. */
function dataDirNaming(pid: number): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'embedded-lock-'));
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

describe('the embedded database lock', () => {
  it('starts over a lock file naming a live process that is not the archive (a reused PID)', async () => {
    const stranger = spawn('sleep', ['60']);
    children.push(stranger);
    const dataDir = dataDirNaming(stranger.pid!);
    const app = await startOn(dataDir);
    await app.http().get('/api/health/').expect(200);
    expect(lockHolder(dataDir)).toBe(process.pid);
    expect(stranger.exitCode).toBeNull();
  });

  it('starts over a lock file naming a process that is gone', async () => {
    const gone = spawn('true');
    await new Promise((resolve) => gone.once('exit', resolve));
    const dataDir = dataDirNaming(gone.pid!);
    await startOn(dataDir);
    expect(lockHolder(dataDir)).toBe(process.pid);
  });

  it('waits while a running archive holds it, and starts as soon as that archive is killed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'embedded-lock-'));
    const holder = await startServer({ DATA_DIR: dataDir });
    servers.push(holder);
    expect(lockHolder(dataDir)).toBe(holder.child.pid);

    let settled = false;
    const starting = startOn(dataDir).finally(() => (settled = true));
    // The first tries are refused with the holder named; the start is still pending.
    await new Promise((r) => setTimeout(r, 4000));
    expect(settled).toBe(false);

    await holder.kill('SIGKILL');
    const app = await starting;
    await app.http().get('/api/health/').expect(200);
    expect(lockHolder(dataDir)).toBe(process.pid);
  });
});
