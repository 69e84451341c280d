import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogCommands } from '../../src/catalog/application/catalog-commands.js';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { decodeEntities } from '../../reader/test-support/html.js';
import { writeSiteSettings } from '../../reader/test-support/site-app.js';
import { epubcheck } from '../support/epubcheck.js';
import { m4a, mp3, wav } from '../support/audio-fixtures.js';
import { addSharedSetBook, SHARED_SET_BOOK } from '../support/shared-set-book.js';
import { scenarioTarget, staffAgent, startTestApp, type TestApp } from '../support/test-app.js';

/** A poem with three levels of indentation and a line long enough to turn over. */
const LEVELS = {
  title: 'Three Levels',
  body: 'Flush to the margin,\n  one step in,\n    two steps in,\n      three steps in, and a line that runs on far past any measure a reader or a page could hold on one line.\n\nFlush again.',
  notes: 'Written at the lake, 1962.\nRevised later.',
  pageNumbers: [40, 41],
};

const binary = (res: { on: (e: string, cb: (chunk?: Buffer) => void) => void }, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c?: Buffer) => chunks.push(c!));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** The lines a page sets as verse, with their indentation, stanza by stanza. */
function siteVerse(html: string): Array<Array<[number, string]>> {
  const verse = /<div class="verse"[^>]*>([\s\S]*?)<\/div>/.exec(html)![1]!;
  return [...verse.matchAll(/<p class="stanza">([\s\S]*?)<\/p>/g)].map((stanza) =>
    [...stanza[1]!.matchAll(/<span class="verse-line"(?: style="--indent:(\d+)")?>([\s\S]*?)<\/span>/g)].map(
      (m) => [Number(m[1] ?? 0), decodeEntities(m[2]!)] as [number, string],
    ),
  );
}

/** The same from a poem file of the EPUB: its indentation read back from the em of its first row. */
function epubVerse(xhtml: string): Array<Array<[number, string]>> {
  return [...xhtml.matchAll(/<p class="stanza">([\s\S]*?)<\/p>/g)].map((stanza) =>
    [
      ...stanza[1]!.matchAll(
        /<span(?: id="line-\d+")? class="line" style="padding-left: ([\d.]+)em; text-indent: (-?[\d.]+)em">([\s\S]*?)<\/span>/g,
      ),
    ].map((m) => [Math.round((Number(m[1]) + Number(m[2])) * 2), decodeEntities(m[3]!)] as [number, string]),
  );
}

describe.each(scenarioTarget())('book download (EPUB 3) on %s', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    ensureReaderBuilt();
    t = await startTestApp(target, { env: { SITE_SETTINGS_FILE: writeSiteSettings() } });
  });
  afterAll(async () => t?.close());

  const download = (path: string) => t.http().get(path).buffer(true).parse(binary);

  it('gives a shared-set book as an EPUB that EPUBCheck passes, holding every poem as the site sets it, read aloud where it was', async () => {
    const { publication, poems } = await addSharedSetBook(t.app, { extra: [LEVELS] });
    // Recordings: the three-level poem's marked line by line (two lines at one moment), the first
    // poem's unmarked, the second's a WAV before an MP3 (the MP3 is carried), the third's a WAV alone
    // (not a type reading systems play: not carried).
    const { agent } = await staffAgent(t);
    const upload = async (poem: { id: number }, sound: Buffer, name: string, lineMarks?: number[]) => {
      const res = await agent
        .post(`/api/poems/${poem.id}/recordings/`)
        .field('reader', 'Ruth & Tom')
        .attach('file', sound, name)
        .expect(201);
      if (lineMarks) await agent.put(`/api/recordings/${res.body.id}/`).send({ line_marks: lineMarks }).expect(200);
      return sound;
    };
    const heardPoem = poems[poems.length - 1]!;
    const marked = await upload(heardPoem, mp3(3), 'levels.mp3', [0, 0.5, 0.5, 1.25, 2.5]);
    const unmarked = await upload(poems[0]!, m4a(2), 'road.m4a');
    await upload(poems[1]!, wav(1), 'oven.wav');
    const second = await upload(poems[1]!, mp3(1), 'oven.mp3');
    await upload(poems[2]!, wav(1), 'fire.wav');

    const res = await download(`/download/${publication.slug}.epub`).expect(200).expect('Content-Type', 'application/epub+zip');
    expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${publication.slug}.epub"; filename*=UTF-8''${publication.slug}.epub`,
    );
    const epub = res.body as Buffer;

    const file = join(mkdtempSync(join(tmpdir(), 'epub-')), `${publication.slug}.epub`);
    writeFileSync(file, epub);
    for (const report of await epubcheck(file)) {
      console.log(`EPUB checked by ${report.checker}`);
      expect(report.problems, report.checker).toEqual([]);
    }

    const entries = unzipSync(new Uint8Array(epub));
    expect(Object.keys(entries)[0]).toBe('mimetype');
    const opf = strFromU8(entries['OEBPS/content.opf']!);
    expect(opf).toContain('<dc:title>Mountain Interval</dc:title>');
    expect(opf).toContain('<dc:creator id="creator-1">Robert Frost</dc:creator>');
    expect(opf).toContain('<dc:date>1916</dc:date>');
    expect(opf).toMatch(/<item id="cover-image" href="cover.png" media-type="image\/png" properties="cover-image"\/>/);
    expect([...entries['OEBPS/cover.png']!.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    mkdirSync('test-artifacts', { recursive: true });
    writeFileSync('test-artifacts/epub-cover.png', entries['OEBPS/cover.png']!);
    const nav = strFromU8(entries['OEBPS/contents.xhtml']!);
    expect([...nav.matchAll(/<li><a href="poem-\d+\.xhtml">([^<]*)<\/a><\/li>/g)].map((m) => decodeEntities(m[1]!))).toEqual([
      ...SHARED_SET_BOOK.poems.map((p) => p.title),
      LEVELS.title,
    ]);

    // Every poem, stanza by stanza, line by line, indentation and all, as its page on the site.
    for (const [i, poem] of poems.entries()) {
      const page = await t.http().get(`/publication/${publication.slug}/${poem.slug}`).expect(200);
      const xhtml = strFromU8(entries[`OEBPS/poem-${String(i + 1).padStart(4, '0')}.xhtml`]!);
      expect(xhtml).toContain(`>${poem.title}</h1>`);
      expect(epubVerse(xhtml), poem.title).toEqual(siteVerse(page.text));
    }
    // The turnover of the three-level poem starts deeper than its deepest line (two em past it);
    // read aloud, each of its lines has the id its overlay points at.
    const levels = strFromU8(entries[`OEBPS/poem-${String(poems.length).padStart(4, '0')}.xhtml`]!);
    expect(levels).toContain('<span id="line-4" class="line" style="padding-left: 5em; text-indent: -2em">three steps in, and a line');
    expect(levels).toContain(
      '<span id="line-1" class="line" style="padding-left: 5em; text-indent: -5em">Flush to the margin,</span><br/>',
    );
    // Its notes after the verse, and its printed pages in the book's page list, with every set poem's.
    expect(levels).toContain('<h2 id="notes-');
    expect(levels).toContain('Written at the lake, 1962.<br/>\nRevised later.');
    const pageList = [.../<nav epub:type="page-list"[\s\S]*?<\/nav>/.exec(nav)![0].matchAll(/>(\d+)<\/a>/g)].map((m) => Number(m[1]));
    expect(pageList).toEqual([...new Set([...SHARED_SET_BOOK.poems.flatMap((p) => p.page_numbers), 40, 41])]);
    expect(opf).toContain('<meta refines="#creator-1" property="file-as">Frost, Robert</meta>');
    expect(opf).toMatch(/<dc:rights>© 1916 Robert Frost\. .+<\/dc:rights>/);

    // The recordings as Media Overlays: each carried one's bytes in the package, its poem pointing at its SMIL.
    const named = (i: number, ext: string) => `${String(i + 1).padStart(4, '0')}.${ext}`;
    const last = poems.length - 1;
    expect(Buffer.from(entries[`OEBPS/audio/poem-${named(last, 'mp3')}`]!).equals(marked)).toBe(true);
    expect(Buffer.from(entries[`OEBPS/audio/poem-${named(0, 'm4a')}`]!).equals(unmarked)).toBe(true);
    expect(Buffer.from(entries[`OEBPS/audio/poem-${named(1, 'mp3')}`]!).equals(second)).toBe(true);
    expect(Object.keys(entries).filter((name) => name.startsWith('OEBPS/audio/'))).toHaveLength(3);
    for (const i of [0, 1, last])
      expect(opf).toContain(`href="poem-${named(i, 'xhtml')}" media-type="application/xhtml+xml" media-overlay="overlay-${i + 1}"/>`);
    expect(opf).toContain(`<item id="poem-3" href="poem-${named(2, 'xhtml')}" media-type="application/xhtml+xml"/>`);
    // Each marked line from its mark to the next (the line marked at the same moment as the next is
    // heard for no time, so it has no clip), the last to the end of the recording.
    const smil = strFromU8(entries[`OEBPS/poem-${named(last, 'smil')}`]!);
    const pars = [...smil.matchAll(/<text src="([^"]+)"\/>\n<audio src="[^"]+" clipBegin="([\d.]+)s" clipEnd="([\d.]+)s"\/>/g)];
    const duration = (await agent.get(`/api/poems/${heardPoem.id}/recordings/`).expect(200)).body[0].duration_seconds as number;
    expect(pars.map((m) => [m[1], Number(m[2]), Number(m[3])])).toEqual([
      [`poem-${named(last, 'xhtml')}#line-1`, 0, 0.5],
      [`poem-${named(last, 'xhtml')}#line-3`, 0.5, 1.25],
      [`poem-${named(last, 'xhtml')}#line-4`, 1.25, 2.5],
      [`poem-${named(last, 'xhtml')}#line-5`, 2.5, Number(duration.toFixed(3))],
    ]);
    expect(strFromU8(entries[`OEBPS/poem-${named(0, 'smil')}`]!)).toMatch(
      /<text src="poem-0001\.xhtml#verse"\/>\n<audio src="audio\/poem-0001\.m4a" clipBegin="0\.000s"/,
    );
    expect(opf).toContain('<meta property="media:active-class">-epub-media-overlay-active</meta>');
    expect(opf).toContain('<meta property="media:narrator" refines="#overlay-1">Ruth &amp; Tom</meta>');

    // Streamed, it still answers a 304 to the copy a reader has.
    await t.http().get(`/download/${publication.slug}.epub`).set('If-None-Match', res.headers.etag!).expect(304);
  });

  it('gives a German book as an EPUB in German that EPUBCheck passes, its poem in English saying so on its section', async () => {
    const commands = t.app.get(CatalogCommands);
    const book = await commands.createPublication({
      title: 'Gedichte',
      authors: ['Hugo von Hofmannsthal'],
      publisher: 'Insel',
      publicationDate: '1922',
      isbn: '',
      notes: '',
      language: 'de',
    });
    await commands.addPoems(book.id, [
      { title: 'Vorfrühling', body: 'Es läuft der Frühlingswind\ndurch kahle Alleen,\nseltsame Dinge sind\nin seinem Wehn.' },
      { title: 'Early Spring', body: 'The spring wind runs\nthrough bare avenues,\nstrange things are\nin its blowing.', language: 'en' },
    ]);
    await commands.setStatus(book.id, 'published');
    const epub = (await download(`/download/${book.slug}.epub`).expect(200)).body as Buffer;
    const file = join(mkdtempSync(join(tmpdir(), 'epub-de-')), `${book.slug}.epub`);
    writeFileSync(file, epub);
    for (const report of await epubcheck(file)) expect(report.problems, report.checker).toEqual([]);
    const entries = unzipSync(new Uint8Array(epub));
    expect(strFromU8(entries['OEBPS/content.opf']!)).toContain('<dc:language>de</dc:language>');
    expect(strFromU8(entries['OEBPS/poem-0001.xhtml']!)).toContain('xml:lang="de" lang="de"');
    expect(strFromU8(entries['OEBPS/poem-0001.xhtml']!)).toContain('<section class="poem" epub:type="chapter" aria-labelledby="title-1">');
    const english = strFromU8(entries['OEBPS/poem-0002.xhtml']!);
    expect(english).toContain('<section class="poem" epub:type="chapter" xml:lang="en" lang="en" aria-labelledby="title-2">');
  });

  it('keeps the download like other public reads: a 304 by ETag, a new book after an edit, never a draft or the trash', async () => {
    const { publication, poems } = await addSharedSetBook(t.app, { title: 'Cached Interval' });
    const first = await download(`/download/${publication.slug}.epub`).expect(200);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    await t.http().get(`/download/${publication.slug}.epub`).set('If-None-Match', first.headers.etag!).expect(304);
    const again = await download(`/download/${publication.slug}.epub`).expect(200);
    expect((again.body as Buffer).equals(first.body as Buffer)).toBe(true);

    const commands = t.app.get(CatalogCommands);
    await commands.updatePoem(poems[0]!.id, { title: 'The Road Not Taken', body: 'An edited line.', notes: '' });
    const edited = await download(`/download/${publication.slug}.epub`).expect(200);
    expect(edited.headers.etag).not.toBe(first.headers.etag);
    expect(strFromU8(unzipSync(new Uint8Array(edited.body as Buffer))['OEBPS/poem-0001.xhtml']!)).toContain('An edited line.');

    const draft = await addSharedSetBook(t.app, { title: 'Draft Interval', publish: false });
    const { agent } = await staffAgent(t);
    for (const client of [t.http(), agent]) {
      const res = await client.get(`/download/${draft.publication.slug}.epub`).expect(404).expect('Content-Type', /json/);
      expect(res.body.message).toBe('Publication not found');
    }
    await commands.moveToTrash(publication.id);
    await t.http().get(`/download/${publication.slug}.epub`).expect(404);
    await t.http().get(`/download/${publication.slug}.pdf`).expect(404);
  });
});
