import type { LayoutItem } from './turned-lines.js';

/**
 * Prose among verse: a preface, notes, criticism quoting verse. Its printed lines are kept as lines
 * (as transcribers of books keep them), but its paragraphs' first-line indent is the printer's mark
 * of a new paragraph, not a verse indent: a paragraph's first line is set flush and opens with an
 * empty line, as paragraphs are written apart in plain text.
 *
 * Prose is told by its geometry, not its words: its lines are justified, filling the measure on both
 * edges (their right ends aligned within half an em, where verse lines end ragged), a paragraph's
 * first line is indented by a small amount the paragraphs share and still reaches the right edge,
 * and its last line stops short at the margin. Judged over the page: its paragraphs are prose when
 * four of their lines reach the right edge, two set flush and one a paragraph's first line at least,
 * all paragraphs indented alike (verse lines of one length are rarely so many). A verse quotation inside the prose ends
 * ragged and is indented as a block: it is not part of the stretch and keeps its own lines and
 * indentation.
 */

type VerseItem = Extract<LayoutItem, { kind: 'verse' }>;

/** How far short of the right edge a justified line may end, in em (the photo's unevenness). */
const EDGE = 0.5;
/** A line starting within this of the margin, in em, is flush. */
const FLUSH = 0.4;
/** A paragraph indent lies between these, in em; the paragraphs of a page share it to half an em. */
const PARAGRAPH_INDENT = [0.5, 4] as const;

type Role = 'justified' | 'opening' | 'last' | 'other';

export function keepParagraphs(items: LayoutItem[]): LayoutItem[] {
  const verses = items.flatMap((item) => (item.kind === 'verse' ? [item.verse] : []));
  const edge = Math.max(...verses.map((v) => v.reach));
  // Runs of lines with no title or gap between them; a paragraph lies within one run.
  const runs: number[][] = [];
  items.forEach((item, i) => {
    if (item.kind !== 'verse') return;
    const previous = items[i - 1];
    if (previous?.kind === 'verse' && !item.breakBefore) runs[runs.length - 1].push(i);
    else runs.push([i]);
  });
  const role = new Map<number, Role>();
  // Stretches of prose-like lines: justified ones, paragraphs' first and last lines.
  const stretches: number[][] = [];
  for (const run of runs) {
    let stretch: number[] = [];
    run.forEach((i, k) => {
      const v = (items[i] as VerseItem).verse;
      const atEdge = v.reach >= edge - EDGE;
      const before = k > 0 ? role.get(run[k - 1]) : undefined;
      let r: Role = 'other';
      if (atEdge && v.offset < FLUSH) r = 'justified';
      else if (atEdge && v.offset >= PARAGRAPH_INDENT[0] && v.offset <= PARAGRAPH_INDENT[1]) r = 'opening';
      else if (!atEdge && v.offset < FLUSH && (before === 'justified' || before === 'opening')) r = 'last';
      role.set(i, r);
      if (r === 'other') stretch = [];
      else {
        if (stretch.length === 0) stretches.push(stretch);
        stretch.push(i);
      }
    });
  }
  // Judged over the page: prose shares one paragraph indent and fills the measure line after line.
  const prose = stretches.filter((s) => s.some((i) => role.get(i) === 'justified'));
  const lines = prose.flat();
  const count = (r: Role) => lines.filter((i) => role.get(i) === r).length;
  const indents = lines.filter((i) => role.get(i) === 'opening').map((i) => (items[i] as VerseItem).verse.offset);
  const shared = indents.length > 0 && Math.max(...indents) - Math.min(...indents) <= 0.5;
  if (!shared || count('justified') < 2 || count('justified') + count('opening') < 4) return items;
  return items.map((item, i) => {
    if (item.kind !== 'verse' || role.get(i) !== 'opening' || !lines.includes(i)) return item;
    // A paragraph opening its run (after a title or a gap) already stands apart.
    const opensRun = runs.some((run) => run[0] === i);
    return { ...item, breakBefore: item.breakBefore || !opensRun, verse: { ...item.verse, offset: 0 } };
  });
}
