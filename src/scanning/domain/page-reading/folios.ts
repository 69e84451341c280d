/**
 * Folios, the printed page numbers: how one reads, and how the numbers of a run of pages agree.
 */

const ROMAN = /^(?=[ivxlcdm]+$)m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/i;
const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

/** The value of a roman numeral ("xiv" is 14), or undefined when it is not one. */
export function romanValue(text: string): number | undefined {
  if (!text || !ROMAN.test(text)) return undefined;
  const digits = [...text.toLowerCase()].map((c) => ROMAN_VALUES[c]);
  return digits.reduce((sum, value, i) => sum + (value < (digits[i + 1] ?? 0) ? -value : value), 0);
}

/** Decorations printers put around a folio: dashes, brackets, dots, bullets, tildes. */
const ORNAMENT = '[\\s\\-–—―~·•.,:;|[\\](){}<>«»*]';

/** A folio as one photo shows it. */
export interface FolioReading {
  value: number;
  /** Set in roman figures: the front matter's numbering, a sequence apart from the arabic one. */
  roman?: boolean;
  /** The corner of the head or foot it stands in, when it stands in one (a page prints it outside). */
  side?: 'left' | 'right';
  /** The photo shows an open book's two facing pages, both folios read: `value` is the left page's. */
  spread?: boolean;
}

/**
 * Reads a folio such as "12", "— 12 —", "[12]", "Page 12", "p. 12" or "xiv" (roman, lower or upper
 * case). Arabic figures tolerate the recogniser's look-alikes (l, I and | for 1, O for 0) as long as
 * at least one true figure is there; a bracketed folio whose opening bracket was read as a figure
 * ("166]" for "[66]") is read without it. Returns undefined for anything else.
 */
export function readFolio(text: string): FolioReading | undefined {
  // Brackets come in pairs: a closing one alone means the opening one was read as a 1, l or | ("[66]" as "166]").
  const unpaired = /^\s*[1l|I](\d{1,3})\s*\]\s*$/.exec(text);
  if (unpaired) return Number(unpaired[1]) ? { value: Number(unpaired[1]) } : undefined;
  const m = new RegExp(`^${ORNAMENT}*(?:page|p\\.)?\\s*([0-9IlOo|]{1,4}|[ivxlcdm]{1,8}|[IVXLCDM]{1,8})${ORNAMENT}*$`, 'i').exec(
    text.trim(),
  );
  if (!m) return undefined;
  const core = m[1];
  if (/\d/.test(core)) {
    const n = Number(core.replace(/[Il|]/g, '1').replace(/[Oo]/g, '0'));
    return Number.isInteger(n) && n > 0 ? { value: n } : undefined;
  }
  // A lone capital I is more often a section numeral or the pronoun than a folio; roman folios
  // number the front matter, a few dozen pages, so a larger value is a word ("mix", "dill").
  if (core === 'I' || core === 'l' || core === 'L') return undefined;
  const value = romanValue(core);
  return value !== undefined && value <= 300 ? { value, roman: true } : undefined;
}

/** The value of a folio (see readFolio), or undefined. */
export function parseFolio(text: string): number | undefined {
  return readFolio(text)?.value;
}

/** Each photo's place in the book counted in pages from the first photo: a spread covers two. */
function places(read: Array<FolioReading | undefined>): number[] {
  let at = 0;
  return read.map((r) => {
    const place = at;
    at += r?.spread ? 2 : 1;
    return place;
  });
}

/** Two readings as far apart in numbers as their photos are in pages, in the same figures. */
function inStep(read: Array<FolioReading | undefined>, place: number[], a: number, b: number): boolean {
  const [x, y] = [read[a], read[b]];
  return x !== undefined && y !== undefined && !x.roman === !y.roman && y.value - x.value === place[b] - place[a];
}

/**
 * The corner odd folios stand in, as the batch's own folios show it: a page prints its folio in
 * its outer corner, so a book's rectos (odd, on the right in a book read left to right) carry it
 * right and its versos left. Learnt from the batch, not assumed (a book printed right to left has
 * it the other way round); undefined when too few folios stand in corners to tell.
 */
function oddCorner(read: Array<FolioReading | undefined>): 'left' | 'right' | undefined {
  let right = 0;
  let left = 0;
  for (const r of read) {
    if (!r?.side || r.spread) continue;
    if ((r.value % 2 === 1) === (r.side === 'right')) right++;
    else left++;
  }
  if (right >= 2 && right > left * 2) return 'right';
  if (left >= 2 && left > right * 2) return 'left';
  return undefined;
}

const fitsCorner = (value: number, side: FolioReading['side'], odd: FolioReading['side']) =>
  side === undefined || odd === undefined || (value % 2 === 1) === (side === odd);

/**
 * Whether photo i's folio agrees with another photo's by their order: as far apart in numbers as
 * they are in pages. A misreading agrees with none.
 */
export function inSequence(read: Array<FolioReading | undefined>, i: number): boolean {
  const place = places(read);
  return read.some((_, j) => j !== i && inStep(read, place, j, i));
}

/**
 * Makes the folios of a batch's photos agree, the photos taken in book order as a rule. The folios
 * are the stronger evidence where they agree with each other, so a run of them that disagrees with
 * the photos' order (photos uploaded out of order, a jump in the book) is left as read; the order
 * only places a page between the folios around it:
 * - a folio that contradicts the nearest legible folios on both sides, when those two agree with
 *   each other (as far apart as the pages between them), is a misreading and takes the number they
 *   imply; so does one whose parity contradicts its corner (an odd folio where the batch's even ones
 *   stand), from what one side implies;
 * - a page whose folio cannot be read (a poem's opening page, a blank page, a folio cut off) takes
 *   the number its neighbours imply: both sides when they agree, or one side when the batch has
 *   nothing on the other and that side's nearest folios agree (or there is just one);
 * - one side alone never overrules a legible folio; a batch of one page keeps what was read.
 * Roman front-matter folios and arabic ones are two sequences, and a spread counts two pages.
 */
export function repairFolioSequence(read: Array<FolioReading | undefined>): Array<number | undefined> {
  const place = places(read);
  const odd = oddCorner(read);
  // A folio at odds with its corner is misread: it is no evidence for its neighbours.
  const good = read.map((r) => (r && fitsCorner(r.value, r.side, odd) ? r : undefined));
  const agree = (a: number, b: number) => inStep(good, place, a, b);
  const from = (k: number, i: number) => good[k]!.value + place[i] - place[k];
  const oneSide = (side: number[], i: number) =>
    side.length === 1 || (side.length >= 2 && agree(side[0], side[1])) ? from(side[0], i) : undefined;
  return read.map((r, i) => {
    const before = [...Array(i).keys()].reverse().filter((k) => good[k]);
    const after = [...Array(read.length - i - 1).keys()].map((k) => k + i + 1).filter((k) => good[k]);
    let implied: number | undefined;
    if (before.length && after.length && agree(before[0], after[0])) implied = from(before[0], i);
    else if (good[i]) return good[i].value;
    else if (!after.length && before.length) implied = oneSide(before, i);
    else if (!before.length && after.length) implied = oneSide(after, i);
    return implied !== undefined && implied >= 1 && fitsCorner(implied, r?.side, odd) ? implied : r?.value;
  });
}

/**
 * Whether two photos whose text reads alike carry the same folio, as far as their folios tell: one
 * not read, the same number, or one a misreading (in step with no other folio of the batch). Two
 * folios each in step with the batch are two pages, such as a ballad's pages sharing its refrain.
 */
function sameFolio(read: Array<FolioReading | undefined>, i: number, j: number): boolean {
  const [a, b] = [read[i], read[j]];
  if (!a || !b || (a.value === b.value && !a.roman === !b.roman)) return true;
  return !(inSequence(read, i) && inSequence(read, j));
}

/**
 * The page number of each photo of a batch in book order, from the folio read on it (undefined where
 * none), whichever extractor read it: the run made to agree (repairFolioSequence). A photo showing a
 * page an earlier photo shows (`readsAlike(i, j)`, j < i, by their text; their folios are judged
 * here) is the same page photographed twice: the run is repaired without it, and it takes its twin's
 * number, read from whichever photo reads it in sequence (a worse photo misreads it more often).
 */
export function numberPhotos(
  read: Array<FolioReading | undefined>,
  readsAlike: (i: number, j: number) => boolean = () => false,
): Array<number | undefined> {
  const first: number[] = [];
  read.forEach((_, i) => {
    const twin = read.findIndex((_, j) => j < i && readsAlike(i, j) && sameFolio(read, i, j));
    first.push(twin < 0 ? i : first[twin]);
  });
  const run = first.flatMap((f, i) => (f === i ? [i] : []));
  const photosOf = (i: number) => first.flatMap((f, k) => (f === i ? [k] : []));
  const repaired = repairFolioSequence(
    run.map((i) => {
      const photos = photosOf(i).filter((k) => read[k] !== undefined);
      return read[photos.find((k) => inSequence(read, k)) ?? photos[0]];
    }),
  );
  const numbers: Array<number | undefined> = read.map(() => undefined);
  run.forEach((i, k) => photosOf(i).forEach((photo) => (numbers[photo] = repaired[k])));
  return numbers;
}

/**
 * Where a page sent on its own after the publication's earlier pages stands in their sequence: the
 * same reasoning as within a batch (repairFolioSequence), over the publication's pages in upload
 * order (`earlier`, undefined where no folio was read) followed by the new page's folio. An earlier
 * page whose folio could not be read takes the number its neighbours imply (the folio before it
 * and the pages between), and one breaking an otherwise consistent run (25, 50, 27) is read as the
 * run's. Answers the last earlier page's number, so repaired, when the new page is the one after
 * it; undefined when nothing shows that (the new page's folio unread, a gap, a folio going back).
 */
export function followsUploads(earlier: Array<number | undefined>, folio: number | undefined): number | undefined {
  if (folio === undefined || earlier.length === 0) return undefined;
  const repaired = repairFolioSequence([...earlier, folio].map((value) => (value === undefined ? undefined : { value })));
  const last = repaired[earlier.length - 1];
  return last !== undefined && repaired[earlier.length] === folio && folio === last + 1 ? last : undefined;
}
