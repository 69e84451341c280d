/**
 * How alike two poems are, for skipping poems that are already in a publication.
 *
 * Normalised text: Unicode NFKC, diacritics folded (OCR often drops or invents accents), case
 * folded, typographic quotes, dashes and apostrophes unified, apostrophes inside words dropped
 * ("don’t" = "dont"), every other punctuation mark or symbol read as a space, and all whitespace
 * (line breaks, stanza breaks, indentation) collapsed to one space. Layout is not compared: the
 * same poem scanned twice often differs in indentation or line wrapping, never in its words.
 *
 * Similarity: 1 - (Levenshtein distance / length of the longer normalised text), so 0.95 means at
 * most 5 characters in 100 differ. It is computed only when it can reach the threshold: a length
 * check and a character-trigram (Dice) screen reject most pairs in linear time, and the edit
 * distance itself is computed in a diagonal band as wide as the edits the threshold allows.
 */

export const DUPLICATE_THRESHOLD = 0.95;

const QUOTES: Array<[RegExp, string]> = [
  [/[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4]/gu, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/gu, '"'],
  [/[\u2010-\u2015\u2212]/gu, '-'],
];

export function normalisePoemText(text: string): string {
  let s = text.normalize('NFKC');
  for (const [pattern, replacement] of QUOTES) s = s.replace(pattern, replacement);
  s = s.normalize('NFKD').replace(/\p{M}+/gu, '');
  s = s.toLowerCase();
  s = s.replace(/(?<=\p{L})'(?=\p{L})/gu, '');
  s = s.replace(/[\p{P}\p{S}]+/gu, ' ');
  return s.replace(/\s+/gu, ' ').trim();
}

/** A normalised text with what the screens need, computed once per poem. */
export interface PreparedText {
  text: string;
  length: number;
  /** Character trigrams as sorted numeric codes, built on first use. */
  grams?: Float64Array;
}

export function prepare(text: string): PreparedText {
  const normalised = normalisePoemText(text);
  return { text: normalised, length: normalised.length };
}

const Q = 3;

function gramsOf(p: PreparedText): Float64Array {
  if (p.grams) return p.grams;
  const t = p.text;
  const codes = new Float64Array(Math.max(t.length - Q + 1, 0));
  for (let i = 0; i < codes.length; i++) codes[i] = (t.charCodeAt(i) * 65536 + t.charCodeAt(i + 1)) * 65536 + t.charCodeAt(i + 2);
  codes.sort();
  p.grams = codes;
  return codes;
}

/** Dice coefficient over character trigram multisets (a merge of two sorted code lists). */
export function trigramDice(a: PreparedText, b: PreparedText): number {
  const ga = gramsOf(a);
  const gb = gramsOf(b);
  const total = ga.length + gb.length;
  if (total === 0) return a.text === b.text ? 1 : 0;
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < ga.length && j < gb.length) {
    if (ga[i] === gb[j]) {
      shared++;
      i++;
      j++;
    } else if (ga[i] < gb[j]) i++;
    else j++;
  }
  return (2 * shared) / total;
}

/**
 * Levenshtein distance when it is at most maxDistance, otherwise maxDistance + 1.
 * Only the diagonal band |i - j| <= maxDistance is filled: O(n * maxDistance).
 */
export function boundedLevenshtein(a: string, b: string, maxDistance: number): number {
  if (Math.abs(a.length - b.length) > maxDistance) return maxDistance + 1;
  if (a.length === 0 || b.length === 0) return Math.max(a.length, b.length);
  const INF = maxDistance + 1;
  const m = b.length;
  let prev = new Array<number>(m + 1);
  let curr = new Array<number>(m + 1);
  for (let j = 0; j <= m; j++) {
    prev[j] = j <= maxDistance ? j : INF;
    curr[j] = INF;
  }
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - maxDistance);
    const to = Math.min(m, i + maxDistance);
    // Cells just outside this row's band are read by the next row: mark them out of reach.
    curr[0] = i <= maxDistance ? i : INF;
    if (from > 1) curr[from - 1] = INF;
    if (to < m) curr[to + 1] = INF;
    let rowMin = curr[0];
    const ca = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min(prev[j - 1] + cost, prev[j] + 1, curr[j - 1] + 1);
      curr[j] = v > INF ? INF : v;
      if (curr[j] < rowMin) rowMin = curr[j];
    }
    if (rowMin > maxDistance) return INF;
    [prev, curr] = [curr, prev];
  }
  return Math.min(prev[m], INF);
}

/**
 * Similarity in [0, 1] of two prepared texts, or null when it is certainly below `threshold`
 * (so callers never pay for an exact figure they would throw away).
 */
export function similarityAtLeast(a: PreparedText, b: PreparedText, threshold = DUPLICATE_THRESHOLD): number | null {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  const maxDistance = Math.floor((1 - threshold) * longer + 1e-9);
  if (Math.abs(a.length - b.length) > maxDistance) return null;
  if (a.text === b.text) return 1;
  // q-gram lemma: each edit destroys at most Q of a text's Q-grams, so two texts within
  // maxDistance edits share at least max(len) - Q + 1 - Q * maxDistance trigrams; a lower Dice
  // cannot be a duplicate.
  const totalGrams = Math.max(a.length - Q + 1, 0) + Math.max(b.length - Q + 1, 0);
  if (totalGrams > 0) {
    const floor = (2 * (longer - Q + 1 - Q * maxDistance)) / totalGrams;
    if (floor > 0 && trigramDice(a, b) < floor) return null;
  }
  const distance = boundedLevenshtein(a.text, b.text, maxDistance);
  if (distance > maxDistance) return null;
  return 1 - distance / longer;
}

/** Exact similarity of two raw texts (tests, reports). */
export function poemSimilarity(a: string, b: string): number {
  const pa = prepare(a);
  const pb = prepare(b);
  return similarityAtLeast(pa, pb, 0) ?? 0;
}
