#!/usr/bin/env node
/**
 * Public read benchmark (`npm run bench`, or alone: node bench/public-read-bench.mjs after a build).
 *
 * Seeds a synthetic archive (50 publications x 40 poems by default) in the archive's own process,
 * then loads every public path (bench/lib/public-paths.mjs; paths this build does not answer are
 * skipped with a note) as a browser asks for it (Brotli accepted), in turns on the archive and on a
 * bare Node http server in its own process answering the very same bytes and headers, each load
 * from a separate process (wrk when installed, else autocannon: bench/lib/load.mjs). Bars:
 *   - cached reads: at least 50% of the bare server's requests/s on every path;
 *   - the same paths with a random parameter added to every request (a crawler's or an attacker's
 *     cache-busting): at least 50% of the cached rate, since parameters a path does not take are
 *     not part of the read cache's key;
 *   - uncached book and poem pages (read cache off: data, render and compression every time), as
 *     dist/server/main.js serves them with --processes API processes (WEB_CONCURRENCY, default 2)
 *     on PostgreSQL, or its one process on PGlite: at least 2,000 requests/s with p99 at most
 *     30 ms (one process on PostgreSQL is reported beside them);
 *   - SQL queries per uncached request do not grow with the archive.
 * Best of `rounds` for each figure, as the machine may be shared.
 *
 * Uses DATABASE_URL when set (PostgreSQL), else embedded PGlite under a new DATA_DIR.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startArchive } from './lib/archive-processes.mjs';
import { BROWSER_HEADERS } from './lib/public-paths.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const { values: args } = parseArgs({
  options: {
    publications: { type: 'string', default: '50' },
    poems: { type: 'string', default: '40' },
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    processes: { type: 'string', default: '2' },
    only: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const SHARE_BAR = 0.5;
const UNCACHED_RPS_BAR = 2000;
const UNCACHED_P99_BAR_MS = 30;

function child(file, childArgs = [], env = process.env) {
  const proc = fork(file, childArgs, { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  proc.setMaxListeners(0); // one exit listener per awaited message
  const next = () =>
    new Promise((resolve, reject) => {
      proc.once('message', resolve);
      proc.once('exit', (code) => code && reject(new Error(`${file} exited with ${code}`)));
    });
  return { proc, next, send: (m) => proc.send(m) };
}

/** CPU microseconds a forked server has used, or a started archive's process tree. */
async function cpuOf(server) {
  if (server.cpu) return server.cpu();
  server.send('cpu');
  const { cpu } = await server.next();
  return cpu.user + cpu.system;
}

let generator;

/** One load on `server`, with the server's CPU microseconds per answered request. */
async function runLoad(server, url, seconds = Number(args.seconds), bust = false) {
  const before = await cpuOf(server);
  const c = child(`${here}lib/load.mjs`, ['--child']);
  c.send({ url, headers: BROWSER_HEADERS, seconds, connections: Number(args.connections), bust });
  const result = await c.next();
  generator = result.generator;
  return { ...result, cpu_us: ((await cpuOf(server)) - before) / Math.max(1, result.requests) };
}

/**
 * Cache misses as the archive runs them in production (dist/server/main.js, its read cache off),
 * with one API process and, on PostgreSQL, with WEB_CONCURRENCY API processes (default 2, one per
 * core of the machine the bars are set for).
 */
async function measureUncached(processes) {
  const server = await startArchive({
    READ_CACHE_MB: '0',
    WEB_CONCURRENCY: String(processes),
    ...(ready.database === 'PostgreSQL' ? {} : { DATA_DIR: ready.dataDir }),
  });
  const rows = [];
  try {
    for (const route of routes.filter((r) => r.uncached)) {
      const url = server.base + route.path;
      await runLoad(server, url, 1);
      const runs = [];
      for (let round = 0; round < Number(args.rounds); round++) runs.push(await runLoad(server, url));
      const cpu = leastCpu(runs);
      rows.push({ name: route.name, path: route.path, processes, archive: { ...figures(runs), cpu_us_per_request: Math.round(cpu) } });
    }
  } finally {
    await server.stop();
  }
  return rows;
}

const leastCpu = (list) => Math.min(...list.map((r) => r.cpu_us));
/** The best of the rounds for each figure (on a shared machine, noise only ever makes one worse); errors from every round. */
const figures = (runs) => ({
  rps: Math.round(Math.max(...runs.map((r) => r.rps))),
  p50_ms: +Math.min(...runs.map((r) => r.p50)).toFixed(2),
  p99_ms: +Math.min(...runs.map((r) => r.p99)).toFixed(2),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
});

// As the production image runs it: React and Express pick their production code from NODE_ENV.
const archive = child(`${here}lib/archive-server.mjs`, [], { ...process.env, NODE_ENV: 'production' });
archive.send({ publications: Number(args.publications), poems: Number(args.poems) });
const ready = await archive.next();
const bare = child(`${here}lib/bare-server.mjs`);
bare.send({ routes: ready.routes });
const { port: barePort } = await bare.next();
const routes = ready.routes.filter((r) => !args.only || r.path.includes(args.only) || r.name.includes(args.only));

// Warm both servers up (JIT, first compressions) before anything is measured.
for (const route of routes) {
  await runLoad(archive, `http://127.0.0.1:${ready.port}${route.path}`, 0.5);
  await runLoad(bare, `http://127.0.0.1:${barePort}${route.path}`, 0.5);
}
archive.send('queries');
const queriesBefore = (await archive.next()).queries;
const cached = [];
for (const route of routes) {
  const rows = { archive: [], bare: [], busted: [] };
  for (let round = 0; round < Number(args.rounds); round++) {
    rows.archive.push(await runLoad(archive, `http://127.0.0.1:${ready.port}${route.path}`));
    rows.bare.push(await runLoad(bare, `http://127.0.0.1:${barePort}${route.path}`));
    rows.busted.push(await runLoad(archive, `http://127.0.0.1:${ready.port}${route.path}`, undefined, true));
  }
  const a = figures(rows.archive);
  const b = figures(rows.bare);
  const busted = figures(rows.busted);
  cached.push({
    name: route.name,
    path: route.path,
    bytes: Buffer.from(route.body, 'base64').length,
    encoding: route.headers['content-encoding'] ?? 'identity',
    archive: { ...a, cpu_us_per_request: Math.round(leastCpu(rows.archive)) },
    bare: { ...b, cpu_us_per_request: Math.round(leastCpu(rows.bare)) },
    busted: { ...busted, cpu_us_per_request: Math.round(leastCpu(rows.busted)) },
    busted_share: +(busted.rps / a.rps).toFixed(3),
    share: +(a.rps / b.rps).toFixed(3),
    // On a shared machine the two rates are taken at different moments; CPU per request is steadier.
    cpu_share: +(leastCpu(rows.bare) / leastCpu(rows.archive)).toFixed(3),
  });
}
archive.send('queries');
const queriesDuringLoad = (await archive.next()).queries - queriesBefore;

// Cache misses: every request routed, read, rendered and compressed, by the archive as it runs in
// production, over the archive seeded above (whose process closes first: PGlite has one owner).
archive.send('close');
await new Promise((resolve) => archive.proc.once('exit', resolve));
bare.proc.kill();
const uncached = [];
for (const processes of ready.database === 'PostgreSQL' ? [1, Number(args.processes)] : [1])
  uncached.push(...(await measureUncached(processes)));

const report = {
  database: ready.database,
  archive_size: ready.size,
  connections: Number(args.connections),
  load_generator: generator,
  cached,
  uncached,
  skipped: ready.skipped,
  queries: ready.queries,
  queries_during_cached_load: queriesDuringLoad,
  revalidation: ready.revalidation,
};
const bars = {
  [`cached reads >= ${SHARE_BAR * 100}% of the bare server on every path`]: cached.every(
    (r) => r.share >= SHARE_BAR && r.archive.errors === 0,
  ),
  [`a random parameter on every request >= ${SHARE_BAR * 100}% of the cached rate on every path`]: cached.every(
    (r) => r.busted_share >= SHARE_BAR && r.busted.errors === 0,
  ),
  [`uncached book and poem pages >= ${UNCACHED_RPS_BAR} req/s, p99 <= ${UNCACHED_P99_BAR_MS} ms with ${uncached.at(-1).processes} API process(es)`]:
    uncached
      .filter((r) => r.processes === uncached.at(-1).processes)
      .every((r) => r.archive.rps >= UNCACHED_RPS_BAR && r.archive.p99_ms <= UNCACHED_P99_BAR_MS && r.archive.errors === 0),
  'SQL queries per uncached request constant in the archive size': Object.values(ready.queries).every((q) => q.small === q.full),
};

if (args.json) {
  console.log(JSON.stringify({ ...report, bars }, null, 2));
} else {
  console.log(
    `\nPublic reads on ${ready.database}, ${ready.size.publications} publications x ${ready.size.poems} poems, ${args.connections} connections (load from ${generator}), best of ${args.rounds} x ${args.seconds} s`,
  );
  console.log('\nCached (as a browser asks: Brotli accepted), archive vs a bare node http server sending the same bytes');
  for (const r of cached) {
    console.log(`\n${r.name}: ${r.path}  (${r.bytes} bytes, ${r.encoding})`);
    console.log(
      `  archive ${String(r.archive.rps).padStart(7)} req/s  p50 ${r.archive.p50_ms} ms  p99 ${r.archive.p99_ms} ms  errors ${r.archive.errors}  CPU ${r.archive.cpu_us_per_request} us/request`,
    );
    console.log(
      `  bare    ${String(r.bare.rps).padStart(7)} req/s  p50 ${r.bare.p50_ms} ms  p99 ${r.bare.p99_ms} ms  CPU ${r.bare.cpu_us_per_request} us/request`,
    );
    console.log(
      `  busted  ${String(r.busted.rps).padStart(7)} req/s  p50 ${r.busted.p50_ms} ms  p99 ${r.busted.p99_ms} ms  errors ${r.busted.errors}  (a random x=N on every request: ${(r.busted_share * 100).toFixed(1)}% of the cached rate)`,
    );
    console.log(
      `  share of the bare server: ${(r.share * 100).toFixed(1)}% of its rate (bar ${SHARE_BAR * 100}%) ${r.share >= SHARE_BAR ? 'OK' : 'BELOW BAR'}; ${(r.cpu_share * 100).toFixed(1)}% by CPU per request`,
    );
  }
  for (const s of ready.skipped)
    console.log(`\nskipped ${s.name}: ${s.path} answered ${s.status}${s.location ? ` -> ${s.location}` : ''} (not on this build)`);
  console.log('\nUncached (dist/server/main.js with READ_CACHE_MB=0: every request routed, read, rendered and compressed)');
  for (const r of uncached) {
    console.log(
      `  ${r.name.padEnd(18)} ${r.processes} process${r.processes > 1 ? 'es' : '  '} ${String(r.archive.rps).padStart(6)} req/s  p50 ${r.archive.p50_ms} ms  p99 ${r.archive.p99_ms} ms  errors ${r.archive.errors}  CPU ${r.archive.cpu_us_per_request} us/request  ${r.path}`,
    );
  }
  console.log('\nSQL queries per uncached request (small archive -> full archive):');
  for (const [path, q] of Object.entries(ready.queries))
    console.log(`  ${path}: ${q.small} -> ${q.full}${q.small === q.full ? ' (constant)' : ' (GROWS)'}`);
  console.log(`Repeat visit with If-None-Match: ${ready.revalidation}`);
  console.log(`SQL queries during the cached load: ${queriesDuringLoad}`);
  for (const [bar, ok] of Object.entries(bars)) console.log(`${ok ? 'PASS' : 'FAIL'}  ${bar}`);
}
process.exit(Object.values(bars).every(Boolean) ? 0 : 1);
