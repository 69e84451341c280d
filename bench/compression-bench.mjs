#!/usr/bin/env node
/**
 * Which Brotli quality and gzip level the read cache uses (`node bench/compression-bench.mjs` after
 * `npm run build`): the archive's own pages (a 40-poem book page, a poem page, home, a
 * publication's poems as JSON), on PGlite in memory, seeded with varied verse (not repeated lines,
 * which would flatter every coder), each compressed at several settings: size and time per page.
 * A cache miss pays this once per coding; the quality is chosen where size stops paying for time.
 */
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

process.env.NODE_ENV = 'production';
const dist = (p) => pathToFileURL(resolve('dist/server', p)).href;
const { createApp } = await import(dist('bootstrap.js'));
const { loadConfig } = await import(dist('config/app-config.js'));
const { CatalogCommands } = await import(dist('catalog/application/catalog-commands.js'));

const WORDS = `river morning light window harbour quiet letter mother winter orchard branch silver heron
  evening paper lamp street bread salt rain garden stone bridge kitchen table voice hands late early
  under over across between slowly always never almost nothing something carries holds keeps breaks
  the a of and in to with from where when while because`
  .split(/\s+/)
  .filter(Boolean);
let state = 42;
const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const line = () => Array.from({ length: 4 + Math.floor(random() * 6) }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
const poem = () => Array.from({ length: 3 }, () => Array.from({ length: 4 }, line).join('\n')).join('\n\n');

const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'compression-bench-')),
  ADMIN_USERNAME: 'bench',
  ADMIN_PASSWORD: 'bench-password',
});
const app = await createApp(config, { inMemory: true, logger: ['error'] });
await app.listen(0, '127.0.0.1');
const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
const commands = app.get(CatalogCommands);
const pub = await commands.createPublication({
  title: 'Collected Evenings',
  authors: [],
  publisher: 'Lantern Press',
  publication_date: '1987',
  isbn: '',
  notes: '',
});
const poems = await commands.addPoems(
  pub.id,
  Array.from({ length: 40 }, (_, i) => ({ title: `${line()} ${i}`, body: poem() })),
);
await commands.setStatus(pub.id, 'published');

const pages = {
  'book page (40 poems)': `/publication/${pub.slug}`,
  'poem page': `/poem/${poems[3].slug}`,
  home: '/',
  'poems JSON': `/api/publications/${pub.slug}/poems/`,
};
const coders = [
  ...[1, 4, 5, 6, 9, 11].map((q) => [
    `br ${q}`,
    (b) =>
      brotliCompressSync(b, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: q,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: b.length,
        },
      }),
  ]),
  ...[1, 6, 9].map((l) => [`gzip ${l}`, (b) => gzipSync(b, { level: l })]),
];
for (const [name, path] of Object.entries(pages)) {
  const body = Buffer.from(await (await fetch(base + path, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  console.log(`\n${name}: ${path}, ${(body.length / 1024).toFixed(1)} KB`);
  for (const [coder, run] of coders) {
    run(body);
    const times = coder.endsWith(' 11') ? 5 : 40;
    const started = performance.now();
    let out;
    for (let i = 0; i < times; i++) out = run(body);
    const ms = (performance.now() - started) / times;
    console.log(
      `  ${coder.padEnd(8)} ${String(out.length).padStart(7)} bytes (${((100 * out.length) / body.length).toFixed(1)}%)  ${ms.toFixed(2)} ms`,
    );
  }
}
await app.close();
