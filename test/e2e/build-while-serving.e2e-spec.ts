/**
 * `npm run build` (as `npm start` runs it) beside an archive that serves: the build is made in a
 * folder of its own and `dist` switched to it in one rename (scripts/build.mjs), so the running
 * server keeps its own build. Its admin files are never missing, not even while the build runs; a
 * process started afterwards in its place runs the same build, and the admin loads from it.
 * WEB_CONCURRENCY=2 on PostgreSQL, from the built server (dist/server/main.js).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_LIMITS } from '../support/cli-limits.js';
import { createScratchDatabase, REPO_ROOT } from '../support/worker-process/scan-helpers.js';
import { spawnServer, type ServerProcess } from '../support/worker-process/server-process.js';

const dist = join(REPO_ROOT, 'dist');
/** As `npm run build` is run for real: NODE_ENV=test would bundle React's development build. */
const productionBuild = { ...process.env, NODE_ENV: 'production' };

function processesOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

/** One GET on a connection of its own. */
function visit(base: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    http
      .get(base + path, { agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', (err) => resolve({ status: 0, body: err.message }));
  });
}

const count = (text: string, pattern: RegExp) => (text.match(new RegExp(pattern, 'g')) ?? []).length;

describe('a build made while the archive serves', () => {
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: ServerProcess;

  beforeAll(async () => {
    // The server under test runs from a switched build, as every `npm run build` now makes.
    if (!existsSync(join(dist, 'build.json')) || !lstatSync(dist).isSymbolicLink()) {
      const built = spawnSync('npm', ['run', 'build'], {
        cwd: REPO_ROOT,
        env: productionBuild,
        encoding: 'utf8',
        ...CLI_LIMITS,
        timeout: 600_000,
      });
      expect(built.status, built.stdout + built.stderr).toBe(0);
    }
    db = await createScratchDatabase();
    server = await spawnServer(
      { DATABASE_URL: db.url, WEB_CONCURRENCY: '2', DATA_DIR: mkdtempSync(join(tmpdir(), 'build-serving-')) },
      'dist/server/main.js',
    );
    await server.waitFor(/Poetry archive on http/, 240_000);
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await db?.drop();
  });

  it('leaves the running build whole, and a replacement process starts from it and serves the admin', async () => {
    const own = realpathSync(dist);
    const page = await visit(server.base, '/admin/');
    expect(page.status).toBe(200);
    const chunk = /\/admin\/assets\/index-[\w-]+\.js/.exec(page.body)![0];
    expect((await visit(server.base, chunk)).status).toBe(200);

    // The admin's page and chunk are asked for all through the build.
    const misses: string[] = [];
    let building = true;
    const asking = (async () => {
      while (building) {
        for (const path of ['/admin/', chunk]) {
          const res = await visit(server.base, path);
          if (res.status !== 200) misses.push(`${path}: ${res.status}`);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const build = spawn('npm', ['run', 'build'], { cwd: REPO_ROOT, env: productionBuild, stdio: ['ignore', 'pipe', 'pipe'] });
    let buildOutput = '';
    build.stdout.on('data', (c: Buffer) => (buildOutput += c.toString()));
    build.stderr.on('data', (c: Buffer) => (buildOutput += c.toString()));
    const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
    building = false;
    await asking;
    expect(code, buildOutput).toBe(0);
    expect(misses).toEqual([]);

    // dist is another build now; the server's own is still there (it holds it), and the new one
    // has the chunk too, for an admin loaded before the switch.
    const next = realpathSync(dist);
    expect(next).not.toBe(own);
    expect(existsSync(join(own, 'server/main.js'))).toBe(true);
    expect(existsSync(join(next, chunk.replace('/admin/', 'admin/')))).toBe(true);

    // A process killed after the build: its replacement runs the server's own build and serves.
    const before = processesOf(server.child.pid!);
    const victim = before[0]!;
    const served = count(server.output(), /API process \d+ serving/);
    process.kill(victim, 'SIGKILL');
    await expect.poll(() => count(server.output(), /API process \d+ serving/), { timeout: 120_000 }).toBe(served + 1);
    const replacement = processesOf(server.child.pid!).find((pid) => !before.includes(pid));
    expect(readFileSync(`/proc/${replacement}/cmdline`, 'utf8')).toContain(join(own, 'server/main.js'));
    for (let i = 0; i < 4; i++) {
      const again = await visit(server.base, '/admin/');
      expect(again.status).toBe(200);
      expect((await visit(server.base, /\/admin\/assets\/index-[\w-]+\.js/.exec(again.body)![0])).status).toBe(200);
    }
  });
});
