import { createHash } from 'node:crypto';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { BookData, Poem, PublicSiteSettings } from '../../../contracts/reader-page.js';
import { inverted } from '../../../contracts/citation.js';
import { authorsText, formatPublicationDate, refOf } from '../../../contracts/format.js';
import { lineGeometryEm, setVerse } from '../../../contracts/verse.js';
import { withoutRefusedCharacters } from '../../common/text-rules.js';

/**
 * A book as an EPUB 3 file: cover, title page, contents (the navigation document, with the list of
 * printed pages), then a file per poem, the verse set by the reader's rules (contracts/verse.ts)
 * at a fixed size: stanzas, indentation, and a hanging indent for the turnovers deeper than the
 * poem's deepest line; each line also ends in a line break, for reading systems that set the text
 * without the book's styles; the curator's notes follow the verse. A poem read aloud carries its
 * recording as an EPUB 3 Media Overlay (a SMIL file of its lines, each with its clip of the
 * recording), so reading systems that support them read along. Valid by EPUBCheck
 * (test/e2e/book-download.e2e-spec.ts runs it on every build, on a book with recordings).
 *
 * The same book always gives the same bytes (entries stamped with the book's last change), so the
 * download has a stable ETag and a cached copy is the book as it is. Recordings are large: the
 * package is written as a stream, every text and picture first (made here, small), then each
 * recording read from the store as it is sent, never held whole in memory.
 */

const XHTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
// The archive refuses control characters on input; any from before that rule would make the book
// invalid XML, so they go here too.
const esc = (text: string) => withoutRefusedCharacters(text).replace(/[&<>"']/g, (c) => XHTML_ESCAPES[c]!);

const STYLE = `@namespace epub "http://www.idpf.org/2007/ops";
body { font-family: "Crimson Text", Georgia, "Times New Roman", serif; line-height: 1.5; margin: 0 5%; }
h1, h2 { font-weight: 600; line-height: 1.25; }
h1.poem-title { font-size: 1.5em; margin: 1.5em 0 1em; }
.verse { margin: 0; }
.stanza { margin: 0 0 1.2em; }
.line { display: block; }
/* Each line ends with a line break, so a reading system without these styles still sets it as a line. */
.stanza br { display: none; }
.notes { margin-top: 2em; font-size: 0.9em; }
.notes h2 { font-size: 1.1em; }
.title-page { text-align: center; margin-top: 25%; }
.title-page h1 { font-size: 2em; margin-bottom: 0.5em; }
.title-page .by { font-size: 1.3em; margin: 0 0 2em; }
.title-page .imprint { margin: 0.25em 0; }
.cover { margin: 0; padding: 0; text-align: center; }
.cover img { max-width: 100%; max-height: 100%; }
nav ol { list-style: none; padding-left: 0; }
nav li { margin: 0.35em 0; }
`;

/** The class reading systems give the line being read (media:active-class), and its look. */
const ACTIVE_CLASS = '-epub-media-overlay-active';
const ACTIVE_STYLE = `.${ACTIVE_CLASS} { background-color: #fff3a8; color: #000; }
`;

/** A poem's own language on its section, when it is not its book's (a reading system then reads it with that language's rules). */
function ownLanguage(poem: Poem, bookLanguage: string): string {
  return poem.language && poem.language !== bookLanguage ? ` xml:lang="${esc(poem.language)}" lang="${esc(poem.language)}"` : '';
}

/** An XHTML page of the book, in the book's language (publication.language). */
function page(lang: string, title: string, body: string, extra = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${esc(lang)}" lang="${esc(lang)}">
<head>
<meta charset="UTF-8"/>
<title>${esc(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>${extra}
</head>
<body>
${body}
</body>
</html>
`;
}

/** The marker of a printed page's start (EPUB page navigation), named by its number. */
const pageBreak = (page: number) => `<span epub:type="pagebreak" role="doc-pagebreak" id="page-${page}" aria-label="${page}"></span>`;

/** The id of a poem's line (counted from 1 through the poem) in its file, which its Media Overlay points at. */
const lineId = (index: number) => `line-${index + 1}`;

/**
 * A poem's verse as XHTML: a paragraph per stanza, a block per line with its indentation and
 * hanging indent, and a line break after each line so it stays a line where the styles are not
 * applied. `breaks` puts a page marker before the line at each index (counted through the poem);
 * `lineIds` gives each line an id, for the poem's Media Overlay.
 */
export function verseXhtml(body: string, breaks: ReadonlyMap<number, number[]> = new Map(), lineIds = false): string {
  const { stanzas, deepest } = setVerse(body);
  let index = 0;
  return stanzas
    .map((stanza) => {
      const lines = stanza.map((line, i) => {
        const { paddingEm, textIndentEm } = lineGeometryEm(line.indent, deepest);
        const id = lineIds ? ` id="${lineId(index)}"` : '';
        const marker = (breaks.get(index++) ?? []).map(pageBreak).join('');
        const end = i < stanza.length - 1 ? '<br/>' : '';
        return `${marker}<span${id} class="line" style="padding-left: ${paddingEm}em; text-indent: ${textIndentEm}em">${esc(line.text)}</span>${end}`;
      });
      return `<p class="stanza">${lines.join('\n')}</p>`;
    })
    .join('\n');
}

/** The curator's notes: plain text, a paragraph per blank-line-separated block, its line breaks kept. */
export function notesXhtml(notes: string, id: string): string {
  const paragraphs = notes
    .trim()
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .trim()
        .split(/\r?\n/)
        .map((line) => esc(line.trim()))
        .join('<br/>\n'),
    );
  return `<section class="notes" aria-labelledby="${id}">
<h2 id="${id}">Notes</h2>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
</section>`;
}

/** The printed pages a poem's file marks: those starting at its head, and those before a line (by its index in the poem). */
export interface PageBreaks {
  head: number[];
  lines: Map<number, number[]>;
}

/**
 * Where each printed page starts, for the page list: a page is placed in the first poem that
 * names it, its first page at the poem's head. Where inside a poem a later page starts is not
 * recorded, so its marker goes before the line at the same share of the poem's lines.
 */
export function printedPageBreaks(poems: readonly Pick<Poem, 'body' | 'page_numbers'>[]): PageBreaks[] {
  const placed = new Set<number>();
  return poems.map((poem) => {
    const pages = [...new Set(poem.page_numbers)].sort((a, b) => a - b);
    const count = setVerse(poem.body).stanzas.flat().length;
    const out: PageBreaks = { head: [], lines: new Map() };
    pages.forEach((page, i) => {
      if (placed.has(page)) return;
      placed.add(page);
      if (i === 0 || count === 0) {
        out.head.push(page);
        return;
      }
      const line = Math.min(Math.round((i / pages.length) * count), count - 1);
      out.lines.set(line, [...(out.lines.get(line) ?? []), page]);
    });
    return out;
  });
}

/** A name-based UUID (RFC 4122 version 5 layout, SHA-1) of the book's address: the same book, the same identifier. */
function uuidOf(name: string): string {
  const hash = createHash('sha1').update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** dc:date takes W3C dates only (a year, year and month, or a full date); anything else is left out. */
function w3cDate(text: string): string | undefined {
  const t = text.trim();
  if (/^\d{4}(-\d{2}(-\d{2})?)?$/.test(t)) return t;
  return /\b(1\d{3}|20\d{2})\b/.exec(t)?.[1];
}

/**
 * The book's rights statement, from the memorial settings: the authors' copyright in the year the
 * book was printed, and the family's own words on how the archive is kept.
 */
export function rightsStatement(input: {
  creators: string[];
  year: string | undefined;
  footerCredit: string;
  siteName: string;
  bookUrl: string;
}): string {
  const copyright = `© ${input.year ? `${input.year} ` : ''}${input.creators.join(', ')}.`;
  return [copyright, input.footerCredit.trim(), `${input.siteName}: ${input.bookUrl}`].filter(Boolean).join(' ');
}

/** A recording of a poem as the book may carry it. */
export interface EpubRecording {
  mimeType: string;
  byteSize: number;
  sha256: string;
  durationSeconds: number;
  /** Where each line starts, in seconds, by line (empty: not marked). */
  lineMarks: readonly number[];
  /** Who reads (media:narrator). */
  reader: string;
  /** Its bytes, read from the store as they are sent. */
  open(): Promise<AsyncIterable<Uint8Array>>;
}

/**
 * The audio types every EPUB 3 reading system plays (the core media types: MP3, and AAC in MP4),
 * with the extension of their file in the package. The others the archive keeps (WAV, FLAC, Ogg,
 * raw AAC) are not core types, and EPUBCheck refuses a Media Overlay of them.
 */
const EPUB_AUDIO: Record<string, string> = { 'audio/mpeg': 'mp3', 'audio/mp4': 'm4a' };

/**
 * How much sound one book carries: a ZIP without its 64-bit extension (which reading systems do
 * not all read) holds 4 GiB; this leaves room for the text. Recordings past it are left out.
 */
export const EPUB_AUDIO_LIMIT = 0xffff_ffff - 64 * 1024 * 1024;

/**
 * The recording a poem's overlay is made of: the first of its recordings (in their order) in a
 * type reading systems play; none when it has none, or when the book's sound would pass `room`.
 */
export function overlayRecording<R extends Pick<EpubRecording, 'mimeType' | 'byteSize'>>(
  recordings: readonly R[],
  room: number,
): R | undefined {
  const playable = recordings.find((r) => Object.hasOwn(EPUB_AUDIO, r.mimeType));
  return playable && playable.byteSize <= room ? playable : undefined;
}

/** Where a line is heard in a recording, in milliseconds. */
export interface LineClip {
  /** The line's index through the poem, from 0. */
  line: number;
  begin: number;
  end: number;
}

/**
 * Each marked line's clip of a recording: from its mark to the next line's mark, the last marked
 * line to the end of the recording. Marks past the poem's lines (an edit took lines away) are
 * dropped, and a line heard for no time (two lines marked at the same moment) is left out, as a
 * clip must last. Empty when the recording is not marked.
 */
export function lineClips(marks: readonly number[], lineCount: number, durationSeconds: number): LineClip[] {
  const end = Math.round(durationSeconds * 1000);
  const starts = marks.slice(0, lineCount).map((mark) => Math.min(Math.round(mark * 1000), end));
  return starts.map((begin, line) => ({ line, begin, end: starts[line + 1] ?? end })).filter((clip) => clip.end > clip.begin);
}

/** A SMIL timecount in seconds ("12.345s"), for clipBegin and clipEnd. */
const seconds = (ms: number) => `${(ms / 1000).toFixed(3)}s`;

/** A SMIL full clock value ("0:01:02.345"), for media:duration. */
function clock(ms: number): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = (ms % 60_000) / 1000;
  return `${h}:${String(m).padStart(2, '0')}:${s.toFixed(3).padStart(6, '0')}`;
}

/** A poem's Media Overlay: one clip per marked line, or the whole recording over the whole verse when it is not marked. */
function overlaySmil(file: string, audio: string, clips: LineClip[], durationMs: number): string {
  const pars = clips.length
    ? clips.map((c) => ({ text: `${file}#${lineId(c.line)}`, begin: c.begin, end: c.end }))
    : [{ text: `${file}#verse`, begin: 0, end: durationMs }];
  return `<?xml version="1.0" encoding="UTF-8"?>
<smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0">
<body>
<seq id="poem" epub:textref="${file}#verse">
${pars
  .map(
    (p, i) => `<par id="par-${i + 1}">
<text src="${p.text}"/>
<audio src="${audio}" clipBegin="${seconds(p.begin)}" clipEnd="${seconds(p.end)}"/>
</par>`,
  )
  .join('\n')}
</seq>
</body>
</smil>
`;
}

export interface EpubInput {
  book: BookData;
  settings: Pick<PublicSiteSettings, 'siteName' | 'poetName' | 'publicUrl' | 'footerCredit'>;
  /** The cover picture (PNG). */
  cover: Buffer;
  /** Each poem's recordings in their order, by poem id; the book carries the first of each it can (overlayRecording). */
  recordings?: ReadonlyMap<number, readonly EpubRecording[]>;
}

/** A book's EPUB, ready to send: its length and first bytes made, its recordings read as they are sent. */
export interface EpubFile {
  /** The whole file's length in bytes. */
  length: number;
  /** Its bytes up to its recordings: the whole file when it carries none. */
  head: Buffer;
  /** The recordings it carries, in the order their bytes follow the head. */
  recordings: EpubRecording[];
  /** The bytes after the head: each recording as the store gives it, then the package's directory. */
  rest(): AsyncGenerator<Uint8Array>;
}

const poemFile = (index: number) => `poem-${String(index + 1).padStart(4, '0')}.xhtml`;
const overlayFile = (index: number) => `poem-${String(index + 1).padStart(4, '0')}.smil`;

export function buildEpub({ book, settings, cover, recordings = new Map() }: EpubInput): EpubFile {
  const { publication, poems } = book;
  const title = publication.title.trim() || 'Untitled';
  const authors = publication.authors.map((a) => a.trim()).filter(Boolean);
  const creators = authors.length > 0 ? authors : [settings.poetName];
  const bookUrl = `${settings.publicUrl}/publication/${encodeURIComponent(refOf(publication))}`;
  const modified = new Date(publication.updated_at);
  const modifiedText = `${modified.toISOString().slice(0, 19)}Z`;
  const date = w3cDate(publication.publication_date);
  const imprint = [publication.publisher.trim(), formatPublicationDate(publication.publication_date)].filter(Boolean).join(' · ');
  const titleOf = (poem: Poem) => poem.title.trim() || 'Untitled';
  const rights = rightsStatement({
    creators,
    year: date?.slice(0, 4),
    footerCredit: settings.footerCredit,
    siteName: settings.siteName,
    bookUrl,
  });
  const breaks = printedPageBreaks(poems);
  const pageList = breaks.flatMap((b, i) => [...b.head, ...[...b.lines.values()].flat()].map((page) => ({ page, file: poemFile(i) })));
  const lang = publication.language || 'en';

  // Each poem's overlay, while the book's sound stays within what the package holds.
  let room = EPUB_AUDIO_LIMIT;
  const overlays = poems.map((poem, i) => {
    const recording = overlayRecording(recordings.get(poem.id) ?? [], room);
    if (!recording) return undefined;
    room -= recording.byteSize;
    const durationMs = Math.round(recording.durationSeconds * 1000);
    const clips = lineClips(recording.lineMarks, setVerse(poem.body).stanzas.flat().length, recording.durationSeconds);
    const heard = clips.length ? clips.reduce((sum, c) => sum + c.end - c.begin, 0) : durationMs;
    const audio = `audio/poem-${String(i + 1).padStart(4, '0')}.${EPUB_AUDIO[recording.mimeType]}`;
    return { recording, audio, heard, smil: overlaySmil(poemFile(i), audio, clips, durationMs) };
  });
  const carried = overlays.flatMap((o, i) => (o ? [{ ...o, index: i }] : []));
  const overlayMeta = carried.length
    ? `<meta property="media:active-class">${ACTIVE_CLASS}</meta>
<meta property="media:duration">${clock(carried.reduce((sum, o) => sum + o.heard, 0))}</meta>
${carried
  .map(
    (o) => `<meta property="media:duration" refines="#overlay-${o.index + 1}">${clock(o.heard)}</meta>
<meta property="media:narrator" refines="#overlay-${o.index + 1}">${esc(o.recording.reader)}</meta>`,
  )
  .join('\n')}
`
    : '';

  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${esc(lang)}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">urn:uuid:${uuidOf(bookUrl)}</dc:identifier>
<dc:title>${esc(title)}</dc:title>
${creators
  .map(
    (c, i) => `<dc:creator id="creator-${i + 1}">${esc(c)}</dc:creator>
<meta refines="#creator-${i + 1}" property="file-as">${esc(inverted(c))}</meta>
<meta refines="#creator-${i + 1}" property="role" scheme="marc:relators">aut</meta>`,
  )
  .join('\n')}
<dc:language>${esc(lang)}</dc:language>
${publication.publisher.trim() ? `<dc:publisher>${esc(publication.publisher.trim())}</dc:publisher>\n` : ''}${date ? `<dc:date>${date}</dc:date>\n` : ''}${publication.isbn.trim() ? `<dc:source>urn:isbn:${esc(publication.isbn.replace(/[^0-9Xx]/g, ''))}</dc:source>\n` : ''}<dc:subject>Poetry</dc:subject>
<dc:rights>${esc(rights)}</dc:rights>
<meta property="dcterms:modified">${modifiedText}</meta>
${overlayMeta}<meta name="cover" content="cover-image"/>
</metadata>
<manifest>
<item id="style" href="style.css" media-type="text/css"/>
<item id="cover-image" href="cover.png" media-type="image/png" properties="cover-image"/>
<item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>
<item id="title-page" href="title.xhtml" media-type="application/xhtml+xml"/>
<item id="contents" href="contents.xhtml" media-type="application/xhtml+xml" properties="nav"/>
${poems
  .map(
    (_, i) =>
      `<item id="poem-${i + 1}" href="${poemFile(i)}" media-type="application/xhtml+xml"${overlays[i] ? ` media-overlay="overlay-${i + 1}"` : ''}/>`,
  )
  .join('\n')}
${carried
  .map(
    (o) => `<item id="overlay-${o.index + 1}" href="${overlayFile(o.index)}" media-type="application/smil+xml"/>
<item id="audio-${o.index + 1}" href="${o.audio}" media-type="${o.recording.mimeType}"/>`,
  )
  .join('\n')}
</manifest>
<spine>
<itemref idref="cover"/>
<itemref idref="title-page"/>
<itemref idref="contents"/>
${poems.map((_, i) => `<itemref idref="poem-${i + 1}"/>`).join('\n')}
</spine>
</package>
`;

  const container = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;

  const coverPage = page(
    lang,
    title,
    `<section class="cover" epub:type="cover" aria-label="Cover"><img src="cover.png" alt="${esc(`${title}, by ${creators.join(', ')}`)}"/></section>`,
  );
  const titlePage = page(
    lang,
    title,
    `<section class="title-page" epub:type="titlepage" aria-labelledby="book-title">
<h1 id="book-title">${esc(title)}</h1>
<p class="by">${esc(authorsText(authors, settings.poetName))}</p>
${imprint ? `<p class="imprint">${esc(imprint)}</p>\n` : ''}<p class="imprint">${esc(settings.siteName)}</p>
<p class="imprint"><a href="${esc(bookUrl)}">${esc(bookUrl)}</a></p>
<p class="imprint rights">${esc(rights)}</p>
</section>`,
  );
  const contents = page(
    lang,
    `${title}: Contents`,
    `<nav epub:type="toc" id="toc" aria-labelledby="toc-title">
<h1 id="toc-title">Contents</h1>
${poems.length ? `<ol>\n${poems.map((p, i) => `<li><a href="${poemFile(i)}">${esc(titleOf(p))}</a></li>`).join('\n')}\n</ol>` : '<ol><li><a href="title.xhtml">No poems in this publication</a></li></ol>'}
</nav>
${
  pageList.length
    ? `<nav epub:type="page-list" id="page-list" aria-labelledby="page-list-title" hidden="hidden">
<h2 id="page-list-title">Pages</h2>
<ol>
${pageList.map(({ page, file }) => `<li><a href="${file}#page-${page}">${page}</a></li>`).join('\n')}
</ol>
</nav>
`
    : ''
}<nav epub:type="landmarks" id="landmarks" hidden="hidden">
<h2>Landmarks</h2>
<ol>
<li><a epub:type="cover" href="cover.xhtml">Cover</a></li>
<li><a epub:type="titlepage" href="title.xhtml">Title page</a></li>
<li><a epub:type="toc" href="contents.xhtml#toc">Contents</a></li>
${poems.length ? `<li><a epub:type="bodymatter" href="${poemFile(0)}">Poems</a></li>\n` : ''}</ol>
</nav>`,
  );

  const zip = packageWriter(modified);
  // The OCF container: mimetype first and stored, as readers find the format by its first bytes.
  zip.add('mimetype', new TextEncoder().encode('application/epub+zip'), 'stored');
  zip.add('META-INF/container.xml', container);
  zip.add('OEBPS/content.opf', opf);
  zip.add('OEBPS/style.css', carried.length ? STYLE + ACTIVE_STYLE : STYLE);
  zip.add('OEBPS/cover.png', new Uint8Array(cover), 'stored');
  zip.add('OEBPS/cover.xhtml', coverPage);
  zip.add('OEBPS/title.xhtml', titlePage);
  zip.add('OEBPS/contents.xhtml', contents);
  poems.forEach((poem, i) => {
    const readAloud = overlays[i] !== undefined;
    zip.add(
      `OEBPS/${poemFile(i)}`,
      page(
        lang,
        titleOf(poem),
        `<section class="poem" epub:type="chapter"${ownLanguage(poem, lang)} aria-labelledby="title-${i + 1}">
${breaks[i]!.head.map((page) => `${pageBreak(page)}\n`).join('')}<h1 class="poem-title" id="title-${i + 1}">${esc(titleOf(poem))}</h1>
<div class="verse"${readAloud ? ' id="verse"' : ''}>
${verseXhtml(poem.body, breaks[i]!.lines, readAloud)}
</div>
${poem.notes.trim() ? `${notesXhtml(poem.notes, `notes-${i + 1}`)}\n` : ''}</section>`,
      ),
    );
  });
  for (const o of carried) zip.add(`OEBPS/${overlayFile(o.index)}`, o.smil);
  return zip.finish(carried.map((o) => ({ name: `OEBPS/${o.audio}`, recording: o.recording })));
}

/**
 * The ZIP of the package, written by fflate's streaming Zip (every entry followed by its data
 * descriptor): entries made here are compressed at once and kept as the head; recordings (already
 * compressed sound) are stored as they stream from the store, then the directory ends the file.
 */
function packageWriter(modified: Date) {
  const out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  const names: string[] = [];
  const entry = (name: string, stored: boolean) => {
    const file = stored ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 9 });
    file.mtime = modified;
    zip.add(file);
    names.push(name);
    return file;
  };
  return {
    add(name: string, data: string | Uint8Array, kind?: 'stored') {
      entry(name, kind === 'stored').push(typeof data === 'string' ? new TextEncoder().encode(data) : data, true);
    },
    finish(audio: { name: string; recording: EpubRecording }[]): EpubFile {
      if (audio.length === 0) {
        zip.end();
        const whole = Buffer.concat(out.splice(0));
        return { head: whole, length: whole.length, recordings: [], rest: async function* () {} };
      }
      const head = Buffer.concat(out.splice(0));
      // Each stored recording: its local header, its bytes and data descriptor; then a directory
      // entry per file and the directory's end (names are ASCII, no extra fields).
      const sound = audio.reduce((sum, a) => sum + 30 + a.name.length + a.recording.byteSize + 16, 0);
      const directory = [...names, ...audio.map((a) => a.name)].reduce((sum, name) => sum + 46 + name.length, 0) + 22;
      return {
        head,
        length: head.length + sound + directory,
        recordings: audio.map((a) => a.recording),
        async *rest() {
          for (const { name, recording } of audio) {
            const file = entry(name, true);
            let size = 0;
            for await (const chunk of await recording.open()) {
              size += chunk.length;
              if (size > recording.byteSize) break;
              file.push(chunk);
              yield* out.splice(0);
            }
            if (size !== recording.byteSize)
              throw new Error(`The recording for ${name} is not the ${recording.byteSize} bytes it was stored with (${size} read)`);
            file.push(new Uint8Array(0), true);
            yield* out.splice(0);
          }
          zip.end();
          yield* out.splice(0);
        },
      };
    },
  };
}
