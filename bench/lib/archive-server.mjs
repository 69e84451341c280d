/**
 * The archive's API process for the benchmark: the compiled app (dist/server) on PGlite in memory
 * or DATABASE_URL, seeded through the catalog's own commands, with SQL queries counted.
 */
import 'reflect-metadata';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';

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
const { PostgresQueryRunner } = await import('typeorm/driver/postgres/PostgresQueryRunner.js');

let queries = 0;
const original = PostgresQueryRunner.prototype.query;
PostgresQueryRunner.prototype.query = function (...a) {
  queries++;
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
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'archive-bench-')),
    ADMIN_USERNAME: 'bench',
    ADMIN_PASSWORD: 'bench-password',
  });
  const app = await createApp(config, { inMemory: true, logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  const port = app.getHttpServer().address().port;
  const commands = app.get(CatalogCommands);
  const base = `http://127.0.0.1:${port}`;

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
      await commands.addPoems(pub.id, Array.from({ length: poems }, (_, i) => ({ title: `Poem ${i} of ${p}`, body: poemBody(p, i), pageNumbers: [i + 1] })));
      await commands.setStatus(pub.id, 'published');
    }
  }

  // Queries of one uncached request (first request after a change misses the cache).
  async function countQueries(path) {
    await commands.updatePublication(1, { notes: String(Date.now()) });
    const before = queries;
    await get(base + path);
    return queries - before;
  }

  await seed(0, 5);
  const paths = ['/api/publications/', '/api/publications/collection-1/poems/'];
  const small = {};
  for (const path of paths) small[path] = await countQueries(path);
  await seed(5, publications);
  const counted = {};
  for (const path of paths) counted[path] = { small: small[path], full: await countQueries(path) };

  const routes = [];
  for (const path of paths) {
    const res = await get(base + path);
    const body = res.body;
    // The bare server answers the very same bytes: body and every header but the per-connection ones.
    const headers = { ...res.headers };
    for (const name of ['date', 'connection', 'keep-alive', 'transfer-encoding']) delete headers[name];
    routes.push({ path, body: body.toString('base64'), headers });
  }
  const etag = (await get(base + paths[0])).headers.etag;
  const again = await get(base + paths[0], { 'If-None-Match': etag });
  process.on('message', (m) => m === 'queries' && process.send({ queries }));
  process.send({
    port,
    routes,
    queries: counted,
    revalidation: `${again.status} ${again.status === 304 ? '(costs no body)' : '(expected 304)'}`,
    database: config.databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)',
    size: { publications, poems },
  });
});
