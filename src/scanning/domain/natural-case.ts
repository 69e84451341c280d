/**
 * Natural case for text a book prints in capitals or small capitals (titles, names, publishers):
 * "THE OVEN BIRD" is the poem "The Oven Bird". Text with any lower-case letter is left exactly as
 * it is, so whatever was printed (or typed by the curator) in mixed case is never changed.
 */

/** Articles, conjunctions and short prepositions, lower case inside a title (as in Chicago style). */
const MINOR_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'but',
  'or',
  'nor',
  'for',
  'so',
  'yet',
  'as',
  'at',
  'by',
  'from',
  'in',
  'into',
  'of',
  'off',
  'on',
  'onto',
  'to',
  'up',
  'upon',
  'with',
  "o'er",
  'en',
  'via',
]);
/** Particles of names ("Ludwig van Beethoven", "Walter de la Mare"). */
const NAME_PARTICLES = new Set([
  'van',
  'von',
  'de',
  'der',
  'den',
  'da',
  'das',
  'do',
  'dos',
  'du',
  'la',
  'le',
  'del',
  'della',
  'di',
  'ten',
  'ter',
  'y',
]);
/** Roman numerals stay in capitals ("Sonnet XVIII", "Part II"); a lone I is the pronoun anyway. */
const ROMAN = /^(?=[MDCLXVI]{2,}$)M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/;
/** Capital words that are also English words, not numerals. */
const NOT_ROMAN = new Set(['MIX', 'MID', 'DIM', 'LID', 'MILD', 'CIVIL', 'VIM', 'DID', 'MIMIC', 'LIVID', 'DIVI']);

export type CaseKind = 'title' | 'name';

export function isAllCapitals(text: string): boolean {
  return /\p{Lu}.*\p{Lu}/su.test(text) && !/\p{Ll}/u.test(text);
}

function capitalise(word: string, kind: CaseKind): string {
  const lower = word.toLowerCase();
  // O'Brien, D'Arcy (names); o'er, 'tis, there's (titles) keep the letters after the apostrophe small.
  const apostrophe = /^(\P{L}*)(\p{L})(['’])(\p{L}{2,})(.*)$/u.exec(lower);
  if (kind === 'name' && apostrophe && /^[od]$/.test(apostrophe[2])) {
    return `${apostrophe[1]}${apostrophe[2].toUpperCase()}${apostrophe[3]}${apostrophe[4][0].toUpperCase()}${apostrophe[4].slice(1)}${apostrophe[5]}`;
  }
  if (kind === 'name' && /^mc\p{L}{2,}/u.test(lower)) return `Mc${lower[2].toUpperCase()}${lower.slice(3)}`;
  return lower.replace(/\p{L}/u, (c) => c.toUpperCase());
}

/** "THE OVEN BIRD" → "The Oven Bird"; "HENRY HOLT AND COMPANY" → "Henry Holt and Company". */
export function naturalCase(text: string, kind: CaseKind = 'title'): string {
  if (!isAllCapitals(text)) return text;
  const words = text.split(/(\s+)/);
  const real = words.map((w, i) => ({ w, i })).filter(({ w }) => /\p{L}/u.test(w));
  const first = real[0]?.i;
  const last = real[real.length - 1]?.i;
  let afterColon = false;
  return words
    .map((word, i) => {
      if (!/\p{L}/u.test(word)) return word;
      const bare = word.replace(/^\P{L}+|\P{L}+$/gu, '');
      const startsAnew = i === first || afterColon;
      afterColon = /[:.!?—]$/.test(word);
      if (ROMAN.test(bare) && !NOT_ROMAN.has(bare)) return word;
      if (bare === 'I' || bare === 'O') return word;
      const lower = bare.toLowerCase();
      const minor = kind === 'title' ? MINOR_WORDS.has(lower) : NAME_PARTICLES.has(lower);
      if (minor && !startsAnew && i !== last) return word.toLowerCase();
      // Each part of a hyphenated word is a word ("Mid-Summer").
      return word
        .split('-')
        .map((part) => capitalise(part, kind))
        .join('-');
    })
    .join('');
}
