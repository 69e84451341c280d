import type { LayoutLine } from './layout-lines.js';

/**
 * Turned lines. A verse line too long for the measure is turned over by the printer: its end is
 * set on the next printed line, indented far deeper than the poem's indentation, often flush with
 * the right margin and sometimes opened with a bracket ("[its end"). Transcribers of verse rejoin
 * it: one verse line is one line of the poem (the reader's hanging indent shows the wrap).
 *
 * A printed line is taken as the turned end of the line above when all of these hold:
 * - the line above runs to (near) the full measure, which is why it was turned;
 * - this line is indented deeper than the line above by more than an indent step and a half;
 * - no stanza break separates them;
 * - and it shows a turnover's mark: it ends flush with the measure, opens with a bracket, or
 *   starts in lower case where the poem's lines start with capitals.
 */

export interface VerseLine {
  line: LayoutLine;
  /** Indentation from the page's text margin, in em. */
  offset: number;
  /** How far the line's right end lies from the margin, in em. */
  reach: number;
}

export type LayoutItem = { kind: 'title'; text: string } | { kind: 'verse'; verse: VerseLine; breakBefore: boolean };

export interface MeasureOfBook {
  /** How far the batch's longest lines reach from the margin, in em. */
  measure: number;
  /** The book's indent step in em, when its lines are indented at all. */
  step?: number;
}

export function joinTurnedLines(items: LayoutItem[], book: MeasureOfBook): LayoutItem[] {
  const verses = items.flatMap((it) => (it.kind === 'verse' ? [it.verse] : []));
  const capitalStarts = verses.filter((v) => /^\P{L}*\p{Lu}/u.test(v.line.text)).length;
  const versesStartWithCapitals = verses.length >= 4 && capitalStarts >= verses.length * 0.8;
  const deeper = Math.max(1.5, (book.step ?? 1) * 1.5);

  const out: LayoutItem[] = [];
  for (const item of items) {
    const previous = out[out.length - 1];
    if (item.kind === 'verse' && previous?.kind === 'verse' && !item.breakBefore) {
      const above = previous.verse;
      const turned = item.verse;
      const text = turned.line.text;
      const mark =
        turned.reach >= book.measure - 1 ||
        /^[[(]/.test(text) ||
        (versesStartWithCapitals && /^\P{L}*\p{Ll}/u.test(text));
      if (above.reach >= book.measure - 2.5 && turned.offset - above.offset >= deeper && mark) {
        const rest = text.replace(/^[[(]\s*/, '');
        const joint = /\p{L}-$/u.test(above.line.text) ? '' : ' ';
        const line: LayoutLine = { ...above.line, text: `${above.line.text}${joint}${rest}`, words: [...above.line.words, ...turned.line.words], right: turned.line.right };
        out[out.length - 1] = { ...previous, verse: { ...above, line, reach: turned.reach } };
        continue;
      }
    }
    out.push(item);
  }
  return out;
}
