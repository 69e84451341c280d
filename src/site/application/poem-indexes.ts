/**
 * Indexes of first lines and of titles, as printed at the back of a collection: alphabetical in
 * English collation, case and accents aside, and leading quotes, dashes or brackets ignored
 * ("'Tis" files under T, "(Untitled)" under U, "Évening" beside "Evening").
 */
import { firstLines, refOf } from '../../../contracts/format.js';
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

/** Index entries of the given poems, sorted; poems without a title (or text) are left out of that index. */
export function buildIndex(kind: IndexKind, poems: readonly Poem[], publications: ReadonlyMap<number, Publication>): IndexEntry[] {
  const entries: (IndexEntry & { order: number })[] = [];
  poems.forEach((poem, order) => {
    const publication = publications.get(poem.publication_id);
    if (!publication) return;
    const text = kind === 'titles' ? poem.title.trim() : (firstLines(poem.body, 1)[0] ?? '');
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
