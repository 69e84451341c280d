/**
 * How a word printed in a book is looked up in a word list: its punctuation, quotes and brackets
 * off, each part of a hyphenated compound alone, and a capital at the start of a line or sentence
 * taken for the small letter too. A word with no letter (a figure, a dash, a numeral) and a Roman
 * numeral are never looked up.
 */
export function lookupParts(word: string): string[] {
  // No printed word begins with a stop, a comma or an underscore: such a mark glued to a word is a
  // speck the recogniser read, so the word is looked up with it (and found in no list).
  if (/^[.,;:_|~]+\p{L}/u.test(word)) return [word];
  const bare = word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (!/\p{L}/u.test(bare) || /\d/.test(bare)) return [];
  if (/^[IVXLCDM]+$/i.test(bare) && bare.length > 1 && bare === bare.toUpperCase()) return [];
  return bare.split(/[-‐‑—–]+/).filter((part) => /\p{L}/u.test(part));
}

/**
 * The forms a part may be found under: as printed, with a capital only at its start, in small
 * letters, with a straight apostrophe (and with the e an apostrophe elides), and with ß and ss each
 * for the other.
 */
export function lookupForms(part: string): string[] {
  const forms = [part];
  const lower = part.toLowerCase();
  const capitalised = part.charAt(0) + part.slice(1).toLowerCase();
  if (capitalised !== part) forms.push(capitalised);
  if (lower !== part) forms.push(lower);
  // Typesetters' curly apostrophe is the word lists' straight one ("o’er", "heav’n").
  const straight = forms.flatMap((f) => (f.includes('’') ? [f, f.replace(/’/g, "'")] : [f]));
  // Verse prints an elided e as an apostrophe ("lov'd", "heav'n", "wand'ring"): the word with its e.
  const apostrophes = straight.flatMap((f) => (/\p{L}'\p{L}/u.test(f) ? [f, f.replace(/(?<=\p{L})'(?=\p{L})/gu, 'e')] : [f]));
  // German printed before the 1996 reform writes ß where today's lists have ss ("daß", "Fluß"), and
  // capitals print ß as SS ("ÄUSSEREN"): each is looked up the other way too.
  const sharpS = apostrophes.flatMap((f) => [
    f,
    ...(f.includes('ß') ? [f.replace(/ß/g, 'ss')] : []),
    ...(/ss/.test(f) ? [f.replace(/ss/g, 'ß')] : []),
  ]);
  return [...new Set(sharpS)];
}

const VOWEL = /[aeiouyäöüàáâãèéêëìíîïòóôõùúûåæœ]/iu;
const CONSONANT = (c: string) => /\p{L}/u.test(c) && !VOWEL.test(c);

/**
 * Verse drops an unstressed e without an apostrophe too, German most of all ("eignes", "Gehns",
 * "verstehn", "offne"): the part with an e put back between two consonants in its last syllable,
 * after a stem with a vowel of its own (so a misreading such as "schr" is not taken for "scher").
 */
export function syncopeForms(part: string): string[] {
  const forms: string[] = [];
  for (let i = Math.max(1, part.length - 3); i < part.length; i++) {
    if (CONSONANT(part[i - 1]) && CONSONANT(part[i]) && VOWEL.test(part.slice(0, i - 1)))
      forms.push(part.slice(0, i) + 'e' + part.slice(i));
  }
  return forms;
}

/** A word is known when each of its parts is found under one of its forms, or with an e verse dropped. */
export function isKnownWord(word: string, has: (form: string) => boolean): boolean {
  const found = (part: string) => lookupForms(part).some(has);
  return lookupParts(word).every((part) => found(part) || syncopeForms(part).some(found));
}
