/**
 * Indexes of first lines and of titles, as printed at the back of a collection: alphabetical in
 * English collation, case and accents aside, and leading quotes, dashes or brackets ignored
 * ("'Tis" files under T, "(Untitled)" under U, "Évening" beside "Evening").
 */
import { firstLines, refOf } from '../../../contracts/format.js';
import { isVerseHeading } from '../../../contracts/verse.js';
import type { IndexEntry, IndexKind, Poem, Publication } from '../../../contracts/reader-page.js';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The text as it is filed: without leading punctuation, symbols or spaces. */
export function filingText(text: string): string {
  return text.replace(/^[\s\p{P}\p{S}]+/u, '');
}

/** The letter a text is filed under: its first letter without accents, or "#" for digits and the rest. */
export function filingLetter(text: string): string {
  const first = [...filingText(text)][0] ?? '';
  if (!/\p{L}/u.test(first)) return '#';
  return first.normalize('NFD').replace(/\p{M}/gu, '').toLocaleUpperCase('en');
}

export function compareFiling(a: string, b: string): number {
  return collator.compare(filingText(a), filingText(b)) || collator.compare(a, b);
}

/**
 * The first line of verse of a poem, as an index of first lines lists it: not a section's numeral,
 * a part or act heading, a speaker's name in capitals, a stage direction, or the title repeated at
 * the head of the text. A speaker's name before the speech on the same line is left off. When no
 * line passes, the first line with words.
 */
/** A stage direction set apart: "[Enter the Queen]", "(Exit.)". */
const STAGE_DIRECTION = /^(?:\[.*\]|\((?:enter|exit|exeunt|aside|re-enter)\b.*\))$/i;
/** A speaker's name in capitals before the speech on the same line: "HAMLET. To be" -> "To be". */
const SPEAKER_BEFORE_SPEECH = /^\p{Lu}[\p{Lu}\s'’.-]*\p{Lu}[.:]\s+(?=.*\p{Ll})(.+)$/u;

export function firstLineOfVerse(body: string, title = ''): string {
  const lines = firstLines(body, Number.POSITIVE_INFINITY);
  const heading = title.trim().toLowerCase();
  for (const line of lines) {
    if (STAGE_DIRECTION.test(line)) continue;
    if (heading && line.toLowerCase() === heading) continue;
    const speech = SPEAKER_BEFORE_SPEECH.exec(line);
    if (speech && isVerseHeading(line.slice(0, line.length - speech[1]!.length))) return speech[1]!;
    if (isVerseHeading(line)) continue;
    return line;
  }
  return lines[0] ?? '';
}

/** Index entries of the given poems, sorted; poems without a title (or text) are left out of that index. */
export function buildIndex(kind: IndexKind, poems: readonly Poem[], publications: ReadonlyMap<number, Publication>): IndexEntry[] {
  const entries: (IndexEntry & { order: number })[] = [];
  poems.forEach((poem, order) => {
    const publication = publications.get(poem.publication_id);
    if (!publication) return;
    const text = kind === 'titles' ? poem.title.trim() : firstLineOfVerse(poem.body, poem.title);
    if (!text) return;
    entries.push({
      text,
      letter: filingLetter(text),
      poem_title: poem.title.trim(),
      poem_ref: refOf(poem),
      publication_ref: refOf(publication),
      publication_title: publication.title,
      order,
    });
  });
  entries.sort((a, b) => compareFiling(a.text, b.text) || collator.compare(a.publication_title, b.publication_title) || a.order - b.order);
  // Letters the collation files together ("Ø" among the O's) stay under one heading.
  let run = '';
  for (const entry of entries) {
    if (run && entry.letter !== run && collator.compare(entry.letter, run) === 0) entry.letter = run;
    run = entry.letter;
  }
  return entries.map(({ order: _order, ...entry }) => entry);
}
