/**
 * The measures extraction is scored by, exactly as the shared extraction set's README defines
 * them (../shared/extraction-set/README.md, "Measures"). Used by `npm run bench:scan` and by the
 * e2e test that uploads a book of the set, so both report the same figures.
 *
 * Plain ESM so the benchmark can import it without a build step.
 */

/** Text comparisons fold curly quotes to straight ones and dashes to "-". */
export function fold(text) {
  return text
    .replace(/[\u2018\u2019\u201A\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-');
}

export function levenshtein(a, b) {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = new Uint32Array(b.length + 1);
  let curr = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      curr[j] = Math.min(prev[j] + 1, curr[j - 1] + 1, prev[j - 1] + cost);
    }
    [prev, curr] = [curr, prev];
  }
  return prev[b.length];
}

/** 1 − edit distance / longer length. */
export function alike(a, b) {
  return 1 - levenshtein(a, b) / Math.max(a.length, b.length, 1);
}

const nonBlank = (body) =>
  fold(body)
    .split('\n')
    .filter((l) => l.trim() !== '');

/** Lines trimmed and joined: what "poems found" compares. */
const joinedText = (body) =>
  nonBlank(body)
    .map((l) => l.trim())
    .join('\n');

/** Each line trimmed, inner spaces collapsed, blank lines dropped, lower-cased: what CER compares. */
const cerText = (body) =>
  nonBlank(body)
    .map((l) => l.trim().replace(/\s+/g, ' '))
    .join('\n')
    .toLowerCase();

/** Positions of stanza breaks, counted in non-blank lines before each. */
function breakPositions(body) {
  const positions = new Set();
  let seen = 0;
  let pending = false;
  for (const line of fold(body).split('\n')) {
    if (line.trim() === '') {
      if (seen > 0) pending = true;
      continue;
    }
    if (pending) positions.add(seen);
    pending = false;
    seen++;
  }
  return positions;
}

const leading = (line) => line.length - line.trimStart().length;

/**
 * Pairs each true poem with the extracted poem most alike (≥ 50%), each extracted poem used once;
 * the best pairs are made first so a near-copy cannot take a better match's place.
 */
export function matchPoems(truthPoems, extracted) {
  const pairs = [];
  truthPoems.forEach((t, i) => {
    const text = joinedText(t.body);
    extracted.forEach((e, j) => {
      const score = alike(text, joinedText(e.body));
      if (score >= 0.5) pairs.push({ i, j, score });
    });
  });
  pairs.sort((a, b) => b.score - a.score);
  const byTruth = new Array(truthPoems.length).fill(undefined);
  const used = new Set();
  for (const { i, j } of pairs) {
    if (byTruth[i] !== undefined || used.has(j)) continue;
    byTruth[i] = j;
    used.add(j);
  }
  return byTruth;
}

/** Raw counts of one book; add them up over books and turn them into rates with `rates`. */
export function scorePoems(truthPoems, extracted) {
  const c = {
    poems: truthPoems.length,
    found: 0,
    extra: 0,
    titles: 0,
    pages: 0,
    cerEdits: 0,
    cerLength: 0,
    lines: 0,
    linesKept: 0,
    breaks: 0,
    breaksMatched: 0,
    breaksExtra: 0,
    indentChecked: 0,
    indentKept: 0,
    missed: [],
  };
  const match = matchPoems(truthPoems, extracted);
  c.extra = extracted.length - match.filter((j) => j !== undefined).length;
  truthPoems.forEach((truth, i) => {
    const read = match[i] === undefined ? undefined : extracted[match[i]];
    const truthCer = cerText(truth.body);
    c.cerLength += truthCer.length;
    const truthLines = nonBlank(truth.body);
    const truthBreaks = breakPositions(truth.body);
    c.lines += truthLines.length;
    c.breaks += truthBreaks.size;
    if (!read) {
      c.cerEdits += truthCer.length;
      c.missed.push(truth.title);
      return;
    }
    c.found++;
    if (fold(read.title).trim().toLowerCase() === fold(truth.title).trim().toLowerCase()) c.titles++;
    if (JSON.stringify(read.page_numbers) === JSON.stringify(truth.page_numbers)) c.pages++;
    c.cerEdits += levenshtein(truthCer, cerText(read.body));
    const readLines = nonBlank(read.body);
    truthLines.forEach((line, k) => {
      const other = readLines[k];
      if (other === undefined || alike(line.trim(), other.trim()) < 0.8) return;
      c.linesKept++;
      // Indented or not as in the book, and the level (leading spaces ÷ 2) within half the true level.
      c.indentChecked++;
      const trueLevel = leading(line) / 2;
      const readLevel = leading(other) / 2;
      const ok = trueLevel === 0 ? readLevel === 0 : readLevel > 0 && Math.abs(readLevel - trueLevel) <= trueLevel / 2;
      if (ok) c.indentKept++;
    });
    const readBreaks = breakPositions(read.body);
    for (const p of readBreaks) {
      if (truthBreaks.has(p)) c.breaksMatched++;
      else c.breaksExtra++;
    }
  });
  return c;
}

/** Sums the counts of several books. */
export function addCounts(a, b) {
  const out = { ...a };
  for (const [key, value] of Object.entries(b)) out[key] = Array.isArray(value) ? [...(a[key] ?? []), ...value] : (a[key] ?? 0) + value;
  return out;
}

/** Rates from counts; stanza breaks the book does not have count against. */
export function rates(c) {
  return {
    found: c.found / c.poems,
    cer: c.cerEdits / c.cerLength,
    lines: c.linesKept / c.lines,
    breaks: c.breaksMatched / Math.max(1, c.breaks + c.breaksExtra),
    indentation: c.indentKept / Math.max(1, c.indentChecked),
    titles: c.titles / c.poems,
    pages: c.pages / c.poems,
  };
}

const digits = (s) => (s ?? '').replace(/[^0-9Xx]/g, '').toUpperCase();

/** The ISBN-10 of a 978 ISBN-13, or the ISBN-13 of an ISBN-10: the same book in the other form. */
export function otherIsbnForm(isbn) {
  const d = digits(isbn);
  if (d.length === 10) {
    const stem = `978${d.slice(0, 9)}`;
    const sum = [...stem].reduce((s, ch, i) => s + Number(ch) * (i % 2 ? 3 : 1), 0);
    return stem + ((10 - (sum % 10)) % 10);
  }
  if (d.length === 13 && d.startsWith('978')) {
    const stem = d.slice(3, 12);
    const sum = [...stem].reduce((s, ch, i) => s + Number(ch) * (10 - i), 0);
    const check = (11 - (sum % 11)) % 11;
    return stem + (check === 10 ? 'X' : String(check));
  }
  return '';
}

/** Metadata fields right, of five: title, the one author, publisher, year, ISBN (digits, either form). */
export function scoreMetadata(expect, got) {
  const same = (a, b) =>
    fold(a ?? '')
      .trim()
      .toLowerCase() ===
    fold(b ?? '')
      .trim()
      .toLowerCase();
  const fields = {
    title: same(got.title, expect.title),
    author: got.authors?.length === 1 && same(got.authors[0], expect.authors[0]),
    publisher: same(got.publisher, expect.publisher),
    year: (/\b(\d{4})\b/.exec(got.publication_date ?? '') ?? [])[1] === expect.publication_date,
    isbn: digits(got.isbn) !== '' && (digits(got.isbn) === digits(expect.isbn) || digits(got.isbn) === otherIsbnForm(expect.isbn)),
  };
  return { right: Object.values(fields).filter(Boolean).length, of: 5, fields };
}
