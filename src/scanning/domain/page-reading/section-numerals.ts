import { romanValue } from './folios.js';
import type { LayoutLine } from './layout-lines.js';
import type { LayoutItem } from './turned-lines.js';

/**
 * Numerals set on a line of their own above verse ("I.", "II.", "IV"). A book uses them in two
 * ways, told apart by what surrounds them:
 * - numbering the parts or stanzas of one poem: the first stands under the poem's title, the next
 *   ones follow in sequence, and a page that opens on one past "I" continues a poem from the page
 *   before. They are printed text of the poem, kept as a line of its own between stanzas;
 * - numbering untitled poems (a sequence of sonnets): the numeral is the poem's title.
 * A numeral above a title numbers that poem and is dropped where the title is read (page-layout).
 * A numeral at the foot of a page, with nothing after it there, heads what follows on the next page:
 * it is a part of the poem above only as the next of that poem's parts; otherwise it numbers the
 * next page's first poem (dropped over its title) or titles it.
 *
 * The recogniser misreads a numeral in large capitals in the same few ways: the stop merged with
 * the last I into an "L" ("IL" for "II."), I read as 1, l or |, a closing bracket for the stop's
 * speck. In a sequence the number is known from the one before, so only the first is read.
 */

export interface NumeralReading {
  /** Its value, when the reading makes a roman or arabic numeral. */
  value?: number;
  /** Whether the book prints a full stop after it ("II."). */
  stop: boolean;
}

export function readNumeral(text: string): NumeralReading {
  const core = text.replace(/[\s[\]()|,:;·•'"’]+$/g, '').replace(/^[\s[(]+/, '');
  // An "L" after capital I's (or alone) is an I with its stop; a small l or a dot after a capital is the stop.
  const stop = /[.]$/.test(core) || /^[I1l]*L$/.test(core) || /^[IVXL]+[l.]$/.test(core);
  const bare = core
    .replace(/[.]+$/, '')
    .replace(/^([IVXL]+)l$/, '$1')
    .replace(/^([I1l]*)L$/, '$1I');
  if (/^\d{1,3}$/.test(bare) && !/^[1l]+$/.test(bare)) return { value: Number(bare), stop };
  const roman = bare.replace(/[1l|]/g, 'I').replace(/v/g, 'V').replace(/x/g, 'X');
  return { value: romanValue(roman), stop };
}

const ROMANS: Array<[number, string]> = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

export function toRoman(value: number): string {
  let out = '';
  let rest = value;
  for (const [n, letters] of ROMANS) {
    while (rest >= n) {
      out += letters;
      rest -= n;
    }
  }
  return out;
}

/** A numeral standing above verse, as page-layout found it (not yet told part number from title). */
export type NumeralItem = { kind: 'numeral'; text: string; verse: Extract<LayoutItem, { kind: 'verse' }>['verse'] };
export type PageItem = LayoutItem | NumeralItem;

/** The line without its words' places: carried to another page, it is not on that page's photo. */
const unplaced = (line: LayoutLine): LayoutLine => ({ ...line, words: line.words.map(({ box: _box, ...word }) => word) });

/**
 * Tells each numeral of a batch's pages (in book order) for a part number or a title. A part
 * number becomes a verse line of its own ("II." or "II", as the book prints it: with a stop when
 * any of the batch's numerals shows one) between stanza breaks; a title stays a title.
 */
export function resolveNumerals(pages: PageItem[][]): LayoutItem[][] {
  const readings = pages.flat().flatMap((it) => (it.kind === 'numeral' ? [readNumeral(it.text)] : []));
  const stop = readings.some((r) => r.stop);
  // Numerals at the foot of a page, moved to the head of the next one where the batch holds it.
  const atFoot = new Set<PageItem>();
  const carried = new Set<PageItem>();
  const placed = pages.map((items) => [...items]);
  placed.forEach((items, k) => {
    const last = items[items.length - 1];
    if (last?.kind !== 'numeral') return;
    atFoot.add(last);
    if (k + 1 === placed.length) return;
    placed[k + 1].unshift(items.pop()!);
    carried.add(last);
  });
  // The poem the items run in: whether there is one, whether its title is a numeral, whether it has had verse, its last part number.
  let poem: { numeralTitle: boolean; verse: boolean; part?: number } | undefined;
  return placed.map((items) => {
    const out: LayoutItem[] = [];
    let breakNext = false;
    for (const [at, item] of items.entries()) {
      if (item.kind === 'title') {
        poem = { numeralTitle: false, verse: false };
        out.push(item);
        continue;
      }
      if (item.kind === 'verse') {
        // Verse with nothing before it on the page continues a poem from an earlier page.
        poem ??= { numeralTitle: false, verse: true };
        poem.verse = true;
        out.push(breakNext ? { ...item, breakBefore: true } : item);
        breakNext = false;
        continue;
      }
      const { value } = readNumeral(item.text);
      let part: number | undefined;
      if (atFoot.has(item)) {
        // The head of what follows: over a title it numbers that poem; else the next of the poem's
        // parts, or the title of the poem it heads (not in the batch when the batch ends here). A
        // lone letter there that continues no sequence is a printer's signature mark ("C").
        const next = items[at + 1];
        const following = poem?.part !== undefined && !poem.numeralTitle ? poem.part + 1 : undefined;
        const sequel = following !== undefined && (value === undefined || value === following);
        const letter = item.text.replace(/[^\p{L}\p{N}]/gu, '').length === 1;
        if (next?.kind === 'title' || (!sequel && (next === undefined || letter))) continue;
        if (sequel) part = following;
      } else if (poem && !poem.numeralTitle) {
        // The next of a sequence; the first under the title (however misread); or part n of a continuing poem.
        if (poem.part !== undefined) part = poem.part + 1;
        else if (value === 1 || (value === undefined && !poem.verse)) part = 1;
        else if (value !== undefined && value > 1) part = value;
      } else if (!poem && value !== undefined && value > 1) {
        // The batch opens on part n of a poem begun on an earlier page.
        part = value;
      }
      if (part === undefined) {
        poem = { numeralTitle: true, verse: false };
        out.push({ kind: 'title', text: item.text.replace(/[.:]+$/, '') });
        continue;
      }
      poem ??= { numeralTitle: false, verse: false };
      poem.part = part;
      const text = `${toRoman(part)}${stop ? '.' : ''}`;
      const line = carried.has(item) ? unplaced(item.verse.line) : item.verse.line;
      out.push({ kind: 'verse', verse: { ...item.verse, line: { ...line, text }, offset: 0, reach: 0 }, breakBefore: true });
      breakNext = true;
    }
    return out;
  });
}
