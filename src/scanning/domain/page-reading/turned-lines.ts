import type { LayoutLine } from './layout-lines.js';

/**
 * Turned lines. A verse line too long for the measure is turned over by the printer: its end is
 * set on the next printed line, hanging deeper than the poem's own indentation (often about an em
 * past its deepest level, sometimes flush with the right margin, sometimes opened with a bracket
 * "[its end"), and it often starts in lower case. Transcribers of verse rejoin it: one verse line
 * is one line of the poem (the reader's hanging indent shows the wrap).
 *
 * A printed line under a line that runs to the full measure but for a word or so (which is why it
 * was turned), with no stanza break between, is its turned end when either:
 * - it is set far right, two and a half em or more deeper than the line above, with a turnover's
 *   mark: it ends flush with the measure, opens with a bracket, or starts in lower case where the
 *   poem's lines start with capitals; or
 * - it hangs: it is short (what did not fit, not a whole line of verse), starts deeper than the
 *   line above, under a line that fills the measure but for a tenth of it, and starts in lower
 *   case or lies two em past the poem's own indentation (the deepest of lines that follow a line
 *   short of the measure, which cannot be turned ends).
 * A word hyphenated at the turn is joined again without its hyphen; hyphens inside a line stay.
 */

export interface VerseLine {
  line: LayoutLine;
  /** Indentation from the page's text margin, in em. */
  offset: number;
  /** How far the line's right end lies from the margin, in em. */
  reach: number;
}

export type LayoutItem =
  /** `speaker`: the heading is one short line at the verse's size, which a play's speaker's name is (speaker-labels.ts). */
  | { kind: 'title'; text: string; speaker?: LayoutLine }
  /** `speaker`: the line is a play's speaker's name, a speech beginning. */
  | { kind: 'verse'; verse: VerseLine; breakBefore: boolean; speaker?: true };

export interface MeasureOfBook {
  /** How far the batch's longest lines reach from the margin, in em. */
  measure: number;
}

/** How much deeper than the line above a turned end starts, at least, in em. */
const TURNED_DEEPER = 0.75;
/** How much deeper than the line above an end set far right starts, at least, in em. */
const FAR_DEEPER = 2.5;
/** How much deeper than the poem's own deepest indentation a hanging end starts, at least, in em. */
const HANGS_DEEPER = 2;

export function joinTurnedLines(items: LayoutItem[], book: MeasureOfBook): LayoutItem[] {
  const verses = items.flatMap((it) => (it.kind === 'verse' ? [it.verse] : []));
  const capitalStarts = verses.filter((v) => /^\P{L}*\p{Lu}/u.test(v.line.text)).length;
  const versesStartWithCapitals = verses.length >= 4 && capitalStarts >= verses.length * 0.8;
  const full = book.measure - Math.max(2, book.measure * 0.1);
  // The poem's own indentation: lines after a line short of the measure are never turned ends.
  let ownDeepest = 0;
  items.forEach((item, i) => {
    const before = items[i - 1];
    if (item.kind !== 'verse') return;
    const afterFull = before?.kind === 'verse' && !item.breakBefore && before.verse.reach >= full;
    if (!afterFull) ownDeepest = Math.max(ownDeepest, item.verse.offset);
  });

  const out: LayoutItem[] = [];
  for (const item of items) {
    const previous = out[out.length - 1];
    if (item.kind === 'verse' && previous?.kind === 'verse' && !item.breakBefore) {
      const above = previous.verse;
      const turned = item.verse;
      const text = turned.line.text;
      const lowerCase = versesStartWithCapitals && /^\P{L}*\p{Ll}/u.test(text);
      const deeper = turned.offset - above.offset;
      // Set far right (2.5 em deeper or more) with a turnover's mark: flush with the measure, a bracket, lower case.
      const farRight =
        above.reach >= book.measure - Math.max(4, book.measure * 0.15) &&
        deeper >= FAR_DEEPER &&
        (turned.reach >= book.measure - 1 || /^[[(]/.test(text) || lowerCase);
      // Hanging: a short end under a line that fills the measure, in lower case or past the poem's own indentation.
      const short = turned.reach - turned.offset <= book.measure * 0.6;
      const hanging = above.reach >= full && deeper >= TURNED_DEEPER && short && (lowerCase || turned.offset >= ownDeepest + HANGS_DEEPER);
      const fills = farRight || hanging;
      if (fills) {
        const rest = text.replace(/^[[(]\s*/, '');
        // "fur-" over "belows": the word was broken at the turn.
        const broken = /\p{L}-$/u.test(above.line.text) && /^\p{Ll}/u.test(rest);
        const joined = broken ? `${above.line.text.slice(0, -1)}${rest}` : `${above.line.text} ${rest}`;
        const line: LayoutLine = {
          ...above.line,
          text: joined,
          words: [...above.line.words, ...turned.line.words],
          right: turned.line.right,
        };
        out[out.length - 1] = { ...previous, verse: { ...above, line, reach: turned.reach } };
        continue;
      }
    }
    out.push(item);
  }
  return out;
}
