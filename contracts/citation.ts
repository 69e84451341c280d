/**
 * How to cite a poem of the archive: MLA (9th edition), Chicago (17th, bibliography entry) and APA
 * (7th), for a poem in a book read online at its archive address. Each comes as plain text (what
 * Copy puts on the clipboard as text) and as parts marking what is set in italics (the book and
 * the archive), which the page and the clipboard's HTML show as such.
 *
 * MLA and Chicago give titles as printed (title case); APA 7 sets the poem's and the book's titles
 * in sentence case (sentenceCase below), keeping the proper nouns a rule can tell. No access date:
 * a page served from a cache for a week would date every citation by its first visitor.
 */

export type CitationStyle = 'mla' | 'chicago' | 'apa';

export const CITATION_STYLES: ReadonlyArray<{ style: CitationStyle; label: string }> = [
  { style: 'mla', label: 'MLA' },
  { style: 'chicago', label: 'Chicago' },
  { style: 'apa', label: 'APA' },
];

export interface CitedPoem {
  title: string;
  /** Authors as the book names them, in order; the poet's name when the book names none. */
  authors: string[];
  bookTitle: string;
  publisher: string;
  /** The book's publication date as the curator typed it ("1998", "March 1998"); its year is used. */
  publicationDate: string;
  /** Printed page numbers of the poem in the book. */
  pages: number[];
  siteName: string;
  /** The poem's canonical address. */
  url: string;
}

/** A run of a citation: plain, or set in italics. */
export interface CitationPart {
  text: string;
  italic?: boolean;
}

/** The year of a free-text publication date ("March 1998" -> "1998"); empty when it has none. */
export function yearOf(date: string): string {
  return /\b(1[0-9]{3}|20[0-9]{2})\b/.exec(date)?.[1] ?? '';
}

/** "Eleanor Vance" -> { family: "Vance", given: "Eleanor" }; one word is a family name alone. */
function nameParts(name: string): { family: string; given: string } {
  const words = name.trim().split(/\s+/);
  const family = words.pop() ?? '';
  return { family, given: words.join(' ') };
}

/** "Eleanor Vance" -> "Vance, Eleanor": a name as it is sorted and cited first. */
export const inverted = (name: string) => {
  const { family, given } = nameParts(name);
  return given ? `${family}, ${given}` : family;
};

/** "Eleanor Mary Vance" -> "Vance, E. M." */
const apaName = (name: string) => {
  const { family, given } = nameParts(name);
  const initials = given
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((g) => `${[...g][0]!.toUpperCase()}.`)
    .join(' ');
  return initials ? `${family}, ${initials}` : family;
};

/** MLA and Chicago: the first author inverted, then "and"; three or more in MLA as "et al.". */
function mlaAuthors(authors: string[]): string {
  if (authors.length === 0) return '';
  if (authors.length === 1) return inverted(authors[0]!);
  if (authors.length === 2) return `${inverted(authors[0]!)}, and ${authors[1]}`;
  return `${inverted(authors[0]!)}, et al.`;
}

function chicagoAuthors(authors: string[]): string {
  if (authors.length <= 1) return authors.map(inverted).join('');
  const rest = authors.slice(1);
  return `${inverted(authors[0]!)}, ${rest.slice(0, -1).join(', ')}${rest.length > 1 ? ', ' : ''}and ${rest[rest.length - 1]}`;
}

function apaAuthors(authors: string[]): string {
  const names = authors.map(apaName);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')}, & ${names[names.length - 1]}`;
}

/**
 * Words a title-case title leaves in lower case (articles, conjunctions, short prepositions): a
 * lower-case word not among them shows the title was typed in sentence case already.
 */
const MINOR_WORDS = new Set(
  'a an the and but or nor for so yet as at by in of off on per to up via with from into onto over than upon out'.split(' '),
);

/** Words English always capitalises: the months and the days. */
const ALWAYS_CAPITAL = new Set(
  [
    'January February March April May June July August September October November December',
    'Monday Tuesday Wednesday Thursday Friday Saturday Sunday',
  ]
    .join(' ')
    .split(' '),
);

const WORD = /\p{L}[\p{L}\p{M}'’]*/gu;

/**
 * A title in sentence case, as APA 7 asks: the first word and the first word after a colon, a
 * dash or a stop capitalised, the rest lower case, except what can be told to be a proper noun or
 * always capitalised: "I" (and "I'm"), "O", acronyms and names in mixed case ("NATO", "McKay"),
 * months and days, and the words of `names` (the authors). A title already typed in sentence case
 * (a lower-case word title case would capitalise) keeps its capitals as the curator's proper nouns.
 * Each part of a hyphenated word follows the rule ("Self-Portrait" -> "Self-portrait").
 */
export function sentenceCase(title: string, names: readonly string[] = []): string {
  const words = [...title.matchAll(WORD)].map((m) => m[0]);
  const keep = new Set(names.flatMap((n) => [...n.matchAll(WORD)].map((m) => m[0])));
  // A title set in capitals throughout ("THE ROAD HOME") says nothing of its proper nouns.
  const allCaps = words.every((w) => w === w.toUpperCase()) && words.filter((w) => w.length > 1).length > 1;
  const typedInSentenceCase = !allCaps && words.some((w, i) => i > 0 && /^\p{Ll}/u.test(w) && !MINOR_WORDS.has(w.toLowerCase()));
  let starts = true;
  let out = '';
  let last = 0;
  for (const m of title.matchAll(WORD)) {
    const between = title.slice(last, m.index);
    if (/[:.?!—–]/.test(between) || /\s-\s/.test(between)) starts = true;
    out += between;
    out += caseOf(m[0], starts, { allCaps, typedInSentenceCase, keep });
    starts = false;
    last = m.index + m[0].length;
  }
  return out + title.slice(last);
}

function caseOf(
  word: string,
  first: boolean,
  title: { allCaps: boolean; typedInSentenceCase: boolean; keep: ReadonlySet<string> },
): string {
  const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  if (title.allCaps) {
    const lower = word.toLowerCase();
    const name = [...title.keep].find((k) => k.toLowerCase() === lower);
    if (name) return name;
    return first || /^i(['’]|$)/.test(lower) || lower === 'o' ? capital(lower) : lower;
  }
  if (first) return capital(word);
  if (title.typedInSentenceCase || title.keep.has(word) || ALWAYS_CAPITAL.has(word)) return word;
  // "I", "I'm", "O"; acronyms and names with a capital inside ("NATO", "McKay", "iPhone").
  if (/^I(['’]\p{L}+)?$/u.test(word) || word === 'O' || /.\p{Lu}/u.test(word)) return word;
  return word.toLowerCase();
}

/** "3" or "3–4" (first to last printed page); empty for none. */
export function pageRange(pages: number[]): string {
  if (pages.length === 0) return '';
  const sorted = [...pages].sort((a, b) => a - b);
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  return first === last ? String(first) : `${first}–${last}`;
}

/** Ends a sentence with a period unless it already ends with a stop ("Who Goes There?"). */
const sentence = (text: string) => (/[.?!]["”’]?$/.test(text) ? text : `${text}.`);
/** A title in quotation marks, the closing period inside them (US style) unless it ends with its own stop. */
const quotedTitle = (title: string) => (/[.?!]$/.test(title) ? `“${title}”` : `“${title}.”`);

export function citationParts(style: CitationStyle, poem: CitedPoem): CitationPart[] {
  const title = poem.title.trim() || 'Untitled';
  const year = yearOf(poem.publicationDate);
  const range = pageRange(poem.pages);
  const plural = range.includes('–');
  const publisher = poem.publisher.trim();
  switch (style) {
    case 'mla': {
      const authors = mlaAuthors(poem.authors);
      const source = [publisher, year, range && `${plural ? 'pp.' : 'p.'} ${range}`].filter(Boolean).join(', ');
      return [
        { text: `${authors ? `${sentence(authors)} ` : ''}${quotedTitle(title)} ` },
        { text: poem.bookTitle, italic: true },
        { text: source ? `, ${source}. ` : '. ' },
        { text: poem.siteName, italic: true },
        { text: `, ${poem.url}.` },
      ];
    }
    case 'chicago': {
      const authors = chicagoAuthors(poem.authors);
      const publication = [publisher, year].filter(Boolean).join(', ');
      return [
        { text: `${authors ? `${sentence(authors)} ` : ''}${quotedTitle(title)} In ` },
        { text: poem.bookTitle, italic: true },
        { text: `${range ? `, ${range}` : ''}. ${publication ? `${publication}. ` : ''}` },
        { text: poem.siteName, italic: true },
        { text: `. ${poem.url}.` },
      ];
    }
    case 'apa': {
      const authors = apaAuthors(poem.authors);
      const pages = range ? ` (${plural ? 'pp.' : 'p.'} ${range})` : '';
      return [
        { text: `${authors ? `${authors} ` : ''}(${year || 'n.d.'}). ${sentence(sentenceCase(title, poem.authors))} In ` },
        { text: sentenceCase(poem.bookTitle, poem.authors), italic: true },
        { text: `${pages}.${publisher ? ` ${sentence(publisher)}` : ''} ` },
        { text: poem.siteName, italic: true },
        { text: `. ${poem.url}` },
      ];
    }
  }
}

/** The citation as plain text. */
export function citationText(style: CitationStyle, poem: CitedPoem): string {
  return citationParts(style, poem)
    .map((p) => p.text)
    .join('');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** The citation as HTML (text escaped, italics as <i>), for the clipboard's rich copy. */
export function citationHtml(style: CitationStyle, poem: CitedPoem): string {
  return citationParts(style, poem)
    .map((p) => {
      const text = p.text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]!);
      return p.italic ? `<i>${text}</i>` : text;
    })
    .join('');
}
