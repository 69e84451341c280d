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
 * Whether the poem's lines start with capitals is judged on the lines that surely begin a verse line
 * (those under a line short of the measure), not on the turned ends themselves. A line above an end
 * set far right reaches the edge too when it stopped short before a long word that did not fit.
 *
 * A poem whose every line is too long for the measure turns every line over, so its page looks like
 * alternate indentation: a long line, an indented one, a long line. It is told apart by the cues
 * of turning, judged over the poem on the page as a whole (turningPoems): the line before each
 * indented one reaches the measure's right edge (the indented line's first word would not have
 * fitted after it), the indented part is short, and it starts in lower case more often than not or
 * carries the rhyme, more than the lines before do. Then each indented line under a line reaching
 * the edge is its turned end, however deep it hangs and whatever its case. True alternate
 * indentation has indented lines under lines short of the edge, as long as those lines, starting
 * and rhyming as they do.
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
  const full = book.measure - Math.max(2, book.measure * 0.1);
  // Lines after a line short of the measure (or a stanza break) begin a verse line: never turned ends.
  const ownStart = (i: number): boolean => {
    const item = items[i];
    const before = items[i - 1];
    return item.kind === 'verse' && !(before?.kind === 'verse' && !item.breakBefore && before.verse.reach >= full);
  };
  const starts = items.flatMap((it, i) => (it.kind === 'verse' && ownStart(i) ? [it.verse] : []));
  const capitalStarts = starts.filter((v) => /^\P{L}*\p{Lu}/u.test(v.line.text)).length;
  const versesStartWithCapitals = starts.length >= 3 && capitalStarts >= starts.length * 0.8;
  // The poem's own indentation: the deepest start of a verse line.
  const ownDeepest = Math.max(0, ...starts.map((v) => v.offset));
  const turning = turningPoems(items, book.measure);

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
        (above.reach >= book.measure - Math.max(4, book.measure * 0.15) || reachesEdge(above, turned, book.measure)) &&
        deeper >= FAR_DEEPER &&
        (turned.reach >= book.measure - 1 || /^[[(]/.test(text) || lowerCase);
      // Hanging: a short end under a line that fills the measure, in lower case or past the poem's own indentation.
      const short = turned.reach - turned.offset <= book.measure * 0.6;
      const hanging = above.reach >= full && deeper >= TURNED_DEEPER && short && (lowerCase || turned.offset >= ownDeepest + HANGS_DEEPER);
      // In a poem whose every line turns, any deeper line under one reaching the edge is its end.
      const turnsOver = turning.has(item) && deeper >= TURNED_DEEPER && reachesEdge(above, turned, book.measure);
      const fills = farRight || hanging || turnsOver;
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

type VerseItem = Extract<LayoutItem, { kind: 'verse' }>;

/** Width of a line's first word, in em (the line's own em: its extent in pixels over its extent in em). */
function firstWordEm(v: VerseLine): number {
  const word = v.line.words[0];
  const pxPerEm = (v.line.right - v.line.left) / Math.max(v.reach - v.offset, 1e-6);
  return word ? (word.right - word.left) / pxPerEm : 0;
}

/**
 * Whether a line reaches the measure's right edge for the line under it: the lower line's first word,
 * after a word space, would not have fitted after it (or it ends in a word broken at the turn).
 */
function reachesEdge(above: VerseLine, below: VerseLine, measure: number): boolean {
  if (/\p{L}-$/u.test(above.line.text)) return above.reach >= measure - Math.max(2, measure * 0.1);
  return measure - above.reach < firstWordEm(below) + 1;
}

/** The last word of a line, its letters only, in lower case. */
const lastWord = (v: VerseLine) => v.line.text.toLowerCase().match(/\p{L}+(?=\P{L}*$)/u)?.[0] ?? '';

/**
 * Share of line ends that rhyme with another within three lines either side (a couplet, a quatrain's
 * ABAB or ABBA or ABCB): the last two letters alike, which is how rhyme shows in print in most
 * alphabetic languages.
 */
function rhymingShare(lines: VerseLine[]): number {
  if (lines.length < 2) return 0;
  const ends = lines.map(lastWord);
  const rhymes = ends.filter((end, i) => {
    if (end.length < 2) return false;
    return ends.some((other, j) => j !== i && Math.abs(j - i) <= 3 && other.length >= 2 && other.slice(-2) === end.slice(-2));
  });
  return rhymes.length / lines.length;
}

const startsLower = (v: VerseLine) => /^\P{L}*\p{Ll}/u.test(v.line.text);
const share = (lines: VerseLine[], test: (v: VerseLine) => boolean) => (lines.length ? lines.filter(test).length / lines.length : 0);

/**
 * The verse items of the poems on a page (titles part them) whose every line turns over, judged
 * over each poem as a whole: most of its printed lines come in pairs of a line and a deeper one under
 * it, the upper line of nearly every pair reaches the measure's right edge, most lower ones are short,
 * and the lower ones start in lower case more often than not, or carry the rhyme, more than the upper.
 */
function turningPoems(items: LayoutItem[], measure: number): Set<LayoutItem> {
  const turning = new Set<LayoutItem>();
  const poems: VerseItem[][] = [[]];
  for (const item of items) {
    if (item.kind === 'title') poems.push([]);
    else poems[poems.length - 1].push(item);
  }
  for (const poem of poems) {
    const pairs = poem.flatMap((item, i) => {
      const above = poem[i - 1]?.verse;
      return above && !item.breakBefore && item.verse.offset - above.offset >= TURNED_DEEPER ? [[above, item.verse]] : [];
    });
    if (pairs.length < 2 || pairs.length * 2 < poem.length * 0.6) continue;
    const uppers = pairs.map(([a]) => a);
    const lowers = pairs.map(([, b]) => b);
    const atEdge = pairs.filter(([a, b]) => reachesEdge(a, b, measure)).length >= pairs.length * 0.8;
    const short = share(lowers, (b) => b.reach - b.offset <= measure * 0.5) >= 2 / 3;
    const lower = share(lowers, startsLower) > 0.5 && share(lowers, startsLower) > share(uppers, startsLower);
    const rhyme = rhymingShare(lowers) >= 0.5 && rhymingShare(lowers) > rhymingShare(uppers) + 0.25;
    if (atEdge && short && (lower || rhyme)) poem.forEach((item) => turning.add(item));
  }
  return turning;
}
