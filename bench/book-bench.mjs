#!/usr/bin/env node
/**
 * Whole-book import (`npm run bench:book`, after a build).
 *
 * A 200-page book made from the shared extraction set's page photos (every photo of its books in
 * turn, over again until there are 200) is imported as a curator does it: an import made, its
 * photos sent one per request in page order, the import started, its progress read until it ends.
 *
 * 1. Embedded: dist/server/main.js on its defaults (PGlite, the in-process queue, offline OCR),
 *    one process holding everything, so its resident memory is the whole cost. Prints the minutes
 *    for the whole book (sending the photos, and reading them), seconds per page, the resident
 *    memory before, at its peak and 10 s after, and the p99 of public page reads (the home page,
 *    a book page, a poem page, in turn) made all along. Goals: the book in 5 minutes or less,
 *    memory growth 300 MB or less and back down after, public reads p99 100 ms or less.
 * 2. With Redis (REDIS_URL, default redis://127.0.0.1:6379) and PostgreSQL (DATABASE_URL, default
 *    the local server's `bench_book` database, made if need be): the same book (or --redis-pages of
 *    it) read by one scan worker, then by two, each worker held to one core (taskset) so that on
 *    one machine two workers have what two machines would give them. Printed side by side; the
 *    goal is two faster than one. --skip-redis leaves this part out.
 *
 * Usage: node bench/book-bench.mjs [--pages 200] [--redis-pages 60] [--skip-redis] [--set DIR]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { readSet } from '../test/support/extraction-set/set.mjs';
import { adminSession } from './lib/admin-session.mjs';
import { EMBEDDED, startArchive } from './lib/archive-processes.mjs';
import { loadNote, printTable, reportGoals } from './lib/embedded-scan-app.mjs';

const { values: args } = parseArgs({
  options: {
    set: { type: 'string', default: process.env.EXTRACTION_SET ?? '../shared/extraction-set' },
    pages: { type: 'string', default: '200' },
    'redis-pages': { type: 'string', default: '60' },
    'skip-redis': { type: 'boolean', default: false },
  },
});

const GOALS = { minutes: 5, growthMb: 300, p99Ms: 100 };

/** The book: the set's page photos in turn, numbered as a phone names them. */
function book(pages) {
  const photos = readSet(resolve(args.set)).flatMap((b) => b.pages);
  return Array.from({ length: pages }, (_, i) => ({ name: `IMG_${i + 1}.jpg`, data: photos[i % photos.length].data }));
}

/** Resident memory of a process now and its peak since the last reset, in MB (Linux /proc). */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}
const resetPeak = (pid) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
};

/** A published book with a poem, so that public pages have something to show while the import runs. */
async function publicPages(call) {
  const { id, slug } = await call('POST', '/api/publications/', { title: 'Harbour Songs', authors: ['A. Poet'] });
  const poem = await call('POST', `/api/publications/${id}/poems/`, {
    title: 'Low Tide',
    body: 'the boats lie down\non the mud\nand wait for the sea',
  });
  await call('POST', `/api/publications/${id}/toggle_publish/`);
  return ['/', `/publication/${slug}`, `/poem/${poem.slug}`];
}

/** Public reads, one after another with a pause, as visitors come, until stopped; their times in ms. */
function readAlong(base, paths) {
  const times = [];
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i++) {
      const t0 = performance.now();
      const res = await fetch(base + paths[i % paths.length]);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${paths[i % paths.length]} answered ${res.status}`);
      times.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return times;
    },
  };
}

/** Imports the book into a new publication; minutes sending, minutes reading, the import at its end. */
async function importBook(call, photos, title) {
  const { id } = await call('POST', '/api/publications/', { title });
  const started = performance.now();
  const made = await call('POST', `/api/publications/${id}/book_imports/`);
  for (const [position, photo] of photos.entries()) {
    const form = new FormData();
    form.append('file', new Blob([photo.data], { type: 'image/jpeg' }), photo.name);
    form.append('position', String(position));
    await call('POST', `/api/book_imports/${made.id}/files/`, form);
  }
  const sent = performance.now();
  await call('POST', `/api/book_imports/${made.id}/start/`);
  let state;
  for (;;) {
    state = await call('GET', `/api/book_imports/${made.id}/`);
    if (state.state === 'finished' || state.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const ended = performance.now();
  if (state.state !== 'finished') throw new Error(`The import ended ${state.state}: ${JSON.stringify(state.error)}`);
  return { sendMinutes: (sent - started) / 60_000, readMinutes: (ended - sent) / 60_000, minutes: (ended - started) / 60_000, state };
}

async function embedded(photos) {
  const dataDir = mkdtempSync(join(tmpdir(), 'book-bench-'));
  // On the embedded defaults even when DATABASE_URL and REDIS_URL are set for part 2.
  const server = await startArchive({ ...EMBEDDED, DATA_DIR: dataDir, NODE_ENV: 'production' });
  if (!/database: embedded.*scan queue: in-process/.test(server.announced))
    throw new Error(`Not the embedded archive: ${server.announced}`);
  try {
    const call = await adminSession(server.base, 'bench', 'bench-password');
    const paths = await publicPages(call);
    // A first small import starts the OCR and loads the image libraries, which the book then shares.
    await importBook(call, photos.slice(0, 2), 'Warm-up');
    await new Promise((r) => setTimeout(r, 3000));
    const before = memory(server.pid).rss;
    resetPeak(server.pid);
    const reads = readAlong(server.base, paths);
    const run = await importBook(call, photos, 'A whole book');
    const times = await reads.stop();
    const peak = memory(server.pid).peak;
    await new Promise((r) => setTimeout(r, 10_000));
    const after = memory(server.pid).rss;
    return { run, before, peak, after, reads: times.length, p99: percentile(times, 0.99), p50: percentile(times, 0.5) };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A scan worker (dist/server/worker.js) held to one core. */
async function startWorker(env, core) {
  const proc = spawn('taskset', ['-c', String(core), process.execPath, 'dist/server/worker.js'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  await new Promise((resolve, reject) => {
    proc.stdout.on('data', (chunk) => {
      log += chunk;
      if (/Consuming scan jobs/i.test(log)) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`the worker exited with ${code}:\n${log}`)));
  });
  proc.stdout.resume();
  return () =>
    new Promise((resolve) => {
      proc.once('exit', resolve);
      proc.kill('SIGTERM');
    });
}

async function withRedis(photos, workers) {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_book';
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const dataDir = mkdtempSync(join(tmpdir(), 'book-bench-redis-'));
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    SCAN_QUEUE_PREFIX: `book-bench-${process.pid}-${workers}`,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
  };
  const server = await startArchive(env);
  const stops = [];
  try {
    for (let k = 0; k < workers; k++)
      stops.push(await startWorker({ ...env, ADMIN_USERNAME: 'bench', ADMIN_PASSWORD: 'bench-password' }, k));
    const call = await adminSession(server.base, 'bench', 'bench-password');
    await importBook(call, photos.slice(0, 2 * workers), 'Warm-up');
    return await importBook(call, photos, `Read by ${workers}`);
  } finally {
    await Promise.all(stops.map((stop) => stop()));
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pages = Number(args.pages);
const photos = book(pages);
const missed = [];

const e = await embedded(photos);
console.log(`\nA ${pages}-page book from the extraction set's photos, imported into dist/server/main.js on its embedded defaults`);
printTable(
  ['measure', 'value', 'goal'],
  [
    ['whole book (send + read)', `${e.run.minutes.toFixed(2)} min`, `<= ${GOALS.minutes} min`],
    ['  sending the photos', `${e.run.sendMinutes.toFixed(2)} min`, ''],
    ['  reading the pages', `${e.run.readMinutes.toFixed(2)} min`, ''],
    ['seconds per page', `${((e.run.minutes * 60) / pages).toFixed(2)} s`, ''],
    ['poems added / duplicates', `${e.run.state.poems_added} / ${e.run.state.duplicates_ignored}`, ''],
    ['failed pages', String(e.run.state.failed_pages.length), '0'],
    ['resident memory before', `${e.before.toFixed(0)} MB`, ''],
    ['  peak', `${e.peak.toFixed(0)} MB (+${(e.peak - e.before).toFixed(0)})`, `<= +${GOALS.growthMb} MB`],
    ['  10 s after', `${e.after.toFixed(0)} MB (${e.after - e.before >= 0 ? '+' : ''}${(e.after - e.before).toFixed(0)})`, 'back down'],
    [`public reads during the import (${e.reads})`, `p50 ${e.p50.toFixed(1)} ms, p99 ${e.p99.toFixed(1)} ms`, `p99 <= ${GOALS.p99Ms} ms`],
  ],
);
if (e.run.minutes > GOALS.minutes) missed.push('minutes for the book');
if (e.peak - e.before > GOALS.growthMb) missed.push('memory growth');
if (e.after - e.before > (e.peak - e.before) / 2 && e.after - e.before > 50) missed.push('memory given back');
if (e.p99 > GOALS.p99Ms) missed.push('public reads p99');
if (e.run.state.failed_pages.length) missed.push('failed pages');

if (!args['skip-redis']) {
  const redisPages = photos.slice(0, Number(args['redis-pages']));
  const one = await withRedis(redisPages, 1);
  const two = await withRedis(redisPages, 2);
  console.log(`\nWith Redis and PostgreSQL: a ${redisPages.length}-page book read by scan workers, each held to one core`);
  printTable(
    ['workers', 'reading the pages', 'seconds per page', 'poems added'],
    [one, two].map((r, k) => [
      String(k + 1),
      `${r.readMinutes.toFixed(2)} min`,
      `${((r.readMinutes * 60) / redisPages.length).toFixed(2)} s`,
      String(r.state.poems_added),
    ]),
  );
  console.log(`  two workers read it ${(one.readMinutes / two.readMinutes).toFixed(2)} times as fast as one`);
  if (two.readMinutes >= one.readMinutes) missed.push('two workers faster than one');
}
console.log(`  ${loadNote()}`);
reportGoals(missed);
