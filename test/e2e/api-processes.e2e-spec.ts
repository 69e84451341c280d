import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { createScratchDatabase } from '../support/worker-process/scan-helpers.js';
import { signIn, spawnServer, type ServerProcess } from '../support/worker-process/server-process.js';

/** The API processes a supervising process runs (its children). */
function processesOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

/** One GET on a connection of its own, as separate visitors make them. */
function visit(base: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
}

/** Twenty visitors at once: each connection goes to one of the processes in turn. */
const crowd = (base: string, path: string) => Promise.all(Array.from({ length: 20 }, () => visit(base, path)));

const count = (text: string, pattern: RegExp) => (text.match(new RegExp(pattern, 'g')) ?? []).length;

/**
 * WEB_CONCURRENCY=2 over PostgreSQL, as a two-core machine runs the archive: two API processes on
 * one port, started by src/main.ts. The database is reached through a TCP proxy the test controls,
 * so it can refuse this archive while the shared server keeps running for everyone else.
 */
describe('several API processes on one port', () => {
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: TcpProxy;
  let server: ServerProcess;

  beforeAll(async () => {
    db = await createScratchDatabase();
    const direct = new URL(db.url);
    proxy = await startTcpProxy(Number(direct.port || 5432), direct.hostname);
    const proxied = new URL(db.url);
    proxied.port = String(proxy.port);
    // Refused from the first moment: the start has to wait for it.
    await proxy.cut();
    server = await spawnServer({
      DATABASE_URL: proxied.toString(),
      WEB_CONCURRENCY: '2',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'archive-processes-')),
    });
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await proxy?.close();
    await db?.drop();
  });

  it('starts through a database refused for a second and a process killed -9 while it starts, until every process serves', async () => {
    // The first process waits for the refused database, saying so, instead of exiting.
    await server.waitFor(/Waiting for PostgreSQL at 127\.0\.0\.1:\d+\/test_scan_\w+ \(.+\); trying again in 1 s/);
    await new Promise((r) => setTimeout(r, 1_000));
    await proxy.restore();
    await server.waitFor(/PostgreSQL at .+ answers; starting/);

    // Killed half-way through its start (the application is being built): another is started.
    await server.waitFor(/Starting Nest application/);
    const [starting] = processesOf(server.child.pid!);
    expect(server.output()).not.toMatch(/API process \d+ serving/);
    process.kill(starting!, 'SIGKILL');
    await server.waitFor(/An API process exited while starting \(SIGKILL\); starting another in 1 s/);

    await server.waitFor(/Poetry archive on http/, 240_000);
    const pids = processesOf(server.child.pid!);
    expect(pids).toHaveLength(2);
    expect(pids).not.toContain(starting);
    for (const pid of pids) expect(server.output()).toContain(`API process ${pid} serving`);
    for (const page of await crowd(server.base, '/api/health/')) expect(page.status).toBe(200);
  });

  it('runs two processes that all show a change at once, wherever it was made, and share sessions', async () => {
    expect(processesOf(server.child.pid!)).toHaveLength(2);
    expect(server.output()).toContain('2 API processes');
    expect(server.output().match(/Created admin user/g) ?? []).toHaveLength(1);

    const { agent } = await signIn(server.base);
    const made = (await agent.post('/api/publications/').send({ title: 'Harbour Songs' }).expect(201)).body;
    await agent.post(`/api/publications/${made.id}/poems/`).send({ title: 'Low Tide', body: 'the boats lie down\non the mud' }).expect(201);
    await agent.post(`/api/publications/${made.id}/publish/`).expect(200);
    for (const page of await crowd(server.base, `/publication/${made.slug}`)) {
      expect(page.status).toBe(200);
      expect(page.body).toContain('Low Tide');
    }

    // Both processes have the page in their read caches now; an edit through either drops it in both.
    await agent.put(`/api/publications/${made.id}/`).send({ title: 'Harbour Songs, Revised' }).expect(200);
    await expect
      .poll(async () => (await crowd(server.base, `/publication/${made.slug}`)).every((p) => p.body.includes('Harbour Songs, Revised')))
      .toBe(true);
    // The session made on one process is known to both.
    for (let i = 0; i < 6; i++) expect((await agent.get('/api/auth/check/').expect(200)).body.authenticated).toBe(true);
  });

  it('replaces a process that dies, and keeps answering meanwhile', async () => {
    const [victim, survivor] = processesOf(server.child.pid!);
    const served = count(server.output(), /API process \d+ serving/);
    process.kill(victim!, 'SIGKILL');
    await expect.poll(() => processesOf(server.child.pid!).filter((pid) => pid !== victim)).toHaveLength(2);
    expect(processesOf(server.child.pid!)).toContain(survivor);
    await server.waitFor(new RegExp(`API process ${victim} died \\(SIGKILL\\); starting another`));
    for (const page of await crowd(server.base, '/publications')) expect(page.status).toBe(200);
    // The replacement serves too.
    await expect.poll(() => count(server.output(), /API process \d+ serving/), { timeout: 120_000 }).toBe(served + 1);
  });

  it('stops every process on SIGTERM', async () => {
    const pids = processesOf(server.child.pid!);
    await server.kill('SIGTERM');
    expect(server.child.exitCode).toBe(0);
    for (const pid of pids) expect(existsSync(`/proc/${pid}`)).toBe(false);
  });
});
