import http from 'node:http';
import net from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { CatalogChanges } from '../../src/catalog/infrastructure/catalog-changes.js';
import { CatalogCommands } from '../../src/catalog/application/catalog-commands.js';
import type { Poem } from '../../src/catalog/domain/poem.js';
import type { Publication } from '../../src/catalog/domain/publication.js';
import { ADMIN, csrfAgent, dbTargets, POSTGRES_URL, resetPostgres, staffAgent, startTestApp, type TestApp } from '../support/test-app.js';
import { PUBLIC_CACHE_CONTROL } from '../../src/delivery/index.js';

/**
 * Counts the catalog's SQL reads, so a test can tell an answer from memory from one the database
 * made. Every query TypeORM runs (raw, query builder or repository) goes through a QueryRunner;
 * the reader pages' reads go to the pool itself as named statements on PostgreSQL
 * (src/database/prepared-statement.ts).
 */
function countCatalogReads(t: TestApp): () => number {
  const driver = t.app.get(DataSource).driver;
  let reads = 0;
  const count = (sql: string) => {
    if (/\bFROM "?(poems|publications|poem_search_documents)"?/i.test(sql)) reads++;
  };
  const createQueryRunner = driver.createQueryRunner.bind(driver);
  driver.createQueryRunner = (mode) => {
    const runner = createQueryRunner(mode);
    const query = runner.query.bind(runner);
    runner.query = ((sql: string, ...rest: unknown[]) => {
      count(sql);
      return (query as (...a: unknown[]) => unknown)(sql, ...rest);
    }) as typeof runner.query;
    return runner;
  };
  const pool = (driver as unknown as { master: { query: (config: unknown, ...rest: unknown[]) => unknown } }).master;
  const poolQuery = pool.query.bind(pool);
  pool.query = (config: unknown, ...rest: unknown[]) => {
    count(typeof config === 'string' ? config : (config as { text: string }).text);
    return poolQuery(config, ...rest);
  };
  return () => reads;
}

/** Raw bytes and headers, as the server sent them (no coding asked for unless given). */
async function raw(t: TestApp, path: string, headers: Record<string, string> = {}) {
  const server = t.app.getHttpServer() as http.Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false, headers: { 'Accept-Encoding': 'identity', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

function decoded(res: { headers: Record<string, string>; body: Buffer }): string {
  const coding = res.headers['content-encoding'];
  return (coding === 'br' ? brotliDecompressSync(res.body) : coding === 'gzip' ? gunzipSync(res.body) : res.body).toString();
}

/**
 * Visits the paths until a second visit of each is answered from the cache. On PostgreSQL a
 * change also comes back by NOTIFY a moment later and drops what was cached in between.
 */
async function prime(t: TestApp, reads: () => number, paths: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        for (const path of paths) await raw(t, path);
        const before = reads();
        for (const path of paths) await raw(t, path);
        return reads() - before;
      },
      { timeout: 10_000 },
    )
    .toBe(0);
}

async function seed(t: TestApp, title: string): Promise<{ publication: Publication; poems: Poem[] }> {
  const commands = t.app.get(CatalogCommands);
  const publication = await commands.createPublication({
    title,
    authors: [],
    publisher: 'Lantern Press',
    publicationDate: '1990',
    isbn: '',
    notes: '',
  });
  const poems = await commands.addPoems(publication.id, [
    { title: `${title}: Morning`, body: 'The light comes in\nacross the floor\n\nand stays a while.'.repeat(20) },
    { title: `${title}: Evening`, body: 'The lamps are lit\nalong the quay.' },
  ]);
  return { publication: await commands.setStatus(publication.id, 'published'), poems };
}

describe.each(dbTargets())('public read cache on %s', (target) => {
  let t: TestApp;
  let reads: () => number;
  let river: { publication: Publication; poems: Poem[] };
  let orchard: { publication: Publication; poems: Poem[] };

  beforeAll(async () => {
    ensureReaderBuilt();
    t = await startTestApp(target);
    reads = countCatalogReads(t);
    river = await seed(t, 'River Songs');
    orchard = await seed(t, 'Orchard Letters');
  });
  afterAll(async () => t?.close());

  /** Catalog reads made while answering `path` (0: it came from the cache). */
  async function readsFor(path: string, headers: Record<string, string> = {}) {
    const before = reads();
    const res = await raw(t, path, headers);
    expect(res.status).toBe(200);
    return { reads: reads() - before, res };
  }

  it('sends pages and catalog JSON compressed with Brotli or gzip as the client accepts, the same content either way', async () => {
    for (const path of [`/publication/${river.publication.slug}`, `/api/publications/${river.publication.slug}/poems/`]) {
      const plain = await raw(t, path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (let visit = 0; visit < 2; visit++) {
        // The first visit is rendered by the application, the second answered from the cache.
        const br = await raw(t, path, { 'Accept-Encoding': 'gzip, deflate, br' });
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers.vary).toMatch(/Accept-Encoding/i);
        expect(br.body.length).toBeLessThan(plain.body.length / 2);
        expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
        const gz = await raw(t, path, { 'Accept-Encoding': 'gzip' });
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
        const refused = await raw(t, path, { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
        expect(refused.headers['content-encoding']).toBeUndefined();
        expect(refused.body.equals(plain.body)).toBe(true);
      }
      expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    }
  });

  it('answers a repeat visit from memory, and with 304 when the browser has it', async () => {
    const path = `/poem/${river.poems[1].slug}`;
    await prime(t, reads, [path]);
    const again = await readsFor(path, { 'Accept-Encoding': 'br' });
    expect(again.reads).toBe(0);
    const revalidated = await raw(t, path, { 'If-None-Match': again.res.headers.etag, 'Accept-Encoding': 'br' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it('treats a session cookie that is not a live session as no cookie: made-up, or from a signed-out curator', async () => {
    const path = `/publication/${orchard.publication.slug}`;
    await prime(t, reads, [path]);
    expect((await readsFor(path, { Cookie: 'sessionid=s%3Amade-up.c2lnbmF0dXJl' })).reads).toBe(0);
    expect((await readsFor(path, { Cookie: 'sessionid=anything; theme=dark' })).reads).toBe(0);

    const { agent } = await csrfAgent(t);
    const login = await agent.post('/api/auth/login/').send(ADMIN).expect(200);
    const cookie = /sessionid=[^;]+/.exec(String(login.headers['set-cookie']))![0];
    // While signed in, the cookie is a live session: the page is made for the curator.
    expect((await readsFor(path, { Cookie: cookie })).reads).toBeGreaterThan(0);
    await agent.post('/api/auth/logout/').expect((r) => expect(r.status).toBeLessThan(300));
    await new Promise((resolve) => setTimeout(resolve, 5_100)); // what the cache remembers of a session lasts 5 s
    expect((await readsFor(path, { Cookie: cookie })).reads).toBe(0);
  });

  it('never answers a signed-in curator from the cache: they see their drafts and their own changes', async () => {
    const path = `/api/publications/${river.publication.slug}/poems/`;
    await prime(t, reads, [path]);
    const { agent } = await staffAgent(t);
    const before = reads();
    const mine = await agent.get(path).set('Accept-Encoding', 'br').expect(200);
    expect(reads() - before).toBeGreaterThan(0);
    expect(mine.body.map((p: Poem) => p.title)).toEqual(river.poems.map((p) => p.title));

    const draft = await agent
      .post('/api/publications/')
      .send({ title: 'Quiet Drafts', authors: [], publisher: '', publicationDate: '', isbn: '', notes: '' })
      .expect(201);
    const anonymousList = await t.http().get('/api/publications/').expect(200);
    expect(JSON.stringify(anonymousList.body)).not.toContain('Quiet Drafts');
    const staffList = await agent.get('/api/publications/?admin=true').expect(200);
    expect(staffList.headers['cache-control']).toBe('private, no-store');
    expect(JSON.stringify(staffList.body)).toContain('Quiet Drafts');
    await agent.get(`/api/publications/${draft.body.slug}/?admin=true`).expect(200);
  });

  it('answers an address with parameters it does not take from memory: a random query string cannot force a render', async () => {
    const pages = [
      '/',
      '/publications',
      `/publication/${river.publication.slug}`,
      `/poem/${river.poems[0].slug}`,
      '/api/publications/',
      `/api/poems/${river.poems[0].slug}/`,
    ];
    await prime(t, reads, pages);
    for (const path of pages) {
      for (const query of ['?x=123', `?x=${Math.random()}&utm_source=mail`, '?']) {
        const busted = await readsFor(path + query);
        expect(busted.reads, path + query).toBe(0);
        expect(decoded(busted.res)).toBe(decoded(await raw(t, path)));
      }
    }
    // Parameters an address takes still make their own answer, however they are spelt.
    await prime(t, reads, ['/search?q=river+songs']);
    expect((await readsFor('/search?x=1&q=river%20songs')).reads).toBe(0);
    const other = await readsFor('/search?q=orchard');
    expect(other.reads).toBeGreaterThan(0);
    expect(decoded(other.res)).toContain('Orchard Letters');
  });

  it('answers a repeated search from memory, and any edit drops it: search reads the whole catalog', async () => {
    const path = '/api/search/?q=river';
    await prime(t, reads, [path]);
    const again = await readsFor(path);
    expect(again.reads).toBe(0);
    expect(again.res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);

    await t.app
      .get(CatalogCommands)
      .updatePoem(orchard.poems[0].id, { title: orchard.poems[0].title, body: 'a river now runs\nthrough the orchard', notes: '' });
    const after = await readsFor(path);
    expect(after.reads).toBeGreaterThan(0);
    expect(after.res.body.toString()).toContain(orchard.poems[0].slug);
  });

  it('an edit drops only the pages that show the edited publication, and the lists', async () => {
    const riverPages = [
      `/publication/${river.publication.slug}`,
      `/poem/${river.poems[0].slug}`,
      `/api/publications/${river.publication.slug}/`,
    ];
    const orchardPages = [
      `/publication/${orchard.publication.slug}`,
      `/poem/${orchard.poems[0].slug}`,
      `/api/poems/${orchard.poems[0].slug}/`,
    ];
    const lists = ['/', '/publications', '/api/publications/', '/sitemap.xml'];
    await prime(t, reads, [...riverPages, ...orchardPages, ...lists]);

    await t.app
      .get(CatalogCommands)
      .updatePoem(river.poems[0].id, { title: 'The River, Revised', body: 'New water\nunder the bridge.', notes: '' });

    for (const path of riverPages) expect((await readsFor(path)).reads, path).toBeGreaterThan(0);
    for (const path of riverPages.slice(0, 2)) expect((await readsFor(path)).res.body.toString()).toContain('The River, Revised');
    for (const path of orchardPages) expect((await readsFor(path)).reads, path).toBe(0);
    for (const path of lists.slice(0, 3)) {
      const first = await readsFor(path);
      expect(first.reads, path).toBeGreaterThan(0);
      expect(first.res.body.toString()).toContain('River Songs');
    }
  });
});

/**
 * A TCP proxy in front of PostgreSQL that the test can cut, as a database outage looks to the
 * application, without stopping the server other tests use.
 */
function databaseProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const open = (port = 0) =>
    new Promise<number>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', () => resolve((server!.address() as net.AddressInfo).port));
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  return { open, cut };
}

describe.each(dbTargets().filter((target) => target === 'postgres'))('public read cache during a database outage (%s)', (target) => {
  let t: TestApp;
  let proxy: ReturnType<typeof databaseProxy>;
  let port: number;
  let river: { publication: Publication; poems: Poem[] };
  let reads: () => number;

  beforeAll(async () => {
    ensureReaderBuilt();
    const direct = new URL(POSTGRES_URL);
    await resetPostgres(direct.href);
    proxy = databaseProxy(direct);
    port = await proxy.open();
    const viaProxy = new URL(direct.href);
    viaProxy.port = String(port);
    viaProxy.hostname = '127.0.0.1';
    t = await startTestApp(target, { reset: false, env: { DATABASE_URL: viaProxy.href } });
    river = await seed(t, 'River Songs');
    reads = countCatalogReads(t);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.cut().catch(() => undefined);
  });

  it('keeps answering cached pages while the database is unreachable, then serves fresh ones when it is back', async () => {
    const changes = t.app.get(CatalogChanges);
    const cached = [
      `/publication/${river.publication.slug}`,
      `/poem/${river.poems[0].slug}`,
      '/',
      `/api/publications/${river.publication.slug}/poems/`,
    ];
    await prime(t, reads, cached);
    const before = new Map<string, string>();
    for (const path of cached) before.set(path, decoded(await raw(t, path, { 'Accept-Encoding': 'gzip' })));

    await proxy.cut();
    await expect.poll(() => changes.reliable, { timeout: 10_000 }).toBe(false);

    for (let round = 0; round < 2; round++) {
      for (const path of cached) {
        const res = await raw(t, path, { 'Accept-Encoding': 'gzip' });
        expect(res.status, path).toBe(200);
        expect(decoded(res), path).toBe(before.get(path));
      }
    }
    // A page that was never cached cannot be answered: the outage shows.
    const uncached = await raw(t, `/poem/${river.poems[1].slug}`);
    expect(uncached.status).toBeGreaterThanOrEqual(500);

    await proxy.open(port);
    await expect.poll(() => changes.reliable, { timeout: 15_000 }).toBe(true);
    await t.app.get(CatalogCommands).updatePublication(river.publication.id, { title: 'River Songs, Second Edition' });
    await expect
      .poll(async () => (await t.http().get(`/publication/${river.publication.slug}`)).text, { timeout: 10_000 })
      .toContain('River Songs, Second Edition');
    await t.http().get(`/poem/${river.poems[1].slug}`).expect(200);
  });
});
