import { isCapitals, median } from './layout-lines.js';
import type { PageItem } from './section-numerals.js';

/**
 * Speakers' names in a verse play. A play prints each speech under its speaker's name, centred on
 * a line of its own in capitals or small capitals at the verse's size, so on the page a name looks
 * like the heading of a short poem. Read as titles, every speech became a poem of its own. A book
 * is taken for a play when its short body-size headings behave as names do, not as titles:
 * - most of them come back (the same few people speak again and again), at least two of them;
 *   on a page's worth of speeches, where newcomers have not spoken twice yet, one name heading half
 *   of them (the scene's main speaker answering each of the others) is enough;
 * - they take turns: a name seldom heads two speeches in a row, where a song book's "SONG" does;
 * - the speeches under them are short.
 * Then each such heading is a line of the text (in capitals, set apart by a blank line on each
 * side, as editions of plays print it), and the scene runs on as one text across speeches and
 * pages. Headings in display type (an act's title) stay titles.
 *
 * Pages uploaded one at a time bring little evidence each: the scene the publication already
 * holds (its last poem's text, where earlier pages left the speakers' names as lines in capitals
 * set apart by blank lines) counts with the page's own headings, so a page continuing a play is
 * read as one even when it shows only two or three speeches.
 */

/** Words a speaker's name runs to at most ("FIRST CITIZEN", "DON MANRIQUE"). */
export const SPEAKER_WORDS = 3;

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

/** The text in the order it runs, as far as telling a play goes: a possible speaker's name, a title, a line. */
type Turn = { name: string } | 'title' | 'line';

const isCandidate = (item: PageItem): item is Candidate => item.kind === 'title' && item.speaker !== undefined;
const nameOf = (text: string) => text.toLocaleLowerCase().replace(/[^\p{L}]/gu, '');
const turnOf = (item: PageItem): Turn => (isCandidate(item) ? { name: nameOf(item.text) } : item.kind === 'title' ? 'title' : 'line');

/**
 * Whether line `i` of a text already read is a speaker's name as resolveSpeakers sets it: in
 * capitals, of a few words, standing alone between blank lines (or opening the text before one).
 */
function isSpeakerLine(lines: readonly string[], i: number): boolean {
  const line = lines[i].trim();
  const alone = (i === 0 || lines[i - 1].trim() === '') && lines[i + 1]?.trim() === '';
  return alone && line !== '' && isCapitals(line) && line.split(/\s+/).length <= SPEAKER_WORDS;
}

/** A text already read, as turns. */
function turnsOfText(text: string): Turn[] {
  const lines = text.split('\n');
  return lines.flatMap((line, i): Turn[] => {
    if (line.trim() === '') return [];
    return [isSpeakerLine(lines, i) ? { name: nameOf(line) } : 'line'];
  });
}

/**
 * The speakers' names a text sets more than once on lines of their own (as the lines read, trimmed).
 * No word list holds a play's people; a name read alike at each of its speeches is vouched for by
 * that repetition, where a misreading seldom comes out the same twice.
 */
export function recurringSpeakers(text: string): Set<string> {
  const lines = text.split('\n');
  const seen = new Map<string, number>();
  lines.forEach((line, i) => {
    if (isSpeakerLine(lines, i)) seen.set(line.trim(), (seen.get(line.trim()) ?? 0) + 1);
  });
  return new Set([...seen].filter(([, n]) => n >= 2).map(([name]) => name));
}

/** Whether the candidates' names and the verse between them read as a play's speeches. */
function readsAsPlay(turns: Turn[]): boolean {
  const labels = namesOf(turns);
  if (labels.length < MIN_LABELS) return false;
  const counts = new Map<string, number>();
  for (const name of labels) counts.set(name, (counts.get(name) ?? 0) + 1);
  const recurring = [...counts.values()].filter((n) => n >= 2);
  const manyRecur = recurring.length >= 2 && labels.filter((name) => counts.get(name)! >= 2).length >= labels.length * REPEATING_SHARE;
  // A page's worth of speeches: the scene's main speaker may be the only one heard twice yet.
  const mainSpeaker = labels.length < MIN_LABELS * 2 && Math.max(...counts.values()) * 2 >= labels.length;
  if (!manyRecur && !mainSpeaker) return false;
  const inRow = labels.slice(1).filter((name, i) => name === labels[i]).length;
  if (inRow > (labels.length - 1) * SAME_IN_ROW_SHARE) return false;
  const speeches: number[] = [];
  let lines: number | undefined;
  for (const turn of turns) {
    if (typeof turn === 'object') {
      if (lines !== undefined) speeches.push(lines);
      lines = 0;
    } else if (turn === 'title') lines = undefined;
    else if (lines !== undefined) lines++;
  }
  return speeches.length > 0 && median(speeches) <= SHORT_SPEECH;
}

/** The speakers' names a text already read shows, in order. */
const namesOf = (turns: Turn[]) => turns.flatMap((t) => (typeof t === 'object' ? [t.name] : []));

/**
 * Whether `page`, the text of a page beginning without a title (read on its own, its speakers'
 * names set as lines), runs on the play scene `scene` (the publication's last poem) even where
 * no printed page numbers show the pages follow each other: the scene reads as a play, and the
 * page carries it on, opening on a speaker's name or giving the floor to one of the scene's
 * speakers (the same few people speak again and again through a scene). A poem is never taken
 * for a scene: its text shows no names that come back and take turns.
 */
export function continuesScene(scene: string, page: string): boolean {
  const sceneTurns = turnsOfText(scene);
  if (!readsAsPlay(sceneTurns)) return false;
  const pageTurns = turnsOfText(page);
  const speakers = new Set(namesOf(sceneTurns));
  return typeof pageTurns[0] === 'object' || namesOf(pageTurns).some((name) => speakers.has(name));
}

/**
 * The pages' items (in book order) with a play's speaker headings made lines of its text. `before`
 * is the text the pages may continue (the publication's last poem), read as evidence only.
 */
export function resolveSpeakers(pages: PageItem[][], before?: string): PageItem[][] {
  const own = pages.flat();
  if (!own.some(isCandidate) || !readsAsPlay([...turnsOfText(before ?? ''), ...own.map(turnOf)])) return pages;
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
