import { createHash } from 'node:crypto';
import { zipSync, type Zippable } from 'fflate';
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
 * without the book's styles; the curator's notes follow the verse. Valid
 * by EPUBCheck (test/e2e/book-download.e2e-spec.ts runs it on every build).
 *
 * The same book always gives the same bytes (entries stamped with the book's last change), so the
 * download has a stable ETag and a cached copy is the book as it is.
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

/**
 * A poem's verse as XHTML: a paragraph per stanza, a block per line with its indentation and
 * hanging indent, and a line break after each line so it stays a line where the styles are not
 * applied. `breaks` puts a page marker before the line at each index (counted through the poem).
 */
export function verseXhtml(body: string, breaks: ReadonlyMap<number, number[]> = new Map()): string {
  const { stanzas, deepest } = setVerse(body);
  let index = 0;
  return stanzas
    .map((stanza) => {
      const lines = stanza.map((line, i) => {
        const { paddingEm, textIndentEm } = lineGeometryEm(line.indent, deepest);
        const marker = (breaks.get(index++) ?? []).map(pageBreak).join('');
        const end = i < stanza.length - 1 ? '<br/>' : '';
        return `${marker}<span class="line" style="padding-left: ${paddingEm}em; text-indent: ${textIndentEm}em">${esc(line.text)}</span>${end}`;
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

export interface EpubInput {
  book: BookData;
  settings: Pick<PublicSiteSettings, 'siteName' | 'poetName' | 'publicUrl' | 'footerCredit'>;
  /** The cover picture (PNG). */
  cover: Buffer;
}

const poemFile = (index: number) => `poem-${String(index + 1).padStart(4, '0')}.xhtml`;

export function buildEpub({ book, settings, cover }: EpubInput): Buffer {
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
<meta name="cover" content="cover-image"/>
</metadata>
<manifest>
<item id="style" href="style.css" media-type="text/css"/>
<item id="cover-image" href="cover.png" media-type="image/png" properties="cover-image"/>
<item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>
<item id="title-page" href="title.xhtml" media-type="application/xhtml+xml"/>
<item id="contents" href="contents.xhtml" media-type="application/xhtml+xml" properties="nav"/>
${poems.map((_, i) => `<item id="poem-${i + 1}" href="${poemFile(i)}" media-type="application/xhtml+xml"/>`).join('\n')}
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

  const files: Zippable = {
    // The OCF container: mimetype first and stored, as readers find the format by its first bytes.
    mimetype: [new TextEncoder().encode('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': new TextEncoder().encode(container),
    'OEBPS/content.opf': new TextEncoder().encode(opf),
    'OEBPS/style.css': new TextEncoder().encode(STYLE),
    'OEBPS/cover.png': [new Uint8Array(cover), { level: 0 }],
    'OEBPS/cover.xhtml': new TextEncoder().encode(coverPage),
    'OEBPS/title.xhtml': new TextEncoder().encode(titlePage),
    'OEBPS/contents.xhtml': new TextEncoder().encode(contents),
  };
  poems.forEach((poem, i) => {
    files[`OEBPS/${poemFile(i)}`] = new TextEncoder().encode(
      page(
        lang,
        titleOf(poem),
        `<section class="poem" epub:type="chapter" aria-labelledby="title-${i + 1}">
${breaks[i]!.head.map((page) => `${pageBreak(page)}\n`).join('')}<h1 class="poem-title" id="title-${i + 1}">${esc(titleOf(poem))}</h1>
<div class="verse">
${verseXhtml(poem.body, breaks[i]!.lines)}
</div>
${poem.notes.trim() ? `${notesXhtml(poem.notes, `notes-${i + 1}`)}\n` : ''}</section>`,
      ),
    );
  });
  return Buffer.from(zipSync(files, { level: 9, mtime: modified }));
}
