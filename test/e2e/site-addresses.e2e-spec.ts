import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { bodyText, bootData, decodeEntities, parseHead } from '../../reader/test-support/html.js';
import { seedCatalog, type Seeded } from '../../reader/test-support/seed.js';
import { TEST_SITE, writeSiteSettings } from '../../reader/test-support/site-app.js';
import { CatalogCommands } from '../../src/catalog/application/catalog-commands.js';
import type { Poem } from '../../src/catalog/domain/poem.js';
import type { Publication } from '../../src/catalog/domain/publication.js';
import { dbTargets, startTestApp, type TestApp } from '../support/test-app.js';

const BASE = 'https://poetry.example.org';
const SUFFIX = ` | ${TEST_SITE.siteName}`;

/** Reads a binary answer (PNG, ICO) as a Buffer. */
function binary(res: any, cb: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

describe.each(dbTargets())('poem addresses, indexes, social cards and icons on %s', (target) => {
  let t: TestApp;
  let s: Seeded;
  let orchard: { book: Publication; poems: Poem[] };

  beforeAll(async () => {
    ensureReaderBuilt();
    t = await startTestApp(target, { env: { SITE_SETTINGS_FILE: writeSiteSettings() } });
    s = await seedCatalog(t.app);
    // A second book whose first lines and titles test the index's filing rules.
    const commands = t.app.get(CatalogCommands);
    const book = await commands.createPublication({
      title: 'Orchard Hours',
      authors: [],
      publisher: '',
      publicationDate: '1975-04-12',
      isbn: '',
      notes: '',
    });
    const poems = await commands.addPoems(book.id, [
      { title: 'Zinnias', body: 'zinnias in a row\nby the gate' },
      { title: '“Apples”', body: '"Apples," she said,\nand laughed' },
      { title: 'évening', body: '   Évening comes early\nto the orchard' },
      { title: '', body: 'banners of frost\non the glass' },
    ]);
    await commands.setStatus(book.id, 'published');
    orchard = { book, poems };
  });
  afterAll(async () => t?.close());

  const get = (path: string) => t.http().get(path).set('Accept', 'text/html');

  it('serves a poem inside its book at its own address, with its own head and the canonical address', async () => {
    const poem = s.riverPoems[1]!;
    const path = `/publication/${s.river.slug}/${poem.slug}`;
    const res = await get(path).expect(200);
    const text = bodyText(res.text);
    expect(text).toContain('Winter Orchard');
    expect(text).toContain('Bare branches write');
    expect(text).toContain('2 of 3');
    const head = parseHead(res.text);
    expect(head.title).toBe(`Winter Orchard${SUFFIX}`);
    expect(head.meta('description')).toBe('Bare branches write against the white sky what summer meant.');
    expect(head.canonical).toBe(BASE + path);
    expect(head.meta('og:url')).toBe(BASE + path);
    expect(head.meta('og:type')).toBe('article');

    // The older standalone address shows the same poem and names the book address as canonical.
    const standalone = await get(`/poem/${poem.slug}`).expect(200);
    expect(parseHead(standalone.text).canonical).toBe(BASE + path);

    // A poem of another book, or no poem at all, is a 404 page under the book.
    for (const wrong of [
      `/publication/${s.river.slug}/${s.hostilePoem.slug}`,
      `/publication/${s.river.slug}/no-such-poem`,
      `/publication/${s.river.slug}/${s.draftPoem.slug}`,
    ]) {
      const missing = await get(wrong).expect(404);
      expect(bodyText(missing.text)).toContain('Poem Not Found');
      expect(parseHead(missing.text).meta('robots')).toBe('noindex, nofollow');
    }
    await get(`/publication/${s.draft.slug}/${s.draftPoem.slug}`).expect(404);
  });

  it("sends a book's page with every poem's name but only the texts it shows: the poem asked for and the opening poem", async () => {
    const [dawn, orchardPoem, letters] = [s.riverPoems[0]!, s.riverPoems[1]!, s.riverPoems[2]!];
    const contents = await get(`/publication/${s.river.slug}`).expect(200);
    const book = bootData(contents.text).page.reader.data;
    expect(book.contents.map((c: { title: string }) => c.title)).toEqual(['The River at Dawn', 'Winter Orchard', 'Letters Home']);
    expect(book.contents[2]).toEqual({ id: letters.id, slug: letters.slug, title: 'Letters Home', line_count: 4, word_count: 20 });
    // The opening poem travels with the contents: its lines are on the book's social card.
    expect(book.poems.map((p: { title: string }) => p.title)).toEqual(['The River at Dawn']);
    expect(contents.text).not.toContain('Mother, the city is loud');

    const page = await get(`/publication/${s.river.slug}/${letters.slug}`).expect(200);
    const poems = bootData(page.text).page.reader.data.poems;
    expect(poems.map((p: { id: number }) => p.id)).toEqual([dawn.id, letters.id]);
    expect(poems[1]).toMatchObject({ body: letters.body, page_numbers: [5], created_at: letters.created_at });
    expect(page.text).not.toContain('Bare branches write');
    expect(bodyText(page.text)).toContain('Mother, the city is loud,');

    // By id as well as by slug, the book and the poem.
    const byId = await get(`/publication/${s.river.id}/${orchardPoem.id}`).expect(200);
    expect(bodyText(byId.text)).toContain('Bare branches write');
  });

  it('links a social card per poem and per book that answers a 1200x630 PNG', async () => {
    const poemPage = parseHead((await get(`/publication/${s.river.slug}/${s.riverPoems[0]!.slug}`).expect(200)).text);
    const bookPage = parseHead((await get(`/publication/${s.river.slug}`).expect(200)).text);
    for (const head of [poemPage, bookPage]) {
      const image = head.meta('og:image')!;
      expect(image.startsWith(`${BASE}/social/`)).toBe(true);
      expect(head.meta('og:image:width')).toBe('1200');
      expect(head.meta('og:image:height')).toBe('630');
      expect(head.meta('og:image:alt')).toBeTruthy();
      expect(head.meta('twitter:card')).toBe('summary_large_image');
      expect(head.meta('twitter:image')).toBe(image);
      const res = await t.http().get(image.slice(BASE.length)).buffer(true).parse(binary).expect(200).expect('Content-Type', 'image/png');
      const meta = await sharp(res.body as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
      expect(res.headers['cache-control']).toContain('immutable');
      // Same content, same card: a revalidation costs a 304.
      await t.http().get(image.slice(BASE.length)).set('If-None-Match', res.headers.etag!).expect(304);
    }
    expect(poemPage.meta('og:image')).toContain(`/social/poem/${s.riverPoems[0]!.slug}.png?v=`);
    expect(bookPage.meta('og:image')).toContain(`/social/publication/${s.river.slug}.png?v=`);

    // Editing the poem changes its card's address, so shared links fetch the new card.
    const commands = t.app.get(CatalogCommands);
    const poem = s.riverPoems[2]!;
    const before = parseHead((await get(`/publication/${s.river.slug}/${poem.slug}`)).text).meta('og:image');
    await commands.updatePoem(poem.id, { body: 'Mother, the city is quiet now.' });
    const after = parseHead((await get(`/publication/${s.river.slug}/${poem.slug}`)).text).meta('og:image');
    expect(after).not.toBe(before);

    // Hidden items have no card; a wrong name is a clear 404.
    for (const path of [
      `/social/poem/${s.draftPoem.slug}.png`,
      `/social/publication/${s.draft.slug}.png`,
      '/social/poem/nothing.png',
      `/social/poem/${poem.slug}.jpg`,
    ]) {
      const res = await t.http().get(path).expect(404).expect('Content-Type', /json/);
      expect(res.body.message).toBeTruthy();
    }
  });

  it('dates the poem by its archive record, and names its book’s date as the book’s', async () => {
    const poem = orchard.poems[0]!;
    const res = await get(`/poem/${poem.slug}`).expect(200);
    const archived = poem.createdAt.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    expect(bodyText(res.text)).toContain(`Archived ${archived}`);
    expect(bodyText(res.text)).toContain('Book published April 12, 1975');
    expect(res.text).toContain('<time dateTime="1975-04-12">April 12, 1975</time>');
    const river = bodyText((await get(`/poem/${s.riverPoems[0]!.slug}`).expect(200)).text);
    expect(river).toContain('Book published 1998');
  });

  it('serves the favicon as SVG and ICO and an apple-touch-icon, and names them in every page', async () => {
    const svg = await t
      .http()
      .get('/favicon.svg')
      .buffer(true)
      .parse(binary)
      .expect(200)
      .expect('Content-Type', /image\/svg\+xml/);
    expect((svg.body as Buffer).toString()).toContain('<svg');
    const ico = await t
      .http()
      .get('/favicon.ico')
      .buffer(true)
      .parse(binary)
      .expect(200)
      .expect('Content-Type', /image\/(x-icon|vnd\.microsoft\.icon)/);
    const icoBody = ico.body as Buffer;
    expect([icoBody.readUInt16LE(2), icoBody.readUInt16LE(4), icoBody[6]]).toEqual([1, 1, 32]);
    const inner = await sharp(icoBody.subarray(icoBody.readUInt32LE(18))).metadata();
    expect([inner.format, inner.width, inner.height]).toEqual(['png', 32, 32]);
    const apple = await t.http().get('/apple-touch-icon.png').buffer(true).parse(binary).expect(200).expect('Content-Type', 'image/png');
    const appleMeta = await sharp(apple.body as Buffer).metadata();
    expect([appleMeta.width, appleMeta.height, appleMeta.hasAlpha]).toEqual([180, 180, false]);

    const page = (await get('/').expect(200)).text;
    expect(page).not.toContain('href="data:,"');
    expect(page).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
  });

  it('keeps indexes of first lines and titles, alphabetical, per book and for the whole archive', async () => {
    const entries = (html: string) =>
      [...html.matchAll(/<a href="([^"]+)" class="index-text"><bdi>([^<]*)<\/bdi><\/a>/g)].map((m) => [m[1], decodeEntities(m[2]!)]);

    const book = await get(`/publication/${orchard.book.slug}/index/first-lines`).expect(200);
    expect(entries(book.text).map((e) => e[1])).toEqual([
      '"Apples," she said,',
      'banners of frost',
      'Évening comes early',
      'zinnias in a row',
    ]);
    expect(entries(book.text)[0]![0]).toBe(`/publication/${orchard.book.slug}/${orchard.poems[1]!.slug}`);
    expect(parseHead(book.text).title).toBe(`Index of First Lines · Orchard Hours${SUFFIX}`);
    expect(parseHead(book.text).canonical).toBe(`${BASE}/publication/${orchard.book.slug}/index/first-lines`);

    const titles = await get(`/publication/${orchard.book.slug}/index/titles`).expect(200);
    expect(entries(titles.text).map((e) => e[1])).toEqual(['“Apples”', 'évening', 'Zinnias']); // the untitled poem has no title to list

    const archive = await get('/index/first-lines').expect(200);
    const lines = entries(archive.text).map((e) => e[1]);
    expect(lines.slice(0, 3)).toEqual(['A line </script><script>alert("body")</script>', '"Apples," she said,', 'banners of frost']);
    expect(lines).toContain('The river wakes before the town,');
    expect(lines).not.toContain('not for visitors'); // a draft book's poem
    expect(lines).not.toContain('gone'); // a trashed book's poem
    expect(bodyText(archive.text)).toContain('Orchard Hours');
    const archiveTitles = entries((await get('/index/titles').expect(200)).text).map((e) => e[1]);
    expect(archiveTitles.indexOf('Letters Home')).toBeLessThan(archiveTitles.indexOf('The River at Dawn'));
    expect(archiveTitles).not.toContain('Secret Draft Poem');

    // Linked from the book's contents and from the home page.
    const contents = (await get(`/publication/${orchard.book.slug}`).expect(200)).text;
    expect(contents).toContain(`href="/publication/${orchard.book.slug}/index/first-lines"`);
    expect((await get('/').expect(200)).text).toContain('href="/index/first-lines"');
    await get(`/publication/${s.draft.slug}/index/titles`).expect(404);
  });

  it('lists poems at their book addresses, and the indexes, in sitemap.xml', async () => {
    const res = await t.http().get('/sitemap.xml').expect(200);
    for (const p of s.riverPoems) expect(res.text).toContain(`<loc>${BASE}/publication/${s.river.slug}/${p.slug}</loc>`);
    expect(res.text).toContain(`<loc>${BASE}/index/first-lines</loc>`);
    expect(res.text).toContain(`<loc>${BASE}/index/titles</loc>`);
    expect(res.text).not.toContain(s.draftPoem.slug);
  });

  it('applies the stored theme before paint under a CSP that allows only that inline script', async () => {
    const res = await get('/').expect(200);
    const inline = /<script>([^<]+)<\/script>/.exec(res.text)![1]!;
    expect(inline).toContain('localStorage');
    const { createHash } = await import('node:crypto');
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
  });
});
