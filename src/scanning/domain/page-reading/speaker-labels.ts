import { median } from './layout-lines.js';
import type { PageItem } from './section-numerals.js';

/**
 * Speakers' names in a verse play. A play prints each speech under its speaker's name, centred on
 * a line of its own in capitals or small capitals at the verse's size, so on the page a name looks
 * like the heading of a short poem. Read as titles, every speech became a poem of its own. A book
 * is taken for a play when its short body-size headings behave as names do, not as titles:
 * - most of them come back (the same few people speak again and again), at least two of them;
 * - they take turns: a name seldom heads two speeches in a row, where a song book's "SONG" does;
 * - the speeches under them are short.
 * Then each such heading is a line of the text (in capitals, set apart by a blank line on each
 * side, as editions of plays print it), and the scene runs on as one text across speeches and
 * pages. Headings in display type (an act's title) stay titles.
 */

/** Headings at least, in the pages read together, before a book is taken for a play. */
const MIN_LABELS = 4;
/** Share of the headings whose name comes back. */
const REPEATING_SHARE = 0.6;
/** Share of turns where one name may head two speeches in a row (a stage direction between them). */
const SAME_IN_ROW_SHARE = 0.1;
/** Lines of verse a speech runs to, at the median. */
const SHORT_SPEECH = 12;

type TitleItem = Extract<PageItem, { kind: 'title' }>;
type Candidate = TitleItem & { speaker: NonNullable<TitleItem['speaker']> };

const isCandidate = (item: PageItem): item is Candidate => item.kind === 'title' && item.speaker !== undefined;
const nameOf = (item: TitleItem) => item.text.toLocaleLowerCase().replace(/[^\p{L}]/gu, '');

/** Whether the candidates' names and the verse between them read as a play's speeches. */
function readsAsPlay(items: PageItem[]): boolean {
  const labels = items.filter(isCandidate);
  if (labels.length < MIN_LABELS) return false;
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(nameOf(label), (counts.get(nameOf(label)) ?? 0) + 1);
  if ([...counts.values()].filter((n) => n >= 2).length < 2) return false;
  if (labels.filter((l) => counts.get(nameOf(l))! >= 2).length < labels.length * REPEATING_SHARE) return false;
  const inRow = labels.slice(1).filter((l, i) => nameOf(l) === nameOf(labels[i])).length;
  if (inRow > (labels.length - 1) * SAME_IN_ROW_SHARE) return false;
  const speeches: number[] = [];
  let lines: number | undefined;
  for (const item of items) {
    if (isCandidate(item)) {
      if (lines !== undefined) speeches.push(lines);
      lines = 0;
    } else if (item.kind === 'title') lines = undefined;
    else if (lines !== undefined) lines++;
  }
  return speeches.length > 0 && median(speeches) <= SHORT_SPEECH;
}

/** The pages' items (in book order) with a play's speaker headings made lines of its text. */
export function resolveSpeakers(pages: PageItem[][]): PageItem[][] {
  if (!readsAsPlay(pages.flat())) return pages;
  let afterLabel = false;
  return pages.map((items) =>
    items.map((item): PageItem => {
      if (isCandidate(item)) {
        afterLabel = true;
        const line = { ...item.speaker, text: item.speaker.text.toLocaleUpperCase() };
        return { kind: 'verse', verse: { line, offset: 0, reach: 0 }, breakBefore: true, speaker: true };
      }
      if (item.kind !== 'verse') {
        afterLabel = false;
        return item;
      }
      const breakBefore = item.breakBefore || afterLabel;
      afterLabel = false;
      return { ...item, breakBefore };
    }),
  );
}
