#!/usr/bin/env node
/**
 * Reader benchmark (`npm run bench:reader`, or `node bench/reader-bench.mjs` after `npm run build`).
 *
 * 1. JavaScript a reader page loads, gzipped: the client entry and its static imports from the
 *    build manifest, plus the web-vitals chunk that loads only when an endpoint is configured.
 *    Bar: at most 80 KB.
 * 2. Requests/s of a server-rendered poem page (the compiled app on in-memory PGlite, seeded
 *    through the catalog) against a bare Node http server answering the same bytes, each load
 *    generated from a separate process. Also the cost of an uncached page (data + render) and
 *    whether a repeat visit costs a 304. Bar: a cached page, one visitor at a time, p50 under 5 ms.
 */
import 'reflect-metadata';
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const self = fileURLToPath(import.meta.url);
const here = fileURLToPath(new URL('.', import.meta.url));
const KB = 1024;

if (process.argv[2] === '--serve') await serve();
else await main();

async function main() {
  const { values: args } = parseArgs({
    options: {
      seconds: { type: 'string', default: '3' },
      rounds: { type: 'string', default: '3' },
      connections: { type: 'string', default: '32' },
      json: { type: 'boolean', default: false },
    },
  });
  for (const file of ['dist/reader/client/.vite/manifest.json', 'dist/reader/server/entry-server.js', 'dist/server/bootstrap.js']) {
    if (!existsSync(file)) {
      console.error(`${file} is missing: run "npm run build" first.`);
      process.exit(1);
    }
  }

  const js = javascriptSize();
  const app = child(self, ['--serve']);
  const ready = await app.next();
  const bare = child(`${here}lib/bare-server.mjs`);
  bare.send({ routes: [{ path: ready.path, body: ready.body, headers: ready.headers }] });
  const { port: barePort } = await bare.next();

  const runs = { archive: [], bare: [] };
  for (let round = 0; round < Number(args.rounds); round++) {
    for (const [name, port] of [
      ['archive', ready.port],
      ['bare', barePort],
    ]) {
      const load = child(`${here}lib/load.mjs`, ['--child']);
      load.send({ url: `http://127.0.0.1:${port}${ready.path}`, seconds: Number(args.seconds), connections: Number(args.connections) });
      runs[name].push(await load.next());
    }
  }
  // Latency of one visitor at a time: what "a cached page in a few milliseconds" means.
  const single = { archive: [], bare: [] };
  for (const [name, port] of [
    ['archive', ready.port],
    ['bare', barePort],
  ]) {
    const load = child(`${here}lib/load.mjs`, ['--child']);
    load.send({ url: `http://127.0.0.1:${port}${ready.path}`, seconds: Number(args.seconds), connections: 1 });
    single[name] = await load.next();
  }
  app.proc.kill();
  bare.proc.kill();

  const best = (list) => list.reduce((a, b) => (b.rps > a.rps ? b : a));
  const a = best(runs.archive);
  const b = best(runs.bare);
  const report = {
    javascript: js,
    page: { path: ready.path, bytes: Buffer.from(ready.body, 'base64').length },
    archive: { rps: Math.round(a.rps), p50_ms: +a.p50.toFixed(2), p99_ms: +a.p99.toFixed(2), errors: a.errors },
    bare: { rps: Math.round(b.rps), p50_ms: +b.p50.toFixed(2), p99_ms: +b.p99.toFixed(2) },
    share: +(a.rps / b.rps).toFixed(3),
    one_connection: {
      archive_p50_ms: +single.archive.p50.toFixed(2),
      archive_p99_ms: +single.archive.p99.toFixed(2),
      bare_p50_ms: +single.bare.p50.toFixed(2),
    },
    uncached: ready.uncached,
    revalidation: ready.revalidation,
  };
  const bars = {
    'JavaScript per page <= 80 KB gzipped': js.page_with_vitals_bytes <= 80 * KB,
    'cached poem page, one visitor at a time, p50 < 5 ms': report.one_connection.archive_p50_ms < 5 && report.archive.errors === 0,
    'repeat visit answered 304': ready.revalidation === 304,
  };

  if (args.json) {
    console.log(JSON.stringify({ ...report, bars }, null, 2));
  } else {
    const kb = (n) => `${(n / KB).toFixed(1)} KB`;
    console.log('\nReader JavaScript (gzip -9)');
    for (const f of js.files) console.log(`  ${f.kind.padEnd(9)} ${kb(f.gzip).padStart(9)}  ${f.file}`);
    console.log(`  page load ${kb(js.page_bytes)}; with web vitals configured ${kb(js.page_with_vitals_bytes)} (budget 80 KB)`);
    console.log(`\nServer-rendered poem page ${report.page.path} (${report.page.bytes} bytes), ${args.connections} connections`);
    console.log(
      `  archive ${String(report.archive.rps).padStart(7)} req/s  p50 ${report.archive.p50_ms} ms  p99 ${report.archive.p99_ms} ms  errors ${report.archive.errors}`,
    );
    console.log(`  bare    ${String(report.bare.rps).padStart(7)} req/s  p50 ${report.bare.p50_ms} ms  p99 ${report.bare.p99_ms} ms`);
    console.log(`  archive reaches ${(report.share * 100).toFixed(1)}% of the bare server`);
    console.log(
      `  one connection: archive p50 ${report.one_connection.archive_p50_ms} ms (p99 ${report.one_connection.archive_p99_ms} ms), bare p50 ${report.one_connection.bare_p50_ms} ms`,
    );
    console.log(
      `  a cache miss costs ${report.uncached.catalog_reads_ms} ms of catalog reads + ${report.uncached.render_ms} ms of rendering`,
    );
    console.log(`  repeat visit with If-None-Match: HTTP ${report.revalidation}`);
    for (const [bar, ok] of Object.entries(bars)) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${bar}`);
  }
  process.exit(Object.values(bars).every(Boolean) ? 0 : 1);
}

/** Sizes from the client manifest: what the first load of a page fetches, and what loads later. */
function javascriptSize() {
  const manifest = JSON.parse(readFileSync('dist/reader/client/.vite/manifest.json', 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const gz = (file) => gzipSync(readFileSync(join('dist/reader/client', file)), { level: 9 }).length;
  const files = [];
  const seen = new Set();
  const walk = (key, kind) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    files.push({ file: chunk.file, kind, gzip: gz(chunk.file) });
    for (const dep of chunk.imports ?? []) walk(dep, kind);
  };
  walk(entryKey, 'initial');
  for (const key of manifest[entryKey].dynamicImports ?? []) walk(key, /web-vitals/.test(key) ? 'vitals' : 'on demand');
  const sum = (kinds) => files.filter((f) => kinds.includes(f.kind)).reduce((n, f) => n + f.gzip, 0);
  return { files, page_bytes: sum(['initial']), page_with_vitals_bytes: sum(['initial', 'vitals']), on_demand_bytes: sum(['on demand']) };
}

function child(file, args = []) {
  const proc = fork(file, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () =>
    new Promise((resolveMessage, reject) => {
      proc.once('message', resolveMessage);
      proc.once('exit', (code) => code && reject(new Error(`${file} exited with ${code}`)));
    });
  return { proc, next, send: (m) => proc.send(m) };
}

/** The archive's API process, compiled, on in-memory PGlite, with one seeded collection. */
async function serve() {
  const dist = (p) => pathToFileURL(resolve('dist/server', p)).href;
  const { createApp } = await import(dist('bootstrap.js'));
  const { SitePages } = await import(dist('site/index.js'));
  const { loadConfig } = await import(dist('config/app-config.js'));
  const { CatalogCommands } = await import(dist('catalog/application/catalog-commands.js'));

  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'reader-bench-')),
    PUBLIC_URL: 'https://poetry.example.org',
    ADMIN_USERNAME: 'bench',
    ADMIN_PASSWORD: 'bench-password',
  });
  const app = await createApp(config, { inMemory: true, logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  const port = app.getHttpServer().address().port;

  const commands = app.get(CatalogCommands);
  const pub = await commands.createPublication({
    title: 'Collected Evenings',
    authors: [],
    publisher: 'Lantern Press',
    publicationDate: '1987',
    isbn: '978-0-306-40615-7',
    notes: '',
  });
  const stanza = (i) =>
    `The evening folds its paper light ${i}\n    across the harbour and the hill,\nwhere gulls write slowly, left to right,\n        the letters that the tide keeps still.`;
  const poems = await commands.addPoems(
    pub.id,
    Array.from({ length: 12 }, (_, i) => ({ title: `Evening ${i + 1}`, body: [0, 1, 2, 3].map((s) => stanza(i * 4 + s)).join('\n\n') })),
  );
  await commands.setStatus(pub.id, 'published');
  const path = `/poem/${poems[5].slug}`;
  const base = `http://127.0.0.1:${port}`;

  const first = await fetch(base + path);
  if (first.status !== 200) throw new Error(`${path} answered ${first.status}: is the reader built?`);
  const body = Buffer.from(await first.arrayBuffer());
  const headers = {};
  for (const h of ['content-type', 'cache-control', 'etag', 'vary']) headers[h] = first.headers.get(h);
  const revalidation = (await fetch(base + path, { headers: { 'If-None-Match': first.headers.get('etag') } })).status;

  // Uncached: what a cache miss costs without HTTP, split into catalog reads and the render.
  const pages = app.get(SitePages);
  const state = await pages.poem(poems[5].slug);
  for (let i = 0; i < 20; i++) pages.document(await pages.poem(poems[5].slug));
  let t0 = performance.now();
  for (let i = 0; i < 200; i++) await pages.poem(poems[5].slug);
  const reads = (performance.now() - t0) / 200;
  t0 = performance.now();
  for (let i = 0; i < 200; i++) pages.document(state);
  const render = (performance.now() - t0) / 200;
  const uncached = { catalog_reads_ms: +reads.toFixed(2), render_ms: +render.toFixed(2) };

  process.send({ port, path, body: body.toString('base64'), headers, revalidation, uncached });
}
