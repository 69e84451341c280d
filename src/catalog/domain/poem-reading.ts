/**
 * What the reading of a scanned poem knows about each of its lines, kept beside the poem (never in
 * its text): the page it was read from, its place on that page's photo, and each word's confidence
 * as the recogniser gave it. Proofreading works from it: a doubtful word is one the recogniser was
 * unsure of, or one the book language's word list does not hold.
 *
 * It is kept aligned with the body through every save: a line left as it was keeps everything, an
 * edited line keeps its place on the page but loses the marks of the words that changed, a line
 * typed in has nothing read about it.
 */

/** A rectangle on a page photo, in the photo's pixels as it stands upright. */
export interface LineBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ReadWord {
  /** Character offsets of the word in its line (end exclusive). */
  start: number;
  end: number;
  /** The recogniser's confidence, 0 to 1. */
  confidence: number;
  /** The book language's word list does not hold it. */
  unknown?: boolean;
  /** A curator looked at it and found it right: it is no longer doubtful. */
  lookedRight?: boolean;
  /** Where a mark printed in pairs (¡…!, ¿…?) lacks its other half: see unpairedMarks. */
  unpaired?: boolean;
  /** A capital where its language writes the letter small: see misplacedCapitals. */
  capital?: boolean;
  /** An unstressed word where only its accented twin can stand: see lostAccents. */
  lostAccent?: boolean;
  /** One half of a word in capitals read as two: see splitWords. */
  split?: boolean;
}

export interface ReadLine {
  /** The line as the body holds it (indentation included): the offsets count from its start. */
  text: string;
  /** The printed page number of the page it was read from, when legible. */
  page: number | null;
  /** The stored page photo it was read from (its scan page), when known. */
  photo: number | null;
  /** Where it stands on that photo; null when the extractor gave no places (a vision model). */
  box: LineBox | null;
  words: ReadWord[];
  /**
   * Under this confidence its words are doubtful: its page's own threshold (pageThreshold), set
   * when the page was read; LOW_CONFIDENCE when absent (readings kept before pages had one).
   */
  doubtBelow?: number;
}

/** One entry per line of the body, in order: null for a stanza break or a line nothing was read for. */
export type PoemReading = Array<ReadLine | null>;

/**
 * Why a word is doubtful: the recogniser was unsure of it; the book language's word list lacks it;
 * it is in capitals in a line in lower case (small capitals read as capitals, or a misreading); it
 * is a mark or figure standing alone among the words, or the word such a mark stands apart from; a
 * mark the language prints in pairs lacks its other half there; it is a word its language never
 * ends a clause with, where its accented twin does (an accent lost); it and its neighbour, in
 * capitals, are one word read as two.
 */
export type DoubtReason = 'low_confidence' | 'unknown_word' | 'capitals' | 'stray_mark' | 'unpaired_mark' | 'lost_accent' | 'split_word';

export interface Doubt {
  start: number;
  end: number;
  confidence: number;
  reasons: DoubtReason[];
}

/**
 * Above this confidence the recogniser's word is never doubtful for its confidence alone.
 * Tesseract's confidences on printed books cluster above 0.9 for words it read right, but how low
 * right words go depends on the model and the print (German's model on a coarse scan gives right
 * words 0.2-0.7), so each page's own threshold, under this one, is set by MARKS_SHARE.
 */
export const LOW_CONFIDENCE = 0.8;

/**
 * The share of a page's words that its least sure words may be marked up to: marks are worth a
 * look only while few. A page whose other doubts (words no list holds, capitals, stray marks)
 * already fill it gets no marks for confidence, as its misreadings are the kind the list catches.
 */
export const MARKS_SHARE = 0.06;

/** Under this confidence the recogniser all but failed to read the word: doubtful on any page. */
export const UNREAD = 0.15;

/**
 * Marks that stand alone in verse as printed: dashes, ellipses, the ampersand, French guillemets (set
 * apart by a space). Not a lone hyphen: a spaced dash is printed as an en or em dash, so a hyphen
 * alone is a speck, or a dash misread.
 */
const ALONE_AS_PRINTED = /^(?:\p{Pd}{2,}|(?!-)\p{Pd}|\.{2,}|…|&)$|[«»‹›]/u;
/** Marks printed against a word: opening ones before it, closing ones and stops after it, straight quotes either. */
const OPENING = /^[\p{Ps}\p{Pi}„‚¿¡]+$/u;
const CLOSING = /^(?:[\p{Pe}\p{Pf}]+|[.,;:!?]+)$/u;
const STRAIGHT = /^["']+$/;
const ROMAN = /^[IVXLCDM]+$/;

/** Two letters or more, all capitals, not a Roman numeral. */
function inCapitals(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase() && !ROMAN.test(letters);
}

/**
 * Doubts a line's text tells: a word in capitals in a line in lower case; a mark or figure alone
 * among the words (a speck, or a mark parted from its word), with the word that mark belongs to:
 * the next for an opening mark or a straight quote opening the line, the one before otherwise.
 */
function textDoubts(line: ReadLine): Map<ReadWord, DoubtReason> {
  const found = new Map<ReadWord, DoubtReason>();
  const words = line.words.map((w) => ({ w, text: line.text.slice(w.start, w.end) }));
  words.forEach(({ w, text }, i) => {
    const others = words.filter((_, k) => k !== i).map((x) => x.text);
    if (inCapitals(text) && others.some((t) => /\p{Ll}/u.test(t))) found.set(w, 'capitals');
    // A hyphen begins no word: a dash before a word is printed as an en or em dash, so "-word" is a speck or a misread dash.
    if (/^-\p{L}/u.test(text)) found.set(w, 'stray_mark');
    if (/\p{L}/u.test(text) || ALONE_AS_PRINTED.test(text) || !others.some((t) => /\p{L}/u.test(t))) return;
    found.set(w, 'stray_mark');
    // A figure, or a mark of several kinds ("‚.." for an ellipsis), is a misreading of its own, parted from no word.
    if (![OPENING, CLOSING, STRAIGHT].some((kind) => kind.test(text))) return;
    const owner = OPENING.test(text) || (i === 0 && STRAIGHT.test(text)) ? words[i + 1] : words[i - 1];
    if (owner && /\p{L}/u.test(owner.text) && !found.has(owner.w)) found.set(owner.w, 'stray_mark');
  });
  return found;
}

/** The doubtful words of a line, in order; a word a curator found right is not one. */
export function doubtsOf(line: ReadLine, threshold = line.doubtBelow ?? LOW_CONFIDENCE): Doubt[] {
  const told = textDoubts(line);
  return line.words.flatMap((w) => {
    if (w.lookedRight) return [];
    const reasons: DoubtReason[] = [];
    if (w.confidence < threshold) reasons.push('low_confidence');
    if (w.unknown) reasons.push('unknown_word');
    const reason = told.get(w) ?? (w.capital ? 'capitals' : undefined);
    if (reason) reasons.push(reason);
    if (w.unpaired) reasons.push('unpaired_mark');
    if (w.lostAccent) reasons.push('lost_accent');
    if (w.split) reasons.push('split_word');
    return reasons.length ? [{ start: w.start, end: w.end, confidence: w.confidence, reasons }] : [];
  });
}

/** Languages that open an exclamation with ¡ and a question with ¿, closed by ! and ?. */
const INVERTED_MARKS = new Set(['es', 'gl', 'ast']);
const PAIRS: Readonly<Record<string, string>> = { '¡': '!', '¿': '?' };
/** A single quote opening a word, or closing one (straight, curly or a grave accent, as a recogniser reads it). */
const QUOTE_OPENING = /^['‘’`´]\p{L}/u;
const QUOTE_CLOSING = /\p{L}[.,;:!?]*['‘’`´][.,;:!?]*$/u;
const SINGLE_QUOTE = "'";
/** A word ending a clause where a closing mark may stand (a closing misread is often one of these). */
const CLAUSE_END = /[.:;!?…]["'’”»)\]]*$/u;

/**
 * The words of a poem where a mark its language prints in pairs lacks its other half: Spanish
 * opens an exclamation with ¡ and a question with ¿ and closes them with ! and ?, and a recogniser
 * reads the inverted marks as quotes or letters (' i j) and a closing ! as a colon or a stop. An
 * opening left unclosed when the sentence ends (a full stop, the next opening of its kind, the
 * poem's end) marks the first word after it that ends a clause, where its closing belongs; a
 * closing with no opening marks the sentence's first word, where the opening belongs. These
 * languages elide no vowel with an apostrophe and quote with « » or double quotes, so a single
 * quote opening a word is an inverted mark misread: the word is marked, and it stands for an
 * opening of either kind (unless a single quote closes it as a quotation before the sentence ends).
 * The poem is read as one text, as sentences run over lines and pages. Other languages' quotation
 * marks are left alone: a quotation running over paragraphs reopens without closing, by rule.
 */
export function unpairedMarks(lines: ReadonlyArray<ReadLine>, language: string): Set<ReadWord> {
  const found = new Set<ReadWord>();
  if (!INVERTED_MARKS.has(subtagOf(language) ?? '')) return found;
  const words = lines.flatMap((line) => {
    // A line without a lower-case letter (a speaker's name, a heading) stands between sentences.
    const heading = !/\p{Ll}/u.test(line.text);
    return line.words.map((w) => ({ w, text: line.text.slice(w.start, w.end), heading }));
  });
  const open: Array<{ mark: string; at: number }> = [];
  const quoted = (o: { mark: string }) => o.mark === SINGLE_QUOTE;
  const unclosed = (o: { at: number }, until: number) => {
    const end = words.slice(o.at, until + 1).find((x) => CLAUSE_END.test(x.text)) ?? words[until];
    if (end) found.add(end.w);
  };
  let sentence = 0;
  words.forEach(({ text, heading }, i) => {
    if (heading) {
      open.splice(0).forEach((o) => unclosed(o, i - 1));
      sentence = i + 1;
      return;
    }
    if (QUOTE_OPENING.test(text)) {
      found.add(words[i].w);
      open.push({ mark: SINGLE_QUOTE, at: i });
    } else if (QUOTE_CLOSING.test(text)) {
      // A single quote closing a word: the one opening before it began a quotation after all.
      const k = open.findLastIndex(quoted);
      if (k >= 0) found.delete(words[open.splice(k, 1)[0].at].w);
    }
    for (const ch of text) {
      if (PAIRS[ch]) {
        const k = open.findIndex((o) => o.mark === ch);
        if (k >= 0) open.splice(k).forEach((o) => unclosed(o, i - 1));
        open.push({ mark: ch, at: i });
      } else if (ch === '!' || ch === '?') {
        const k = open.findLastIndex((o) => PAIRS[o.mark] === ch || quoted(o));
        if (k >= 0) open.splice(k);
        else if (words[sentence]) found.add(words[sentence].w);
      }
    }
    if (/[.…]["'’”»)\]]*$/u.test(text) && !/\.\.$/.test(text)) {
      open.splice(0).forEach((o) => unclosed(o, i));
    }
    if (CLAUSE_END.test(text)) sentence = i + 1;
  });
  open.splice(0).forEach((o) => unclosed(o, words.length - 1));
  return found;
}

/** The primary subtag of a language tag, or undefined for one that is not a tag. */
function subtagOf(language: string): string | undefined {
  try {
    return new Intl.Locale(language).language;
  } catch {
    return undefined;
  }
}

/**
 * The words of one letter a language writes small but at a sentence's start (its conjunctions,
 * articles, prepositions). Not "o": an invocation ("O Dios") prints it in capitals mid-sentence.
 */
const ONE_LETTER_WORDS: Readonly<Record<string, string>> = {
  es: 'yeua',
  gl: 'ea',
  ast: 'ya',
  ca: 'iae',
  pt: 'ea',
  it: 'ea',
  fr: 'ayà',
};
/** A word that ends no sentence before the next: the word before a letter that should be small. */
const RUNS_ON = /[\p{L},]$/u;

/**
 * The words of a poem that are one of its language's one-letter words in capitals, mid-sentence
 * within a line (after a word ending in a letter or a comma): the language writes them small there,
 * so the capital is a small capital or a mark read as one ("Calatrava Y" for "Calatrava y"). A
 * line's first word is left alone (verse opens its lines with capitals), so is a line all in
 * capitals (a heading, a speaker's name).
 */
export function misplacedCapitals(lines: ReadonlyArray<ReadLine>, language: string): Set<ReadWord> {
  const found = new Set<ReadWord>();
  const small = ONE_LETTER_WORDS[subtagOf(language) ?? ''];
  if (!small) return found;
  for (const line of lines) {
    if (!/\p{Ll}/u.test(line.text)) continue;
    line.words.forEach((w, i) => {
      const text = line.text.slice(w.start, w.end);
      const before = i > 0 ? line.text.slice(line.words[i - 1].start, line.words[i - 1].end) : '';
      const letter = /^(\p{Lu})[,;:]?$/u.exec(text)?.[1];
      if (letter && small.includes(letter.toLowerCase()) && RUNS_ON.test(before)) found.add(w);
    });
  }
  return found;
}

/**
 * Unstressed words a language tells from their stressed twins by an accent alone (Spanish "si"
 * and "sí", "el" and "él", "tu" and "tú"): the unstressed one leans on the word after it, so it
 * never ends a clause, and read before a stop its accent was lost ("que si." for "que sí.").
 */
const UNSTRESSED: Readonly<Record<string, ReadonlySet<string>>> = {
  es: new Set(['de', 'el', 'mas', 'mi', 'se', 'si', 'te', 'tu', 'que', 'quien']),
};
/** The word ends a clause: a stop of its own (not an ellipsis, which leaves a word hanging), perhaps a quote or bracket after. */
const ENDS_CLAUSE = /^(\p{L}+)[.;:!?]["'’”»)\]]*$/u;

/** The words of a poem that are unstressed words of its language ending a clause (see UNSTRESSED). */
export function lostAccents(lines: ReadonlyArray<ReadLine>, language: string): Set<ReadWord> {
  const found = new Set<ReadWord>();
  const unstressed = UNSTRESSED[subtagOf(language) ?? ''];
  if (!unstressed) return found;
  for (const line of lines) {
    for (const w of line.words) {
      const word = ENDS_CLAUSE.exec(line.text.slice(w.start, w.end).replace(/^[¡¿"'‘“«(]+/u, ''))?.[1];
      if (word && unstressed.has(word.toLowerCase())) found.add(w);
    }
  }
  return found;
}

/**
 * Neighbouring words in a line that may be one word in capitals read as two (capitals are often
 * letter-spaced, and a recogniser parts them at a wide gap): both in capitals of two letters or
 * more, nothing between them but space, not Roman numerals; with the word they make, to look up.
 */
export function capitalsSplits(line: ReadLine): Array<{ first: ReadWord; second: ReadWord; join: string }> {
  const pairs: Array<{ first: ReadWord; second: ReadWord; join: string }> = [];
  for (let i = 0; i + 1 < line.words.length; i++) {
    const [first, second] = [line.words[i], line.words[i + 1]];
    // The first ends in its letters and the second begins with its own: a mark between them parts two words.
    const head = /^[^\p{L}]*(\p{Lu}{2,})$/u.exec(line.text.slice(first.start, first.end))?.[1];
    const tail = /^(\p{Lu}{2,})[^\p{L}]*$/u.exec(line.text.slice(second.start, second.end))?.[1];
    if (!head || !tail || ROMAN.test(head) || ROMAN.test(tail) || line.text.slice(first.end, second.start).trim() !== '') continue;
    pairs.push({ first, second, join: head + tail });
  }
  return pairs;
}

/**
 * The halves of words in capitals read as two (capitalsSplits) whose join is a word the language's
 * list holds (`known`), where a half is not one or the recogniser was unsure of the pair: "COMEN
 * DADOR" for "COMENDADOR" (0.64). Two sure words that are words (a title's "FOR EVER") are left.
 */
export function splitWords(lines: ReadonlyArray<ReadLine>, known: (word: string) => boolean): Set<ReadWord> {
  const found = new Set<ReadWord>();
  for (const line of lines) {
    for (const { first, second, join } of capitalsSplits(line)) {
      const unsure = first.unknown || second.unknown || Math.min(first.confidence, second.confidence) < LOW_CONFIDENCE;
      if (unsure && known(join)) [first, second].forEach((w) => found.add(w));
    }
  }
  return found;
}

/**
 * A page's own confidence threshold, from all its lines read: its least sure words are doubtful,
 * under LOW_CONFIDENCE, as long as with its other doubts they are at most MARKS_SHARE of its
 * words. The recogniser's confidences are comparable within a page (one print, one model), not
 * across books, so where the line is drawn is the page's own.
 */
export function pageThreshold(lines: ReadonlyArray<ReadLine>): number {
  const words = lines.flatMap((line) => {
    const doubted = new Set(doubtsOf(line, 0).map((d) => d.start));
    return line.words.map((w) => ({ confidence: w.confidence, doubted: doubted.has(w.start) }));
  });
  let room = Math.floor(MARKS_SHARE * words.length) - words.filter((w) => w.doubted).length;
  const unsure = words
    .filter((w) => !w.doubted && w.confidence < LOW_CONFIDENCE)
    .map((w) => w.confidence)
    .sort((a, b) => a - b);
  // Words as sure as each other are marked together or not at all.
  for (let k = 0; k < unsure.length; k++) {
    const next = unsure[k];
    const together = unsure.filter((c) => c === next).length;
    if (together > room) return Math.max(next, UNREAD);
    room -= together;
    k += together - 1;
  }
  return LOW_CONFIDENCE;
}

/** Clears the mark of the word at [start, end) of line `index`; false when no word is there. */
export function markLooksRight(reading: PoemReading, index: number, start: number, end: number): PoemReading | undefined {
  const line = reading[index];
  const word = line?.words.find((w) => w.start === start && w.end === end);
  if (!line || !word) return undefined;
  return reading.map((l, i) =>
    i === index && l ? { ...l, words: l.words.map((w) => (w === word ? { ...w, lookedRight: true } : w)) } : l,
  );
}

interface Token {
  text: string;
  start: number;
  end: number;
}

function tokens(text: string): Token[] {
  return [...text.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

/** Pairs of indexes of a longest common subsequence of a and b, by `same`. */
function commonPairs<A, B>(a: A[], b: B[], same: (x: A, y: B) => boolean): Array<[number, number]> {
  // Equal ends are paired first, so the table covers only what changed (usually a line or two).
  let head = 0;
  while (head < a.length && head < b.length && same(a[head], b[head])) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && same(a[a.length - 1 - tail], b[b.length - 1 - tail])) tail++;
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < head; i++) pairs.push([i, i]);
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  const table = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[at(i, j)] = same(a[head + i], b[head + j]) ? table[at(i + 1, j + 1)] + 1 : Math.max(table[at(i + 1, j)], table[at(i, j + 1)]);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (same(a[head + i], b[head + j])) {
      pairs.push([head + i, head + j]);
      i++;
      j++;
    } else if (table[at(i + 1, j)] >= table[at(i, j + 1)]) i++;
    else j++;
  }
  for (let k = tail; k > 0; k--) pairs.push([a.length - k, b.length - k]);
  return pairs;
}

/** 1 − edit distance / longer length, over the lines' words' letters. */
function likeness(a: string, b: string): number {
  const x = a.trim();
  const y = b.trim();
  const longer = Math.max(x.length, y.length);
  if (longer === 0) return 1;
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++)
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    previous = row;
  }
  return 1 - previous[y.length] / longer;
}

/** An edited line is still the line read when at least this much of it is unchanged. */
const SAME_LINE = 0.5;

/**
 * The line as edited: its place on the page stays; a word keeps its confidence and marks only when
 * the edit left it exactly as it was (its offsets moved to where it now stands).
 */
export function editLine(line: ReadLine, text: string): ReadLine {
  if (line.text === text) return line;
  const before = tokens(line.text);
  const after = tokens(text);
  const moved = new Map(commonPairs(before, after, (x, y) => x.text === y.text));
  const words = line.words.flatMap((w) => {
    const covered = before.flatMap((t, k) => (t.start < w.end && t.end > w.start ? [k] : []));
    if (covered.length === 0) return [];
    const targets = covered.map((k) => moved.get(k));
    if (targets.some((t) => t === undefined) || targets.some((t, k) => k > 0 && t !== targets[k - 1]! + 1)) return [];
    const first = before[covered[0]];
    const last = before[covered[covered.length - 1]];
    // Only whole tokens' words move: a word sharing a token with its neighbour ("away;" read as two) keeps its own part.
    const start = after[targets[0]!].start + (w.start - first.start);
    const end = after[targets[targets.length - 1]!].end - (last.end - w.end);
    return start < end ? [{ ...w, start, end }] : [];
  });
  return { ...line, text, words };
}

/**
 * The reading aligned with a new body: lines left as they were keep their reading, lines edited in
 * place keep their box with the marks of their unchanged words, lines typed in have none. `lines`
 * is what was known before (aligned with an earlier body, or as a scan read it), in order.
 */
export function alignReading(lines: ReadonlyArray<ReadLine | null>, body: string): PoemReading {
  const known = lines.filter((l): l is ReadLine => l !== null);
  const texts = body.split('\n');
  const aligned: PoemReading = texts.map(() => null);
  if (known.length === 0) return aligned;
  const pairs = commonPairs(known, texts, (line, text) => text.trim() !== '' && line.text === text);
  // Between lines that stayed, lines that changed are paired in order when still alike.
  const edges: Array<[number, number]> = [[-1, -1], ...pairs, [known.length, texts.length]];
  for (let p = 1; p < edges.length; p++) {
    const [i0, j0] = edges[p - 1];
    const [i1, j1] = edges[p];
    if (p < edges.length - 1) aligned[j1] = known[i1];
    let i = i0 + 1;
    for (let j = j0 + 1; j < j1; j++) {
      if (texts[j].trim() === '') continue;
      for (let k = i; k < i1; k++) {
        if (likeness(known[k].text, texts[j]) >= SAME_LINE) {
          aligned[j] = editLine(known[k], texts[j]);
          i = k + 1;
          break;
        }
      }
    }
  }
  return aligned;
}

/** Whether the reading is aligned with this body (as every save leaves it). */
export function isAligned(reading: PoemReading, body: string): boolean {
  const texts = body.split('\n');
  return reading.length === texts.length && reading.every((l, i) => l === null || l.text === texts[i]);
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isWord = (w: unknown, length: number): boolean => {
  if (typeof w !== 'object' || w === null) return false;
  const { start, end, confidence, unknown, lookedRight, unpaired, capital, lostAccent, split } = w as Record<string, unknown>;
  return (
    isCount(start) &&
    isCount(end) &&
    start < end &&
    end <= length &&
    typeof confidence === 'number' &&
    confidence >= 0 &&
    confidence <= 1 &&
    (unknown === undefined || typeof unknown === 'boolean') &&
    (lookedRight === undefined || typeof lookedRight === 'boolean') &&
    [unpaired, capital, lostAccent, split].every((flag) => flag === undefined || typeof flag === 'boolean')
  );
};
const isShare = (v: unknown): boolean => typeof v === 'number' && v >= 0 && v <= 1;
const isBox = (b: unknown): boolean => {
  if (b === null) return true;
  if (typeof b !== 'object') return false;
  const { x, y, width, height } = b as Record<string, unknown>;
  return [x, y, width, height].every(isCount);
};

/** Whether `value` is a reading aligned with `body`, in the shape the archive keeps (a backup's row is checked with it). */
export function isPoemReading(value: unknown, body: string): value is PoemReading {
  const texts = body.split('\n');
  if (!Array.isArray(value) || value.length !== texts.length) return false;
  return value.every((line: unknown, i) => {
    if (line === null) return true;
    if (typeof line !== 'object') return false;
    const { text, page, photo, box, words, doubtBelow } = line as Record<string, unknown>;
    return (
      text === texts[i] &&
      (doubtBelow === undefined || isShare(doubtBelow)) &&
      (page === null || isCount(page)) &&
      (photo === null || isCount(photo)) &&
      isBox(box) &&
      Array.isArray(words) &&
      words.every((w) => isWord(w, texts[i].length))
    );
  });
}
