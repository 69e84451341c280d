import { describe, expect, it } from 'vitest';
import {
  alignReading,
  doubtsOf,
  editLine,
  isAligned,
  isPoemReading,
  lostAccents,
  LOW_CONFIDENCE,
  markLooksRight,
  misplacedCapitals,
  pageThreshold,
  type ReadLine,
  type ReadWord,
  splitWords,
  UNREAD,
  unpairedMarks,
} from './poem-reading.js';

/** A line read with every word sure, but those named with their confidence. */
function read(text: string, page: number, confidences: Record<string, number> = {}, unknown: string[] = []): ReadLine {
  const words = [...text.matchAll(/\S+/g)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    confidence: confidences[m[0]] ?? 0.95,
    ...(unknown.includes(m[0]) ? { unknown: true } : {}),
  }));
  return { text, page, photo: 7, box: { x: 10, y: 20 * page, width: 300, height: 18 }, words };
}

const wordsOf = (line: ReadLine | null) => line?.words.map((w) => line.text.slice(w.start, w.end));
const doubtful = (line: ReadLine | null) => (line ? doubtsOf(line).map((d) => line.text.slice(d.start, d.end)) : []);

describe('doubtful words', () => {
  it('are words read with low confidence or missing from the word list, with why', () => {
    const line = read('On! the lovely lass', 1, { 'On!': 0.41 }, ['lass']);
    expect(doubtsOf(line)).toEqual([
      { start: 0, end: 3, confidence: 0.41, reasons: ['low_confidence'] },
      { start: 15, end: 19, confidence: 0.95, reasons: ['unknown_word'] },
    ]);
  });

  it('are doubtful for confidence under their page’s own threshold when it has one', () => {
    const line = read('Und Kinder wachsen auf', 1, { Kinder: 0.41, wachsen: 0.3 });
    expect(doubtful(line)).toEqual(['Kinder', 'wachsen']);
    expect(doubtful({ ...line, doubtBelow: 0.35 })).toEqual(['wachsen']);
  });

  it('are words in capitals in a line in lower case, as small capitals read as capitals are', () => {
    const line = read('(Salen el COMENDADOR, Flores y ORTUÑO, criados.)', 1);
    expect(doubtsOf(line).map((d) => [line.text.slice(d.start, d.end), d.reasons])).toEqual([
      ['COMENDADOR,', ['capitals']],
      ['ORTUÑO,', ['capitals']],
    ]);
    // A line all in capitals, the pronoun, a Roman numeral and a capital opening a word are as printed.
    expect(doubtful(read('THE HARP THAT ONCE', 1))).toEqual([]);
    expect(doubtful(read('And I care not, as Henry VIII said,', 1))).toEqual([]);
    expect(doubtful(read('Oh! think not my spirits', 1))).toEqual([]);
  });

  it('are marks and figures standing alone among the words, with the word the mark was parted from', () => {
    const line = read('( Vanse, y salen Pascuala 2 Laurencia.', 1);
    expect(doubtsOf(line).map((d) => [line.text.slice(d.start, d.end), d.reasons])).toEqual([
      ['(', ['stray_mark']],
      ['Vanse,', ['stray_mark']],
      ['2', ['stray_mark']],
    ]);
    // An opening mark belongs to the word after it, a closing one to the word before.
    expect(doubtful(read('  " Thy morn and evening prayer', 1))).toEqual(['"', 'Thy']);
    expect(doubtful(read('Fly away , my love', 1))).toEqual(['away', ',']);
    // A mark of several kinds is a misreading of its own ("‚.." for an ellipsis), parted from no word.
    expect(doubtful(read('‚.. Nicht anders tauchen', 1))).toEqual(['‚..']);
    // Dashes, ellipses and the ampersand stand alone as printed, French guillemets are set apart, a row of marks is a rule.
    expect(doubtful(read('And then — away ... far & wide', 1))).toEqual([]);
    expect(doubtful(read('« Viens » dit-il', 1))).toEqual([]);
    expect(doubtful(read('* * *', 1))).toEqual([]);
    // A hyphen alone or opening a word is no dash as printed: a speck, or a dash misread.
    expect(doubtful(read('And then - away', 1))).toEqual(['-']);
    expect(doubtful(read('-necedad en los iguales,', 1))).toEqual(['-necedad']);
    expect(doubtful(read('a well-known air', 1))).toEqual([]);
  });

  it('loses a mark a curator found right, the text unchanged', () => {
    const reading = [read('On! the lovely lass', 1, { 'On!': 0.41 })];
    const cleared = markLooksRight(reading, 0, 0, 3)!;
    expect(doubtful(cleared[0])).toEqual([]);
    expect(cleared[0]!.text).toBe('On! the lovely lass');
    expect(markLooksRight(reading, 0, 1, 3)).toBeUndefined();
    expect(markLooksRight(reading, 3, 0, 3)).toBeUndefined();
  });
});

describe('marks printed in pairs', () => {
  const lines = (...texts: string[]) => texts.map((t, i) => read(t, i + 1));
  const unpaired = (language: string, ...texts: string[]) => {
    const poem = lines(...texts);
    const found = unpairedMarks(poem, language);
    return poem.flatMap((line) => line.words.filter((w) => found.has(w)).map((w) => line.text.slice(w.start, w.end)));
  };

  it('marks where a Spanish exclamation or question lacks its opening or its closing', () => {
    // An opening whose closing was misread: the first word after it ending a clause.
    expect(
      unpaired(
        'es',
        '¡Cuántas mozas en la villa,',
        'del comendador fiadas,',
        'andan ya descalabradas:',
        'PASCUALA',
        'Tendré yo por maravilla',
      ),
    ).toEqual(['descalabradas:']);
    // A closing whose opening was misread: the sentence's first word.
    expect(unpaired('es', 'Lo mismo digo.', "'Qué cansado es de sufrir!")).toEqual(["'Qué"]);
    expect(unpaired('es-MX', 'Mas si pierdes, qué darás?')).toEqual(['Mas']);
  });

  it('leaves pairs that close, over lines too, and languages that print no inverted marks', () => {
    expect(unpaired('es', '¡Qué cansado es de sufrir!', '  Mas si pierdes, ¿qué darás?', '¡Ay, cómo te', 'quiero, Laurencia!')).toEqual([]);
    expect(unpaired('en', 'Fly away, my love!', 'Who knows?')).toEqual([]);
  });

  it('takes a single quote opening a Spanish word for an inverted mark misread, with where its closing belongs', () => {
    // Its closing misread too: the word and the first word after it ending a clause.
    expect(unpaired('es', "'Qué áspero y qué importuno:", '  Llaman la descortesía', 'necedad en los iguales.')).toEqual([
      "'Qué",
      'importuno:',
    ]);
    // Its closing read: the word alone, whichever kind closes it.
    expect(unpaired('es', '‘Qué cansado es de sufrir!')).toEqual(['‘Qué']);
    expect(unpaired('es', '`Sabe el maestre que estoy', 'en la villa?')).toEqual(['`Sabe']);
    // A single quote closing it before the sentence ends made it a quotation; English elides with one.
    expect(unpaired('es', "Dijo 'ven acá' y se fue.")).toEqual([]);
    expect(unpaired('en', "'Tis the last rose of summer")).toEqual([]);
  });
});

describe('words a language writes otherwise', () => {
  const lines = (...texts: string[]) => texts.map((t, i) => read(t, i + 1));
  const texts = (poem: ReadLine[], found: Set<ReadWord>) =>
    poem.flatMap((line) => line.words.filter((w) => found.has(w)).map((w) => line.text.slice(w.start, w.end)));

  it('marks a one-letter word in capitals mid-sentence where the language writes it small, as "capitals"', () => {
    const poem = lines('(Sale el Maestre de Calatrava Y', 'acompañamiento.)', 'Ven, Y dime la verdad');
    const found = misplacedCapitals(poem, 'es');
    expect(texts(poem, found)).toEqual(['Y', 'Y']);
    for (const w of found) w.capital = true;
    expect(doubtsOf(poem[0]).map((d) => d.reasons)).toEqual([['capitals']]);
  });

  it('leaves a line’s first word, a sentence’s, an invocation, an initial and languages whose one-letter words stand in capitals', () => {
    const poem = lines(
      'Y ¿sabe también que soy',
      'lo sabe. Y calla',
      '¡Ay, O Dios, que me muero!',
      'escribe J. Pérez, E. Gómez',
      'DON Y DOÑA',
    );
    expect(texts(poem, misplacedCapitals(poem, 'es'))).toEqual([]);
    const english = lines('and then I know', 'and A for apple');
    expect(texts(english, misplacedCapitals(english, 'en'))).toEqual([]);
  });

  it('marks a Spanish unstressed word ending a clause, its accent lost ("si." for "sí."), as "lost_accent"', () => {
    const poem = lines('Desde aquí digo que si.', 'no lo se;', 'y de él me fío:', '¿Es para tu?', 'Lo quiero si… no sé');
    const found = lostAccents(poem, 'es');
    expect(texts(poem, found)).toEqual(['si.', 'se;', 'tu?']);
    for (const w of found) w.lostAccent = true;
    expect(doubtsOf(poem[0]).map((d) => d.reasons)).toEqual([['lost_accent']]);
    // Leaning on the next word, as these words do, they are right; English has no such pairs.
    const right = lines('Mas si pierdes, ¿qué darás?', 'que de ser cortés se aleje.', 'desde aquí digo que sí.');
    expect(texts(right, lostAccents(right, 'es'))).toEqual([]);
    const english = lines('I know not if he will say si.');
    expect(texts(english, lostAccents(english, 'en'))).toEqual([]);
  });

  it('marks both halves of a word in capitals read as two when the word is one and the reading was unsure, as "split_word"', () => {
    const known = (word: string) => ['COMENDADOR', 'FOREVER'].includes(word);
    // Unsure of the pair, or a half no word: "COMEN DADOR" for "COMENDADOR".
    const unsure = [read('COMEN DADOR', 1, { COMEN: 0.64, DADOR: 0.64 })];
    const found = splitWords(unsure, known);
    expect(texts(unsure, found)).toEqual(['COMEN', 'DADOR']);
    const unknownHalf = [read('(Sale el COMENDA DOR.)', 1, {}, ['COMENDA', 'DOR.)'])];
    expect(texts(unknownHalf, splitWords(unknownHalf, known))).toEqual(['COMENDA', 'DOR.)']);
    for (const w of found) w.split = true;
    expect(doubtsOf(unsure[0]).map((d) => d.reasons)).toEqual([
      ['low_confidence', 'split_word'],
      ['low_confidence', 'split_word'],
    ]);
    // Two sure words that make one, words that make none, words parted by a mark, Roman numerals, small letters.
    const left = [
      read('FOR EVER', 1),
      read('FLORES ORTUÑO', 2, { FLORES: 0.5, ORTUÑO: 0.5 }),
      read('COMEN, DADOR', 3, { 'COMEN,': 0.5, DADOR: 0.5 }),
      read('comen dador', 4, { comen: 0.5, dador: 0.5 }),
      read('CANTO II', 5, { CANTO: 0.5, II: 0.5 }),
    ];
    expect(
      texts(
        left,
        splitWords(left, (word) => word === 'FOREVER' || word === 'comendador' || word === 'CANTOII'),
      ),
    ).toEqual([]);
  });
});

describe('a page’s own confidence threshold', () => {
  /** A page of 100 words read at 0.95, but those given, with `unknown` of them missing from the word list. */
  function page(low: number[], unknown = 0): ReadLine[] {
    const confidences = [...low, ...Array<number>(100 - low.length).fill(0.95)];
    return Array.from({ length: 10 }, (_, l) => {
      const text = Array.from({ length: 10 }, (_, k) => `w${l}${k}`).join(' ');
      const line = read(text, 1);
      return {
        ...line,
        words: line.words.map((w, k) => ({
          ...w,
          confidence: confidences[l * 10 + k],
          ...(l * 10 + k >= 100 - unknown ? { unknown: true } : {}),
        })),
      };
    });
  }
  const marked = (lines: ReadLine[]) => lines.flatMap((l) => doubtsOf({ ...l, doubtBelow: pageThreshold(lines) })).length;

  it('marks the page’s least sure words, up to 6 in 100', () => {
    // A model that gives right words 0.2-0.7 on a coarse scan: its least sure words only.
    const spread = [0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7];
    expect(pageThreshold(page(spread))).toBe(0.5);
    expect(marked(page(spread))).toBe(6);
    // A page read surely but for a few: all of them, up to the ceiling.
    expect(pageThreshold(page([0.72, 0.79]))).toBe(LOW_CONFIDENCE);
    expect(marked(page([0.72, 0.79, 0.85]))).toBe(2);
  });

  it('leaves fewer marks for confidence where the word list already marks words, none where they fill the share', () => {
    expect(marked(page([0.2, 0.3, 0.4, 0.5], 4))).toBe(6);
    expect(pageThreshold(page([0.2, 0.3, 0.4, 0.5], 4))).toBe(0.4);
    expect(pageThreshold(page([0.2, 0.3], 7))).toBe(0.2);
    expect(marked(page([0.2, 0.3], 7))).toBe(7);
  });

  it('marks a word the recogniser all but failed to read on any page', () => {
    expect(pageThreshold(page([0.1, 0.3], 7))).toBe(UNREAD);
    expect(marked(page([0.1, 0.3], 7))).toBe(8);
  });

  it('marks words as sure as each other together or not at all', () => {
    expect(pageThreshold(page([0.3, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]))).toBe(0.5);
  });
});

describe('a reading aligned through edits', () => {
  const lines = [read('The harp that once', 1, { once: 0.3 }), null, read('  Now hangs as mute', 2, { mute: 0.2, Now: 0.4 })];
  const body = 'The harp that once\n\n  Now hangs as mute';

  it('is kept whole when the body is unchanged', () => {
    expect(alignReading(lines, body)).toEqual(lines);
    expect(isAligned(lines, body)).toBe(true);
  });

  it('keeps an edited line its box, and drops only the marks of the words that changed', () => {
    const aligned = alignReading(lines, 'The harp that once\n\n  Now hangs as mote upon');
    expect(aligned[2]!.box).toEqual(lines[2]!.box);
    expect(aligned[2]!.text).toBe('  Now hangs as mote upon');
    expect(doubtful(aligned[2])).toEqual(['Now']);
    expect(wordsOf(aligned[2])).toEqual(['Now', 'hangs', 'as']);
  });

  it('moves a line that stayed to where it now stands, and gives a line typed in nothing', () => {
    const aligned = alignReading(lines, 'A line typed in here\nThe harp that once\n\n\n  Now hangs as mute');
    expect(aligned[0]).toBeNull();
    expect(aligned[1]).toEqual(lines[0]);
    expect(aligned[4]).toEqual(lines[2]);
    expect(aligned.length).toBe(5);
  });

  it('drops a line that was deleted, and a line rewritten beyond likeness is a line typed in', () => {
    const aligned = alignReading(lines, 'Something else entirely, new\n\n  Now hangs as mute');
    expect(aligned[0]).toBeNull();
    expect(aligned[2]).toEqual(lines[2]);
  });

  it('moves marks with their words when indentation or a word before them changes', () => {
    const line = editLine(lines[2]!, '    Now hangs so mute');
    expect(wordsOf(line)).toEqual(['Now', 'hangs', 'mute']);
    expect(doubtful(line)).toEqual(['Now', 'mute']);
  });

  it('is aligned again after lines were read in another order (a scan joined across a page turn)', () => {
    const aligned = alignReading([read('first line', 1), read('second line', 2)], 'first line\n\nsecond line');
    expect(aligned.map((l) => l?.page ?? null)).toEqual([1, null, 2]);
  });
});

describe('a reading as a backup holds it', () => {
  it('is taken only aligned with its body, with offsets inside their lines and confidences from 0 to 1', () => {
    const body = 'The harp\n\nNow hangs';
    const reading = alignReading([read('The harp', 1), read('Now hangs', 2)], body);
    expect(isPoemReading(reading, body)).toBe(true);
    expect(isPoemReading(reading, 'The harp\nNow hangs')).toBe(false);
    expect(isPoemReading([{ ...reading[0]!, words: [{ start: 4, end: 40, confidence: 0.9 }] }, null, reading[2]], body)).toBe(false);
    expect(isPoemReading([{ ...reading[0]!, words: [{ start: 0, end: 3, confidence: 95 }] }, null, reading[2]], body)).toBe(false);
    expect(isPoemReading([{ ...reading[0]!, doubtBelow: 0.6 }, null, reading[2]], body)).toBe(true);
    expect(isPoemReading([{ ...reading[0]!, doubtBelow: 60 }, null, reading[2]], body)).toBe(false);
    expect(isPoemReading('<script>', body)).toBe(false);
  });
});
