import type { LayoutLine } from './layout-lines.js';

/**
 * Turned lines. A verse line too long for the measure is turned over by the printer: its end is
 * set on the next printed line, indented far deeper than the poem's indentation, often flush with
 * the right margin and sometimes opened with a bracket ("[its end"). Transcribers of verse rejoin
 * it: one verse line is one line of the poem (the reader's hanging indent shows the wrap).
 *
 * A printed line is taken as the turned end of the line above when all of these hold:
 * - the line above runs to the full measure but for the width of a word or so, which is why it
 *   was turned;
 * - this line is indented deeper than the line above by two and a half em or more (a turned end
 *   sits far right, deeper than a poem's own indentation steps);
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
}

/** How much deeper than the line above a turned end starts, at least, in em. */
const TURNED_DEEPER = 2.5;

export function joinTurnedLines(items: LayoutItem[], book: MeasureOfBook): LayoutItem[] {
  const verses = items.flatMap((it) => (it.kind === 'verse' ? [it.verse] : []));
  const capitalStarts = verses.filter((v) => /^\P{L}*\p{Lu}/u.test(v.line.text)).length;
  const versesStartWithCapitals = verses.length >= 4 && capitalStarts >= verses.length * 0.8;

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
      const full = book.measure - Math.max(4, book.measure * 0.15);
      if (above.reach >= full && turned.offset - above.offset >= TURNED_DEEPER && mark) {
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
