/**
 * The archive's API process for the benchmark: the compiled app (dist/server) on PGlite under a
 * new DATA_DIR or on DATABASE_URL, seeded through the catalog's own commands, with SQL queries
 * counted. Reports every public path it answers (bench/lib/public-paths.mjs) with the bytes and
 * headers it sent a browser, and its DATA_DIR; on 'close' it closes the app and exits, leaving the
 * seeded archive to the processes that measure cache misses (bench/lib/archive-processes.mjs).
 */
import 'reflect-metadata';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { BROWSER_HEADERS, PUBLIC_PATHS } from './public-paths.mjs';

/** One GET on a fresh connection (a pooled one may have timed out while seeding). */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const dist = (p) => pathToFileURL(resolve('dist/server', p)).href;
const { createApp } = await import(dist('bootstrap.js'));
const { loadConfig } = await import(dist('config/app-config.js'));
const { CatalogCommands } = await import(dist('catalog/application/catalog-commands.js'));
const { PublicReadCache } = await import(dist('delivery/index.js'));
const { PostgresQueryRunner } = await import('typeorm/driver/postgres/PostgresQueryRunner.js');

// Reads of the catalog's tables only: the in-process job queue polls its own table meanwhile.
let queries = 0;
const CATALOG_READ = /\bFROM "?(poems|publications|poem_search_documents)"?/i;
const count = (sql) => {
  if (CATALOG_READ.test(typeof sql === 'string' ? sql : (sql?.text ?? ''))) queries++;
};
const original = PostgresQueryRunner.prototype.query;
PostgresQueryRunner.prototype.query = function (...a) {
  count(a[0]);
  return original.apply(this, a);
};

function poemBody(p, i) {
  const lines = [];
  for (let s = 0; s < 3; s++) {
    for (let l = 0; l < 4; l++) lines.push(`${l % 2 ? '    ' : ''}line ${l} of stanza ${s} in poem ${i} of book ${p}, with words enough`);
    lines.push('');
  }
  return lines.join('\n').trim();
}

process.once('message', async ({ publications, poems }) => {
  if (process.env.DATABASE_URL) {
    const pg = (await import('pg')).default;
    const name = new URL(process.env.DATABASE_URL).pathname.slice(1);
    if (!/test|bench/i.test(name)) throw new Error(`Refusing to reset database "${name}"`);
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await client.end();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'archive-bench-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: 'bench',
    ADMIN_PASSWORD: 'bench-password',
  });
  const app = await createApp(config, { logger: ['error'] });
  // The reader pages' reads go to the pool itself as named statements on PostgreSQL.
  const { DataSource } = await import('typeorm');
  const pool = app.get(DataSource).driver.master;
  const poolQuery = pool.query.bind(pool);
  pool.query = (...a) => {
    count(a[0]);
    return poolQuery(...a);
  };
  await app.listen(0, '127.0.0.1');
  const port = app.getHttpServer().address().port;
  const commands = app.get(CatalogCommands);
  const base = `http://127.0.0.1:${port}`;

  const seeded = [];
  async function seed(from, to) {
    for (let p = from; p < to; p++) {
      const pub = await commands.createPublication({
        title: `Collection ${p}`,
        authors: ['The Poet'],
        publisher: 'Bench Press',
        publicationDate: String(1960 + (p % 40)),
        isbn: '',
        notes: '',
      });
      const added = await commands.addPoems(
        pub.id,
        Array.from({ length: poems }, (_, i) => ({
          title: `Poem ${i} of ${p}`,
          body: poemBody(p, i),
          // Its About section shows notes, as a curator's poems have.
          notes: `Written in the spring of ${1958 + (p % 40)}; first printed in a magazine, then as page ${i + 1} of this collection.`,
          pageNumbers: [i + 1],
        })),
      );
      seeded.push({ publication: await commands.setStatus(pub.id, 'published'), poems: added });
    }
  }

  const cache = app.get(PublicReadCache);
  const data = () => ({ publication: seeded[1].publication, poem: seeded[1].poems[3], word: 'stanza' });
  // Queries of one uncached request, with the read cache off.
  async function countQueries(path) {
    cache.enabled = false;
    const before = queries;
    await get(base + path);
    cache.enabled = true;
    return queries - before;
  }

  await seed(0, 5);
  const counting = PUBLIC_PATHS.filter((p) => p.uncached || p.name.startsWith('API')).map((p) => p.path(data()));
  const small = {};
  for (const path of counting) small[path] = await countQueries(path);
  await seed(5, publications);
  const counted = {};
  for (const path of counting) counted[path] = { small: small[path], full: await countQueries(path) };

  const routes = [];
  const skipped = [];
  for (const entry of PUBLIC_PATHS) {
    const path = entry.path(data());
    await get(base + path, BROWSER_HEADERS); // a miss: rendered and stored
    const res = await get(base + path, BROWSER_HEADERS);
    if (res.status !== 200) {
      skipped.push({ name: entry.name, path, status: res.status, location: res.headers.location });
      continue;
    }
    // The bare server answers the very same bytes: body and every header but the per-connection ones.
    const headers = { ...res.headers };
    for (const name of ['date', 'connection', 'keep-alive', 'transfer-encoding']) delete headers[name];
    routes.push({ name: entry.name, path, uncached: !!entry.uncached, body: res.body.toString('base64'), headers });
  }
  for (const s of skipped) delete counted[s.path];
  const etag = (await get(base + routes[0].path)).headers.etag;
  const again = await get(base + routes[0].path, { 'If-None-Match': etag });
  process.on('message', async (m) => {
    if (m === 'queries') process.send({ queries });
    if (m === 'cpu') process.send({ cpu: process.cpuUsage() });
    if (m === 'close') {
      await app.close();
      process.exit(0);
    }
  });
  process.send({
    port,
    routes,
    skipped,
    queries: counted,
    revalidation: `${again.status} ${again.status === 304 ? '(costs no body)' : '(expected 304)'}`,
    database: config.databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)',
    dataDir,
    size: { publications, poems },
  });
});
