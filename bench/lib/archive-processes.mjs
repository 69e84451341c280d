/**
 * The archive as `npm start` and the Docker image run it (dist/server/main.js, NODE_ENV as given),
 * over a database the benchmark seeded, with its settings: READ_CACHE_MB=0 to measure cache
 * misses, and WEB_CONCURRENCY for several API processes. Reports the CPU of the whole process
 * tree (the supervising process and its API processes).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Every process of the tree under `pid`, itself included. */
function treeOf(pid) {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return [pid, ...children.flatMap(treeOf)];
}

/** CPU microseconds used so far by the process tree under `pid`. */
export function treeCpu(pid) {
  let ticks = 0;
  for (const p of treeOf(pid)) {
    const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1e6) / TICKS_PER_SECOND;
}

/**
 * The embedded archive as `npm start` runs it on a machine set up for nothing else: PGlite under
 * DATA_DIR, the in-process queue, offline OCR, photos as files, one API process, and the allocator
 * setting the start script and the Docker image give it. The benchmark's own environment may name
 * a PostgreSQL, a Redis or an OpenAI key for its other parts; those are left out here (a variable
 * set to undefined is not passed on).
 */
export const EMBEDDED = {
  DATABASE_URL: undefined,
  REDIS_URL: undefined,
  OPENAI_API_KEY: undefined,
  S3_BUCKET: undefined,
  WEB_CONCURRENCY: undefined,
  MALLOC_MMAP_THRESHOLD_: '131072',
};

export async function startArchive(env) {
  const port = await freePort();
  const proc = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ADMIN_USERNAME: 'bench', ADMIN_PASSWORD: 'bench-password', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  await new Promise((resolve, reject) => {
    proc.stdout.on('data', (chunk) => {
      log += chunk;
      if (/Poetry archive on http/.test(log)) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`dist/server/main.js exited with ${code}:\n${log}`)));
  });
  proc.stdout.resume();
  return {
    base: `http://127.0.0.1:${port}`,
    /** The start's announcement: where the database and the queue are. */
    announced: /Poetry archive on http.*/.exec(log)[0],
    pid: proc.pid,
    cpu: () => treeCpu(proc.pid),
    stop: () =>
      new Promise((resolve) => {
        proc.once('exit', resolve);
        proc.kill('SIGTERM');
      }),
  };
}
