/**
 * Folios, the printed page numbers: how one reads, and how the numbers of a run of pages agree.
 */

const ROMAN = /^(?=[ivxlcdm]+$)m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/i;
const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

/** The value of a roman numeral ("xiv" is 14), or undefined when it is not one. */
export function romanValue(text: string): number | undefined {
  if (!text || !ROMAN.test(text)) return undefined;
  const digits = [...text.toLowerCase()].map((c) => ROMAN_VALUES[c]);
  return digits.reduce((sum, value, i) => sum + (value < (digits[i + 1] ?? 0) ? -value : value), 0);
}

/** Decorations printers put around a folio: dashes, brackets, dots, bullets, tildes. */
const ORNAMENT = '[\\s\\-–—―~·•.,:;|[\\](){}<>«»*]';

/**
 * Reads a folio such as "12", "— 12 —", "[12]", "Page 12", "p. 12" or "xiv" (roman, lower or upper
 * case). Arabic figures tolerate the recogniser's look-alikes (l, I and | for 1, O for 0) as long as
 * at least one true figure is there; a bracketed folio whose opening bracket was read as a figure
 * ("166]" for "[66]") is read without it. Returns undefined for anything else.
 */
export function parseFolio(text: string): number | undefined {
  // Brackets come in pairs: a closing one alone means the opening one was read as a 1, l or | ("[66]" as "166]").
  const unpaired = /^\s*[1l|I](\d{1,3})\s*\]\s*$/.exec(text);
  if (unpaired) return Number(unpaired[1]) || undefined;
  const m = new RegExp(`^${ORNAMENT}*(?:page|p\\.)?\\s*([0-9IlOo|]{1,4}|[ivxlcdm]{1,8}|[IVXLCDM]{1,8})${ORNAMENT}*$`, 'i').exec(
    text.trim(),
  );
  if (!m) return undefined;
  const core = m[1];
  if (/\d/.test(core)) {
    const n = Number(core.replace(/[Il|]/g, '1').replace(/[Oo]/g, '0'));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  }
  // A lone capital I is more often a section numeral or the pronoun than a folio; roman folios
  // number the front matter, a few dozen pages, so a larger value is a word ("mix", "dill").
  if (core === 'I' || core === 'l' || core === 'L') return undefined;
  const value = romanValue(core);
  return value !== undefined && value <= 300 ? value : undefined;
}

/**
 * Makes the folios of a run of pages photographed in book order agree. A page whose folio is
 * missing or misread takes the number its neighbours imply, when the nearest legible folios on
 * both sides agree with each other (they are as far apart as the pages between them), or when two
 * legible folios on one side agree (the run's end). A folio that contradicts two agreeing neighbours
 * is a misreading and is replaced.
 */
export function repairFolioSequence(read: Array<number | undefined>): Array<number | undefined> {
  const out = [...read];
  const consistent = (a: number, b: number) => read[a] !== undefined && read[b] !== undefined && read[b]! - read[a]! === b - a;
  for (let i = 0; i < read.length; i++) {
    const before = [...Array(i).keys()].reverse().filter((k) => read[k] !== undefined);
    const after = [...Array(read.length - i - 1).keys()].map((k) => k + i + 1).filter((k) => read[k] !== undefined);
    let implied: number | undefined;
    if (before.length && after.length && consistent(before[0], after[0])) implied = read[before[0]]! + (i - before[0]);
    else if (read[i] !== undefined)
      continue; // one side alone may fill a gap, never overrule a reading
    else if (before.length >= 2 && consistent(before[1], before[0]) && !after.length) implied = read[before[0]]! + (i - before[0]);
    else if (after.length >= 2 && consistent(after[0], after[1]) && !before.length) implied = read[after[0]]! - (after[0] - i);
    if (implied !== undefined && implied >= 1) out[i] = implied;
  }
  return out;
}
