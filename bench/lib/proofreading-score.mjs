/**
 * The proofreading measures of the scan benchmarks (issue: doubtful words marked, every line tied
 * to its place on the photo):
 * - of the words the reading got wrong (an extracted word not matched, exactly, by the true line's
 *   words), the share that is marked doubtful (goal ≥ 80%);
 * - of all words read, the share marked (goal ≤ 8%): marks are worth a look only while few;
 * - each line's box cropped from its photo (upright, as shown) and read again with Tesseract alone:
 *   the share of lines whose crop reads as that line (goal ≥ 95%).
 * A sweep over confidence thresholds, from the readings the database keeps, shows what one fixed
 * threshold for every page (with the word list, without the other doubts) would do to the first
 * two, against each page's own threshold that the marks use.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';

export const PROOFREADING_GOALS = { wrongMarked: 0.8, marked: 0.08, cropsRead: 0.95 };
export const SWEEP = [0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9];

/** Words as compared: quotes and apostrophes of any shape alike, dashes alike. */
const norm = (word) =>
  word
    .normalize('NFC')
    .replace(/[‘’‛`´]/g, "'")
    .replace(/[“”„«»]/g, '"')
    // A transcription's "--" is the book's dash.
    .replace(/--/g, '-')
    .replace(/[–—]/g, '-');
const tokensOf = (text) => [...text.matchAll(/\S+/g)].map((m) => ({ text: norm(m[0]), start: m.index, end: m.index + m[0].length }));
const letters = (text) =>
  norm(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
/** The recogniser's confusions of a lone numeral or letter in a crop (I, l and 1; O and 0) folded. */
const folded = (text) => letters(text).replace(/[1l|]/g, 'i').replace(/0/g, 'o');

function levenshtein(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}
export const likeness = (a, b) => {
  const x = letters(a);
  const y = letters(b);
  const longer = Math.max(x.length, y.length);
  return longer === 0 ? 1 : 1 - levenshtein(x, y) / longer;
};

/** Indexes of a's tokens in a longest common subsequence with b's (exact, normalised). */
function matchedTokens(a, b) {
  const n = a.length;
  const m = b.length;
  const t = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) t[i][j] = a[i].text === b[j].text ? t[i + 1][j + 1] + 1 : Math.max(t[i + 1][j], t[i][j + 1]);
  const kept = new Set();
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i].text === b[j].text) {
      kept.add(i);
      i++;
      j++;
    } else if (t[i + 1][j] >= t[i][j + 1]) i++;
    else j++;
  }
  return kept;
}

/** The true line a line read stands for: the likest of the truth's, when alike enough to be it. */
function trueLineOf(text, truthLines) {
  let best;
  let score = 0.5;
  for (const line of truthLines) {
    // Between lines alike in their letters (a title in capitals over its first line), the one alike in case too.
    const s =
      likeness(text, line) + 0.001 * (1 - levenshtein(norm(text).trim(), norm(line).trim()) / Math.max(text.length, line.length, 1));
    if (s > score) [best, score] = [line, s];
  }
  return best;
}

/** Empty counts. */
export const doubtCounts = () => ({
  words: 0,
  marked: 0,
  wrong: 0,
  wrongMarked: 0,
  sweep: SWEEP.map(() => ({ marked: 0, wrongMarked: 0 })),
});

/**
 * Adds a poem's lines to `counts`: `lines` as the proofreading API gives them, `reading` as the
 * database keeps it (for the sweep; may be null), `truthLines` the true lines of its page or book.
 * Lines that match no true line (furniture, a line of another poem) are left out.
 */
export function addDoubts(counts, lines, reading, truthLines) {
  for (const line of lines) {
    const truth = trueLineOf(line.text, truthLines);
    if (truth === undefined) continue;
    const read = tokensOf(line.text);
    const right = matchedTokens(read, tokensOf(truth));
    const words = reading?.[line.line]?.words ?? [];
    read.forEach((token, k) => {
      const overlaps = (d) => d.start < token.end && d.end > token.start;
      const marked = line.doubts.some(overlaps);
      const wrong = !right.has(k);
      counts.words++;
      if (marked) counts.marked++;
      if (wrong) counts.wrong++;
      if (wrong && marked) counts.wrongMarked++;
      if (wrong !== marked && counts.missed) {
        const w = words.find((x) => x.start < token.end && x.end > token.start);
        const why = line.doubts.find(overlaps)?.reasons.join(', ');
        const seen = `${token.text} (${w ? w.confidence.toFixed(2) : '-'}${why ? `: ${why}` : ''}) in ${JSON.stringify(truth)}`;
        (wrong ? counts.missed : (counts.rightMarked ??= [])).push(seen);
      }
      SWEEP.forEach((threshold, s) => {
        const doubtful = words.some((w) => overlaps(w) && !w.lookedRight && (w.confidence < threshold || w.unknown));
        if (doubtful) counts.sweep[s].marked++;
        if (doubtful && wrong) counts.sweep[s].wrongMarked++;
      });
    });
  }
  return counts;
}

export function addDoubtCounts(a, b) {
  return {
    words: a.words + b.words,
    marked: a.marked + b.marked,
    wrong: a.wrong + b.wrong,
    wrongMarked: a.wrongMarked + b.wrongMarked,
    sweep: a.sweep.map((s, i) => ({ marked: s.marked + b.sweep[i].marked, wrongMarked: s.wrongMarked + b.sweep[i].wrongMarked })),
  };
}

const share = (part, whole) => (whole ? part / whole : 1);
export const doubtRates = (c) => ({ wrongMarked: share(c.wrongMarked, c.wrong), marked: share(c.marked, c.words) });
export const sweepNote = (c) =>
  SWEEP.map(
    (t, i) =>
      `<${t}: ${(share(c.sweep[i].wrongMarked, c.wrong) * 100).toFixed(0)}%/${(share(c.sweep[i].marked, c.words) * 100).toFixed(1)}%`,
  ).join('  ');

/**
 * Reads line crops with Tesseract (the archive's own engine and language data, from the build).
 * `check(photo, lines, language)` answers how many of the lines' crops read as the line.
 */
export async function cropReader(distDir) {
  const dist = (path) => pathToFileURL(resolve(distDir, path)).href;
  const { TesseractEngine } = await import(dist('scanning/infrastructure/extraction/offline/tesseract.engine.js'));
  const { defaultOfflineOptions } = await import(dist('scanning/infrastructure/extraction/offline/offline-poem.extractor.js'));
  const { ocrLanguagesFor } = await import(dist('config/ocr-languages.js'));
  const engines = new Map();
  const engineFor = (language) => {
    const languages = ocrLanguagesFor(language, ['eng']);
    const key = languages.join('+');
    if (!engines.has(key)) engines.set(key, new TesseractEngine({ cachePath: defaultOfflineOptions().cachePath, poolSize: 1, languages }));
    return engines.get(key);
  };
  return {
    /** Lines whose box, cropped from the upright photo, reads as the line (likeness ≥ 0.8, letters only); and the failures. */
    async check(photo, lines, language) {
      const upright = await sharp(photo)
        .rotate()
        .flatten({ background: '#ffffff' })
        .greyscale()
        .toColourspace('b-w')
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { width, height } = upright.info;
      let read = 0;
      const failed = [];
      for (const line of lines) {
        const b = line.box;
        if (!b) {
          failed.push({ text: line.text, got: '(no box)' });
          continue;
        }
        // A little paper around the line, as the recogniser wants; less above and below, where the neighbours are.
        const padX = Math.round(b.height * 0.6);
        const padY = Math.round(b.height * 0.15);
        const left = Math.max(0, b.x - padX);
        const top = Math.max(0, b.y - padY);
        const right = Math.min(width, b.x + b.width + padX);
        const bottom = Math.min(height, b.y + b.height + padY);
        const crop = await sharp(upright.data, { raw: { width, height, channels: 1 } })
          .extract({ left, top, width: right - left, height: bottom - top })
          .toColourspace('b-w')
          .raw()
          .toBuffer();
        const page = await engineFor(language).recognize({ data: crop, width: right - left, height: bottom - top }, 0);
        const texts = page.lines.map((l) => l.words.map((w) => w.text).join(' '));
        const got = texts.join(' / ');
        // The crop reads as the line when it holds the line, whole, as one of its lines (a sliver of a neighbour aside).
        const alike = (t) => likeness(folded(t), folded(line.text));
        if (Math.max(alike(texts.join(' ')), ...texts.map(alike)) >= 0.8) read++;
        else failed.push({ text: line.text, got });
      }
      return { read, of: lines.length, failed };
    },
    close: () => Promise.all([...engines.values()].map((e) => e.terminate())),
  };
}

/** The readings the database keeps, by poem id (the sweep's confidences). */
export async function readingsOf(app, ids) {
  if (!ids.length) return new Map();
  const { DataSource } = await import('typeorm');
  const rows = await app.get(DataSource).query(`SELECT id, reading FROM poems WHERE id = ANY($1)`, [ids]);
  return new Map(rows.map((r) => [Number(r.id), r.reading]));
}
