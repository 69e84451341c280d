import { createHash } from 'node:crypto';
import { zipSync, type Zippable } from 'fflate';
import type { BookData, Poem, PublicSiteSettings } from '../../../contracts/reader-page.js';
import { authorsText, formatPublicationDate, refOf } from '../../../contracts/format.js';
import { lineGeometryEm, setVerse } from '../../../contracts/verse.js';
import { withoutRefusedCharacters } from '../../common/text-rules.js';

/**
 * A book as an EPUB 3 file: cover, title page, contents (the navigation document), then a file
 * per poem, the verse set by the reader's rules (contracts/verse.ts) at a fixed size: stanzas,
 * indentation, and a hanging indent for the turnovers deeper than the poem's deepest line. Valid
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

/** A poem's verse as XHTML: a paragraph per stanza, a block per line with its indentation and hanging indent. */
export function verseXhtml(body: string): string {
  const { stanzas, deepest } = setVerse(body);
  return stanzas
    .map((stanza) => {
      const lines = stanza.map((line) => {
        const { paddingEm, textIndentEm } = lineGeometryEm(line.indent, deepest);
        return `<span class="line" style="padding-left: ${paddingEm}em; text-indent: ${textIndentEm}em">${esc(line.text)}</span>`;
      });
      return `<p class="stanza">${lines.join('\n')}</p>`;
    })
    .join('\n');
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

export interface EpubInput {
  book: BookData;
  settings: Pick<PublicSiteSettings, 'siteName' | 'poetName' | 'publicUrl'>;
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
  const lang = publication.language || 'en';

  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${esc(lang)}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">urn:uuid:${uuidOf(bookUrl)}</dc:identifier>
<dc:title>${esc(title)}</dc:title>
${creators.map((c, i) => `<dc:creator id="creator-${i + 1}">${esc(c)}</dc:creator>`).join('\n')}
<dc:language>${esc(lang)}</dc:language>
${publication.publisher.trim() ? `<dc:publisher>${esc(publication.publisher.trim())}</dc:publisher>\n` : ''}${date ? `<dc:date>${date}</dc:date>\n` : ''}${publication.isbn.trim() ? `<dc:source>urn:isbn:${esc(publication.isbn.replace(/[^0-9Xx]/g, ''))}</dc:source>\n` : ''}<dc:subject>Poetry</dc:subject>
<dc:rights>${esc(`From ${settings.siteName}, ${bookUrl}`)}</dc:rights>
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
</section>`,
  );
  const contents = page(
    lang,
    `${title}: Contents`,
    `<nav epub:type="toc" id="toc" aria-labelledby="toc-title">
<h1 id="toc-title">Contents</h1>
${poems.length ? `<ol>\n${poems.map((p, i) => `<li><a href="${poemFile(i)}">${esc(titleOf(p))}</a></li>`).join('\n')}\n</ol>` : '<ol><li><a href="title.xhtml">No poems in this publication</a></li></ol>'}
</nav>
<nav epub:type="landmarks" id="landmarks" hidden="hidden">
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
<h1 class="poem-title" id="title-${i + 1}">${esc(titleOf(poem))}</h1>
<div class="verse">
${verseXhtml(poem.body)}
</div>
</section>`,
      ),
    );
  });
  return Buffer.from(zipSync(files, { level: 9, mtime: modified }));
}
