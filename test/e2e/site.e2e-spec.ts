import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { bodyText, bootData, parseHead } from '../../reader/test-support/html.js';
import { HOSTILE_TITLE, seedCatalog, type Seeded } from '../../reader/test-support/seed.js';
import { TEST_SITE, writeSiteSettings } from '../../reader/test-support/site-app.js';
import { CatalogCommands } from '../../src/catalog/application/catalog-commands.js';
import { dbTargets, startTestApp, type TestApp } from '../support/test-app.js';

const BASE = 'https://poetry.example.org';
const SUFFIX = ` | ${TEST_SITE.siteName}`;

function graphTypes(ld: Record<string, any>[]): string[] {
  return ld.flatMap((block) => (block['@graph'] ?? [block]).map((n: any) => n['@type']));
}
function node(ld: Record<string, any>[], type: string): Record<string, any> {
  const found = ld.flatMap((block) => block['@graph'] ?? [block]).find((n: any) => n['@type'] === type);
  if (!found) throw new Error(`no ${type} in JSON-LD`);
  return found;
}

/** The body as bytes (decoded by the client from its Content-Encoding). */
const binaryBody = (res: { on: (e: string, cb: (chunk?: Buffer) => void) => void }, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe.each(dbTargets())('server-rendered reader pages on %s', (target) => {
  let t: TestApp;
  let s: Seeded;

  beforeAll(async () => {
    ensureReaderBuilt();
    t = await startTestApp(target, { env: { SITE_SETTINGS_FILE: writeSiteSettings() } });
    s = await seedCatalog(t.app);
  });
  afterAll(async () => t?.close());

  const get = (path: string) => t.http().get(path).set('Accept', 'text/html');

  it('renders home with hero, memorial, collection cards and its head', async () => {
    const res = await get('/')
      .expect(200)
      .expect('Content-Type', /text\/html/);
    const text = bodyText(res.text);
    expect(text).toContain('A Digital Library of Poetry');
    expect(text).toContain('In Loving Memory');
    expect(text).toContain('Eleanor Vance');
    expect(text).toContain('March 3, 1931 – June 9, 2019');
    expect(text).toContain(TEST_SITE.biography.career[0]);
    expect(text).toContain(TEST_SITE.biography.family[0]);
    expect(text).toContain(TEST_SITE.footerCredit);
    expect(text).toContain('Published Collections');
    expect(text).toContain('River Songs');
    expect(text).toContain('by Eleanor Vance'); // authors empty -> the poet
    expect(text).toContain(`3 poems • ${s.river.total_lines} lines • ${s.river.total_words} words`);
    expect(text).toMatch(/Archived [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(text).not.toContain('Unfinished Drafts');
    expect(text).not.toContain('Withdrawn Collection');

    const head = parseHead(res.text);
    expect(head.title).toBe(`A Digital Library of Poetry${SUFFIX}`);
    expect(head.meta('description')).toContain('Eleanor Vance');
    expect(head.meta('keywords')).toContain('poetry');
    expect(head.canonical).toBe(`${BASE}/`);
    expect(head.meta('og:type')).toBe('website');
    expect(head.meta('og:url')).toBe(`${BASE}/`);
    expect(head.meta('og:site_name')).toBe(TEST_SITE.siteName);
    expect(head.meta('twitter:card')).toBe('summary');
    expect(head.meta('robots')).toBeUndefined();
    expect(graphTypes(head.jsonLd)).toEqual(['WebSite', 'Person']);
    expect(node(head.jsonLd, 'Person')).toMatchObject({ name: 'Eleanor Vance', birthDate: '1931-03-03', deathDate: '2019-06-09' });
    expect(node(head.jsonLd, 'WebSite')).toMatchObject({ name: TEST_SITE.siteName, url: `${BASE}/` });
  });

  it('hands the page data to the browser in a JSON block, and no inline executable script but the CSP-hashed theme one', async () => {
    const res = await get('/').expect(200);
    const boot = bootData(res.text);
    expect(boot.page.route).toBe('home');
    expect(boot.page.list.data.map((p: any) => p.title)).toContain('River Songs');
    expect(boot.settings.poetName).toBe('Eleanor Vance');
    for (const script of res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      const attrs = script[1]!;
      const executable = !/type="application\/(ld\+)?json"/.test(attrs);
      if (executable && script[2]) {
        // The theme script runs before paint; the CSP allows it by its hash and no other inline script.
        const hash = createHash('sha256').update(script[2]).digest('base64');
        expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
      } else if (executable) {
        expect(attrs).toMatch(/src="\/assets\/[\w.-]+\.js"/);
      }
    }
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('renders the collections page with its intro heading and breadcrumb', async () => {
    const res = await get('/publications').expect(200);
    expect(bodyText(res.text)).toContain('Published Collections');
    expect(res.text).toMatch(/<h1[^>]*>Published Collections<\/h1>/);
    const head = parseHead(res.text);
    expect(head.title).toBe(`Published Collections${SUFFIX}`);
    expect(head.canonical).toBe(`${BASE}/publications`);
    expect(graphTypes(head.jsonLd)).toEqual(['CollectionPage', 'BreadcrumbList']);
  });

  it('renders a publication by id with its contents and a Book on the slug URL', async () => {
    const res = await get(`/publication/${s.river.id}`).expect(200);
    const text = bodyText(res.text);
    expect(text).toContain('Table of Contents');
    expect(text).toContain('3 poems');
    expect(text).toContain('Lantern Press');
    for (const p of s.riverPoems) expect(text).toContain(`${p.title}`);
    expect(text).toContain(`${s.riverPoems[1]!.line_count} lines • ${s.riverPoems[1]!.word_count} words`);
    expect(text).toMatch(/Previous.*3 poems.*Next/);
    expect(res.text).toMatch(/<h1 class="reader-title"><bdi>River Songs<\/bdi><\/h1>/);
    expect(res.text).toMatch(/<h2 id="toc-title"[^>]*>Table of Contents<\/h2>/);

    const head = parseHead(res.text);
    expect(head.title).toBe(`River Songs${SUFFIX}`);
    expect(head.canonical).toBe(`${BASE}/publication/${s.river.slug}`);
    expect(head.meta('og:type')).toBe('book');
    expect(head.meta('description')!.length).toBeLessThanOrEqual(160);
    expect(graphTypes(head.jsonLd)).toEqual(['Book', 'BreadcrumbList']);
    expect(node(head.jsonLd, 'Book')).toMatchObject({
      name: 'River Songs',
      author: [{ '@type': 'Person', name: 'Eleanor Vance' }],
      publisher: { '@type': 'Organization', name: 'Lantern Press' },
      isbn: '978-0-306-40615-7',
      datePublished: '1998',
      url: `${BASE}/publication/${s.river.slug}`,
    });
    expect(node(head.jsonLd, 'BreadcrumbList').itemListElement.map((i: any) => i.name)).toEqual(['Home', 'River Songs']);

    const bySlug = await get(`/publication/${s.river.slug}`).expect(200);
    expect(parseHead(bySlug.text).canonical).toBe(`${BASE}/publication/${s.river.slug}`);
  });

  it('renders a poem with its verse, byline, back link and the poem-page metadata rules', async () => {
    const poem = s.riverPoems[0]!;
    const res = await get(`/poem/${poem.slug}`).expect(200);
    const text = bodyText(res.text);
    expect(text).toContain('The River at Dawn');
    expect(text).toContain('by Eleanor Vance');
    expect(text).toContain('Back to Collection');
    expect(res.text).toMatch(new RegExp(`<a href="/publication/${s.river.slug}"[^>]*>.*Back to Collection`));
    // Indentation survives as an indent width; the text is never collapsed.
    expect(res.text).toMatch(/<span class="verse-line" style="--indent:4">and carries morning light<\/span>/);
    expect(res.text).toMatch(/<span class="verse-line" style="--indent:8">down past the mill/);

    const head = parseHead(res.text);
    expect(head.title).toBe(`The River at Dawn${SUFFIX}`);
    const description = head.meta('description')!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    const flat = poem.body.replace(/\s+/g, ' ');
    // A prefix of the flattened body ending at a word boundary (trailing punctuation may be dropped).
    const kept = description.slice(0, -1);
    expect(flat.startsWith(kept)).toBe(true);
    expect(flat[kept.length]).toMatch(/[\s,;:.!?]/);
    const keywords = head.meta('keywords')!.split(', ');
    expect(keywords.slice(0, 3)).toEqual(['poem', 'poetry', 'poet']);
    expect(keywords.length).toBeLessThanOrEqual(8);
    expect(keywords).toContain('river');
    for (const k of keywords.slice(3)) expect(k.length).toBeGreaterThan(3);
    expect(head.canonical).toBe(`${BASE}/publication/${s.river.slug}/${poem.slug}`); // the poem's address in its book
    expect(head.meta('og:type')).toBe('article');
    expect(head.meta('twitter:title')).toBe('The River at Dawn');
    expect(graphTypes(head.jsonLd)).toEqual(['CreativeWork', 'BreadcrumbList']);
    expect(node(head.jsonLd, 'CreativeWork')).toMatchObject({
      name: 'The River at Dawn',
      genre: 'Poetry',
      isPartOf: { '@type': 'Book', name: 'River Songs', url: `${BASE}/publication/${s.river.slug}` },
    });
    expect(node(head.jsonLd, 'BreadcrumbList').itemListElement).toHaveLength(3);
  });

  it('escapes a hostile title and poem text everywhere it appears', async () => {
    for (const path of ['/', `/publication/${s.hostile.slug}`, `/poem/${s.hostilePoem.slug}`]) {
      const res = await get(path).expect(200);
      expect(res.text).not.toMatch(/<script>alert/);
      expect(res.text).not.toContain('<img src=x');
      expect(res.text).not.toContain('<b>Author</b>');
      expect(res.text.match(/<\/title>/g)).toHaveLength(1);
      expect(bootData(res.text)).toBeTruthy();
    }
    const pub = await get(`/publication/${s.hostile.slug}`);
    const head = parseHead(pub.text);
    expect(head.title).toBe(`${HOSTILE_TITLE}${SUFFIX}`);
    expect(node(head.jsonLd, 'Book').name).toBe(HOSTILE_TITLE);
    expect(bodyText(pub.text)).toContain(HOSTILE_TITLE);
    const poem = await get(`/poem/${s.hostilePoem.slug}`);
    expect(bootData(poem.text).page.poem.data.poem.body).toBe(s.hostilePoem.body);
    expect(bodyText(poem.text)).toContain('<img src=x onerror=alert(1)> & more');
  });

  it("tells readers a book's language: <html lang> and JSON-LD of the book and its poem, English on the archive's own pages", async () => {
    const commands = t.app.get(CatalogCommands);
    const book = await commands.createPublication({
      title: 'Gedichte',
      authors: [],
      publisher: '',
      publicationDate: '',
      isbn: '',
      notes: '',
      language: 'de',
    });
    const [poem] = await commands.addPoems(book.id, [{ title: 'Vorfrühling', body: 'Es läuft der Frühlingswind\ndurch kahle Alleen' }]);
    await commands.setStatus(book.id, 'published');
    const poemPage = await get(`/poem/${poem!.slug}`).expect(200);
    expect(poemPage.text).toMatch(/<html lang="de">/);
    expect(node(parseHead(poemPage.text).jsonLd, 'CreativeWork').inLanguage).toBe('de');
    const bookPage = await get(`/publication/${book.slug}`).expect(200);
    expect(bookPage.text).toMatch(/<html lang="de">/);
    expect(node(parseHead(bookPage.text).jsonLd, 'Book').inLanguage).toBe('de');
    expect((await get('/').expect(200)).text).toMatch(/<html lang="en">/);
    // A poem of the book's language says nothing more of its own.
    expect(poemPage.text).toContain('<article class="poem" aria-labelledby="poem-title">');
  });

  it('tells readers the language of a poem in another language than its book, on the poem, in JSON-LD and the print edition', async () => {
    const commands = t.app.get(CatalogCommands);
    const book = await commands.createPublication({
      title: 'Two Tongues',
      authors: [],
      publisher: '',
      publicationDate: '',
      isbn: '',
      notes: '',
      language: 'en',
    });
    const [english, german] = await commands.addPoems(book.id, [
      { title: 'Early Spring', body: 'The spring wind runs\nthrough bare avenues' },
      { title: 'Vorfrühling', body: 'Es läuft der Frühlingswind\ndurch kahle Alleen', language: 'de' },
    ]);
    await commands.setStatus(book.id, 'published');
    for (const path of [`/publication/${book.slug}/${german!.slug}`, `/poem/${german!.slug}`]) {
      const page = await get(path).expect(200);
      expect(page.text, path).toMatch(/<html lang="en">/);
      expect(page.text, path).toMatch(/<article class="poem" aria-labelledby="poem-title"[^>]* lang="de">/);
      expect(node(parseHead(page.text).jsonLd, 'CreativeWork').inLanguage, path).toBe('de');
    }
    const englishPage = await get(`/publication/${book.slug}/${english!.slug}`).expect(200);
    expect(englishPage.text).not.toMatch(/<article class="poem"[^>]* lang=/);
    expect(node(parseHead(englishPage.text).jsonLd, 'CreativeWork').inLanguage).toBe('en');
    const print = await get(`/print/publication/${book.slug}`).expect(200);
    expect(print.text).toMatch(new RegExp(`<section id="[^"]*${german!.slug}[^"]*" class="print-poem" aria-labelledby="[^"]*" lang="de">`));
    expect(print.text).not.toMatch(new RegExp(`<section id="[^"]*${english!.slug}[^"]*" class="print-poem"[^>]* lang=`));
  });

  it('shows the empty contents text for a publication without poems', async () => {
    const res = await get(`/publication/${s.empty.slug}`).expect(200);
    expect(bodyText(res.text)).toContain('No poems available in this publication.');
    expect(bodyText(res.text)).toContain('0 poems');
  });

  it('answers 404 pages, never indexed, for missing, draft and trashed items', async () => {
    for (const path of ['/publication/no-such-book', `/publication/${s.draft.id}`, `/publication/${s.trashed.slug}`]) {
      const res = await get(path).expect(404);
      expect(bodyText(res.text)).toContain('Publication Not Found');
      expect(bodyText(res.text)).toContain('Publication not found');
      expect(bodyText(res.text)).not.toMatch(/Unfinished|Withdrawn/);
      expect(parseHead(res.text).meta('robots')).toBe('noindex, nofollow');
      expect(parseHead(res.text).title).toBe(`Publication Not Found${SUFFIX}`);
    }
    for (const path of ['/poem/999999', `/poem/${s.draftPoem.slug}`]) {
      const res = await get(path).expect(404);
      expect(bodyText(res.text)).toContain('Poem Not Found');
      expect(bodyText(res.text)).toContain('Poem not found');
      expect(bodyText(res.text)).toContain('Back to Home');
      expect(bodyText(res.text)).not.toContain('not for visitors');
      expect(parseHead(res.text).meta('robots')).toBe('noindex, nofollow');
    }
  });

  it('redirects unknown paths home, but gives /api a JSON 404 and leaves /admin and /login alone', async () => {
    for (const path of ['/nowhere', '/publication/a/b/c', '/poems', '/index.html']) {
      const res = await t.http().get(path).expect(302);
      expect(res.headers.location).toBe('/');
    }
    const api = await t.http().get('/api/nowhere').expect(404).expect('Content-Type', /json/);
    expect(api.body).toMatchObject({ statusCode: 404, message: expect.any(String) });
    const list = await t.http().get('/api/publications/').expect(200);
    expect(list.body.map((p: any) => p.title)).toContain('River Songs');
    for (const path of ['/admin', '/admin/publication/1', '/login']) {
      const res = await t.http().get(path);
      expect(res.headers.location).not.toBe('/');
      expect(res.text).not.toContain('id="reader-data"');
    }
  });

  it('lists published collections and poems in sitemap.xml, and robots.txt points at it', async () => {
    const res = await t.http().get('/sitemap.xml').expect(200).expect('Content-Type', /xml/);
    expect(res.text).toContain(`<loc>${BASE}/</loc>`);
    expect(res.text).toContain(`<loc>${BASE}/publications</loc>`);
    expect(res.text).toContain(`<loc>${BASE}/publication/${s.river.slug}</loc>`);
    for (const p of s.riverPoems) expect(res.text).toContain(`<loc>${BASE}/publication/${s.river.slug}/${p.slug}</loc>`);
    expect(res.text).not.toContain(s.draft.slug);
    expect(res.text).not.toContain(s.draftPoem.slug);
    expect(res.text).not.toContain(s.trashed.slug);
    expect(res.text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);

    const robots = await t
      .http()
      .get('/robots.txt')
      .expect(200)
      .expect('Content-Type', /text\/plain/);
    expect(robots.text).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect(robots.text).toContain('Disallow: /admin');
  });

  it('answers a repeat visit with 304, and a change shows at once', async () => {
    const first = await get('/').expect(200);
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(etag).toBeTruthy();
    await get('/').set('If-None-Match', etag).expect(304);

    await t.app.get(CatalogCommands).setStatus(s.draft.id, 'published');
    const after = await get('/').set('If-None-Match', etag).expect(200);
    expect(bodyText(after.text)).toContain('Unfinished Drafts');
    await t.app.get(CatalogCommands).setStatus(s.draft.id, 'draft');
    expect(bodyText((await get('/').expect(200)).text)).not.toContain('Unfinished Drafts');
  });

  it('serves the hashed assets compressed with a year of immutable caching', async () => {
    const home = await get('/').expect(200);
    const src = /<script type="module" src="(\/assets\/[\w.-]+\.js)"><\/script>/.exec(home.text)![1]!;
    const css = /<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)">/.exec(home.text)![1]!;
    const js = await t.http().get(src).set('Accept-Encoding', 'gzip').expect(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Brotli too (made once by the build): the same file once the client has decoded it.
    const plain = await t.http().get(src).set('Accept-Encoding', 'identity').buffer(true).parse(binaryBody).expect(200);
    const br = await t.http().get(src).set('Accept-Encoding', 'br').buffer(true).parse(binaryBody).expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect((br.body as Buffer).equals(plain.body as Buffer)).toBe(true);
    const style = await t.http().get(css).expect(200);
    expect(style.text).toContain('#2563eb');
    expect(style.text).toContain('font-display:swap');
    expect(style.text).toMatch(/font-family:Inter Fallback;src:local\(Arial\)[^}]*size-adjust:/);
    expect(style.text).toMatch(/font-family:Crimson Text Fallback;[^}]*size-adjust:/);
    expect(style.text).toContain('@media print');
    const font = /<link rel="preload" href="(\/assets\/[\w.-]+\.woff2)"/.exec(home.text)![1]!;
    await t.http().get(font).expect(200).expect('Content-Type', 'font/woff2');
    await t.http().get('/assets/missing.js').expect(404);
  });
});

describe.each(dbTargets())('reader pages with nothing published and with the database down on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    ensureReaderBuilt();
    t = await startTestApp(target, { env: { SITE_SETTINGS_FILE: writeSiteSettings({ noindex: true }) } });
  });
  afterAll(async () => t?.close().catch(() => undefined));

  it('shows the empty state and honours the site-wide noindex', async () => {
    const res = await t.http().get('/').expect(200);
    const text = bodyText(res.text);
    expect(text).toContain('No published collections available');
    expect(text).toContain('New poetry collections will appear here once they are published. Check back later for updates.');
    expect(parseHead(res.text).meta('robots')).toBe('noindex, nofollow');
    const robots = await t.http().get('/robots.txt').expect(200);
    expect(robots.text).toMatch(/Disallow: \/\n/);
  });

  it('shows the database_error retry panel with a 500 when the catalog cannot be read', async () => {
    await t.app.get(DataSource).destroy();
    const res = await t.http().get('/publications').expect(500);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('data-variant="database_error"');
    const text = bodyText(res.text);
    expect(text).toContain('Database Connection Issue');
    expect(text).toContain('Try Again');
    expect(text).toContain('Show Diagnostics');
    expect(bootData(res.text).page.list).toMatchObject({ state: 'error', error: { status: 500 } });
  });
});
