/**
 * The published recordings as visitors and podcast apps reach them: the recordings page (HTML from
 * the server, in book order, without a draft's, linked from every page) and the podcast feed (read
 * back with a feed parser, as a podcast app reads it). The book's EPUB with its recordings as Media
 * Overlays is checked by EPUBCheck in book-download.e2e-spec.ts.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { decodeEntities, parseHead } from '../../reader/test-support/html.js';
import { TEST_SITE, writeSiteSettings } from '../../reader/test-support/site-app.js';
import { CatalogCommands } from '../../src/catalog/application/catalog-commands.js';
import { mp3 } from '../support/audio-fixtures.js';
import { scenarioTarget, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';

const BASE = 'https://poetry.example.org';
const FEED_TITLE = `${TEST_SITE.siteName}: Recordings`;

describe.each(scenarioTarget())('published recordings: their page and podcast feed on %s', (target) => {
  let t: TestApp;
  let staff: TestAgent;

  beforeAll(async () => {
    ensureReaderBuilt();
    t = await startTestApp(target, { env: { SITE_SETTINGS_FILE: writeSiteSettings() } });
    ({ agent: staff } = await staffAgent(t));
  });
  afterAll(async () => t?.close());

  const page = async () =>
    (
      await t
        .http()
        .get('/recordings')
        .expect(200)
        .expect('Content-Type', /text\/html/)
    ).text;
  const feed = async () => {
    const res = await t.http().get('/recordings/feed.xml').expect(200).expect('Content-Type', 'application/rss+xml; charset=utf-8');
    return { xml: res.text, parsed: parseFeed(res.text), etag: res.headers.etag! };
  };

  /** A book with poems, each with the recordings given (reader and date), published unless it is a draft. */
  async function book(title: string, poems: Record<string, Array<[string, string]>>, options: { language?: string; draft?: boolean } = {}) {
    const commands = t.app.get(CatalogCommands);
    const created = await commands.createPublication({
      title,
      authors: [],
      publisher: '',
      publicationDate: '1970',
      isbn: '',
      notes: '',
      language: options.language ?? 'en',
    });
    const added = await commands.addPoems(
      created.id,
      Object.keys(poems).map((poemTitle) => ({ title: poemTitle, body: `${poemTitle}, first line\nsecond line` })),
    );
    const recordings: number[] = [];
    for (const poem of added) {
      for (const [reader, recorded] of poems[poem.title]!) {
        const res = await staff
          .post(`/api/poems/${poem.id}/recordings/`)
          .field('reader', reader)
          .field('recorded', recorded)
          .field('source', 'Cassette')
          .attach('file', mp3(2), 'reading.mp3')
          .expect(201);
        recordings.push(res.body.id);
      }
    }
    if (!options.draft) await commands.setStatus(created.id, 'published');
    return { book: created, poems: added, recordings };
  }

  it('lists every published recording in book order, linked to its poem, and says so when there are none', async () => {
    const empty = await page();
    expect(empty).toContain('No recordings have been published yet.');
    expect(empty).not.toContain('<audio');

    const older = await book('Harbour Lights', { 'Low Tide': [['Ruth & Tom <Ash>', '1987']], Gulls: [] });
    const draft = await book('Unfinished Songs', { 'Draft Song': [['Maria Poet', '1990']] }, { draft: true });
    const newer = await book(
      'Lieder',
      {
        Abendlied: [
          ['', ''],
          ['Maria Poet', 'spring 1992'],
        ],
      },
      { language: 'de' },
    );

    const html = await page();
    // Server-rendered with no reader app: no script to load, nothing to hydrate.
    expect(html).toMatch(/<html lang="en" data-app="none">/);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('id="reader-data"');
    const head = parseHead(html);
    expect(head.title).toBe(`Recordings | ${TEST_SITE.siteName}`);
    expect(head.canonical).toBe(`${BASE}/recordings`);
    expect(head.meta('description')).toBe('The poems of Eleanor Vance read aloud: 3 recordings, book by book. Abendlied, Low Tide.');
    expect(html).toContain(`<link rel="alternate" type="application/rss+xml" title="${FEED_TITLE}" href="${BASE}/recordings/feed.xml">`);

    // Books newest first, as the reader lists them; each poem linked at its book address, in its book's language.
    const poemLinks = [...html.matchAll(/<h3 id="poem-\d+" class="recorded-poem-title"><a href="([^"]+)" lang="(\w+)">([^<]+)<\/a>/g)];
    expect(poemLinks.map((m) => [m[1], m[2], decodeEntities(m[3]!)])).toEqual([
      [`/publication/${newer.book.slug}/${newer.poems[0]!.slug}`, 'de', 'Abendlied'],
      [`/publication/${older.book.slug}/${older.poems[0]!.slug}`, 'en', 'Low Tide'],
    ]);
    expect(html).toContain(`<a href="/publication/${newer.book.slug}" lang="de">Lieder</a>`);
    const readers = [...html.matchAll(/<p id="recording-\d+" class="recording-by">([^<]+)<\/p>/g)].map((m) => decodeEntities(m[1]!));
    expect(readers).toEqual(['Read by Eleanor Vance', 'Read by Maria Poet, spring 1992', 'Read by Ruth & Tom <Ash>, 1987']);
    expect(html).toContain('<p class="recording-details">Cassette · 0:02</p>');
    // A poem in another language than its book's is linked in its own.
    await t.app.get(CatalogCommands).updatePoem(older.poems[0]!.id, { language: 'en-GB' });
    await expect.poll(page).toContain(`<a href="/publication/${older.book.slug}/${older.poems[0]!.slug}" lang="en-GB">Low Tide</a>`);
    // The browser's own players, which fetch nothing until asked.
    const players = [...html.matchAll(/<audio controls="" preload="none" src="([^"]+)"/g)].map((m) => m[1]);
    expect(players).toEqual([...newer.recordings, ...older.recordings].map((id) => `/api/recordings/${id}/file`));
    expect(html).not.toContain('Draft Song');
    expect(html).not.toContain(`/api/recordings/${draft.recordings[0]}/`);

    // Found from every page: its footer, and the feed named in the head.
    const home = (await t.http().get('/').expect(200)).text;
    expect(home).toContain('<a href="/recordings">Recordings of the poems</a>');
    expect(home).toContain(`<link rel="alternate" type="application/rss+xml" title="${FEED_TITLE}"`);
    expect((await t.http().get('/sitemap.xml').expect(200)).text).toContain(`<loc>${BASE}/recordings</loc>`);

    // Cached like every public page, and never stale: a new recording shows at once.
    const first = await t.http().get('/recordings').expect(200);
    await t.http().get('/recordings').set('If-None-Match', first.headers.etag!).expect(304);
    await staff
      .post(`/api/poems/${older.poems[1]!.id}/recordings/`)
      .field('reader', 'Jo Ash')
      .attach('file', mp3(1), 'gulls.mp3')
      .expect(201);
    expect(await page()).toContain('Read by Jo Ash');
  });

  it('gives the recordings as a podcast feed: each with its enclosure, in book order, a draft’s never', async () => {
    const before = await feed();
    const older = await book('Salt Marsh', { Heron: [['Ruth & Tom <Ash>', '1987']] });
    await book('Drafts Only', { Unheard: [['Maria Poet', '1990']] }, { draft: true });
    const newer = await book('Estuary', { Tern: [['Maria Poet', 'spring 1992']], Reed: [['', '']] });

    const { xml, parsed, etag } = await feed();
    expect(etag).not.toBe(before.etag);
    expect(parsed.title).toBe(FEED_TITLE);
    expect(parsed.url).toBe(`${BASE}/recordings`);
    expect(parsed.self).toBe(`${BASE}/recordings/feed.xml`);
    expect(parsed.language).toBe('en');
    // Newest book first, then its poems in reading order; earlier books' recordings (the test above) follow.
    const titles = parsed.items.map((item) => item.title);
    expect(titles.slice(0, 3)).toEqual([
      'Tern — read by Maria Poet, spring 1992',
      'Reed — read by Eleanor Vance',
      'Heron — read by Ruth & Tom <Ash>, 1987',
    ]);
    expect(titles.some((title) => title?.startsWith('Unheard'))).toBe(false);
    // An & or a < in a name is escaped, not markup.
    expect(xml).toContain('<itunes:author>Ruth &amp; Tom &lt;Ash&gt;</itunes:author>');

    const [tern, reed, heron] = parsed.items;
    const sound = mp3(2);
    expect(tern!.media).toEqual([
      expect.objectContaining({ url: `${BASE}/api/recordings/${newer.recordings[0]}/file`, length: sound.length, mimeType: 'audio/mpeg' }),
    ]);
    expect(reed!.url).toBe(`${BASE}/publication/${newer.book.slug}/${newer.poems[1]!.slug}`);
    expect(heron!.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(heron!.published).toBeInstanceOf(Date);
    // What a podcast app reads beside: the poet, the length, not explicit, a category, the episode's place.
    expect(xml).toContain(`<itunes:author>${TEST_SITE.poet.name}</itunes:author>`);
    expect(xml).toContain('<itunes:duration>2</itunes:duration>');
    expect(xml).toContain('<itunes:explicit>false</itunes:explicit>');
    expect(xml).toContain('<itunes:category text="Arts">\n<itunes:category text="Books"/>');
    expect(xml).toContain('<itunes:type>serial</itunes:type>');
    expect(xml).toContain('<itunes:episode>1</itunes:episode>');

    // An enclosure is the recording itself, for anyone (the book is published).
    const heard = await t.http().get(new URL(heron!.media[0]!.url).pathname).expect(200);
    expect(Number(heard.headers['content-length'])).toBe(heron!.media[0]!.length);

    // Edited, a recording keeps its guid; the feed answers 304 while nothing changed.
    await t.http().get('/recordings/feed.xml').set('If-None-Match', etag).expect(304);
    await staff.put(`/api/recordings/${older.recordings[0]}/`).send({ reader: 'Ruth Ash' }).expect(200);
    const edited = (await feed()).parsed.items.find((item) => item.title?.startsWith('Heron'))!;
    expect(edited.title).toBe('Heron — read by Ruth Ash, 1987');
    expect(edited.id).toBe(heron!.id);

    // The memorial's portrait is the podcast's picture.
    const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#557' } })
      .jpeg()
      .toBuffer();
    const portrait = await staff
      .put('/api/settings/memorial/portrait')
      .field('crop_x', '0')
      .field('crop_y', '0')
      .field('crop_width', '400')
      .field('crop_height', '500')
      .attach('portrait', photo, { filename: 'portrait.jpg', contentType: 'image/jpeg' })
      .expect(200);
    const pictured = await feed();
    expect(pictured.parsed.image?.url).toBe(`${BASE}${portrait.body.portrait_url}`);
    expect(pictured.xml).toContain(`<itunes:image href="${BASE}${portrait.body.portrait_url}"/>`);
  });
});
