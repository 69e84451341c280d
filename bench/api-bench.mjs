#!/usr/bin/env node
/**
 * Public read benchmark (`npm run bench`, or alone: node bench/api-bench.mjs after a build).
 *
 * Seeds a synthetic archive (50 publications x 40 poems by default) in the archive's own process,
 * then, in turns, loads `GET /api/publications/` and `GET /api/publications/{slug}/poems/` on the
 * archive and on a bare Node http server answering the very same bytes, each load from a separate
 * process. Prints requests/s, p50/p99 latency, the archive's share of the bare server's rate
 * (bar: at least 50%), SQL queries per uncached request at two archive sizes (must not grow), and
 * whether a repeat visit costs a 304.
 *
 * Uses DATABASE_URL when set (PostgreSQL), else embedded PGlite in memory.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = fileURLToPath(new URL('.', import.meta.url));
const { values: args } = parseArgs({
  options: {
    publications: { type: 'string', default: '50' },
    poems: { type: 'string', default: '40' },
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    json: { type: 'boolean', default: false },
  },
});

function child(file, args = []) {
  const proc = fork(file, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () => new Promise((resolve, reject) => {
    proc.once('message', resolve);
    proc.once('exit', (code) => code && reject(new Error(`${file} exited with ${code}`)));
  });
  return { proc, next, send: (m) => proc.send(m) };
}

async function runLoad(url, headers = {}) {
  const c = child(`${here}lib/load.mjs`, ['--child']);
  c.send({ url, headers, seconds: Number(args.seconds), connections: Number(args.connections) });
  return c.next();
}

const archive = child(`${here}lib/archive-server.mjs`);
archive.send({ publications: Number(args.publications), poems: Number(args.poems) });
const ready = await archive.next();
const bare = child(`${here}lib/bare-server.mjs`);
bare.send({ routes: ready.routes });
const { port: barePort } = await bare.next();

archive.send('queries');
const queriesBefore = (await archive.next()).queries;
const results = [];
for (const route of ready.routes) {
  const rows = { archive: [], bare: [] };
  for (let round = 0; round < Number(args.rounds); round++) {
    rows.archive.push(await runLoad(`http://127.0.0.1:${ready.port}${route.path}`));
    rows.bare.push(await runLoad(`http://127.0.0.1:${barePort}${route.path}`));
  }
  const best = (list, key) => list.reduce((a, b) => (b[key] > a[key] ? b : a));
  const a = best(rows.archive, 'rps');
  const b = best(rows.bare, 'rps');
  results.push({
    path: route.path,
    bytes: Buffer.from(route.body, 'base64').length,
    archive: { rps: Math.round(a.rps), p50_ms: +a.p50.toFixed(2), p99_ms: +a.p99.toFixed(2), errors: a.errors },
    bare: { rps: Math.round(b.rps), p50_ms: +b.p50.toFixed(2), p99_ms: +b.p99.toFixed(2) },
    share: +(a.rps / b.rps).toFixed(3),
  });
}
archive.send('queries');
const queriesDuringLoad = (await archive.next()).queries - queriesBefore;
archive.proc.kill();
bare.proc.kill();

const report = { queries_during_load: queriesDuringLoad, database: ready.database, archive_size: ready.size, queries: ready.queries, revalidation: ready.revalidation, results };
if (args.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`\nPublic reads on ${ready.database}, ${ready.size.publications} publications x ${ready.size.poems} poems`);
  for (const r of results) {
    console.log(`\n${r.path}  (${r.bytes} bytes)`);
    console.log(`  archive ${String(r.archive.rps).padStart(7)} req/s  p50 ${r.archive.p50_ms} ms  p99 ${r.archive.p99_ms} ms  errors ${r.archive.errors}`);
    console.log(`  bare    ${String(r.bare.rps).padStart(7)} req/s  p50 ${r.bare.p50_ms} ms  p99 ${r.bare.p99_ms} ms`);
    console.log(`  share of the bare server: ${(r.share * 100).toFixed(1)}% (bar 50%) ${r.share >= 0.5 ? 'OK' : 'BELOW BAR'}`);
  }
  console.log('\nSQL queries per uncached request (small archive -> full archive):');
  for (const [path, q] of Object.entries(ready.queries)) console.log(`  ${path}: ${q.small} -> ${q.full}${q.small === q.full ? ' (constant)' : ' (GROWS)'}`);
  console.log(`Repeat visit with If-None-Match: ${ready.revalidation}`);
  console.log(`SQL queries during all the load above: ${queriesDuringLoad} (repeat reads come from the read cache)`);
}
const failed = results.some((r) => r.share < 0.5 || r.archive.errors > 0) || Object.values(ready.queries).some((q) => q.small !== q.full);
process.exit(failed ? 1 : 0);
