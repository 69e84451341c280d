/**
 * ISBNs as printed on copyright pages: ISBN-10 or ISBN-13 after "ISBN", accepted only when the
 * check digit is right, after repairing the recogniser's usual confusions (O for 0, l for 1, and
 * one misread figure when exactly one repair checks). Shared by both extractors.
 */

function isbn10Valid(digits: string): boolean {
  if (!/^\d{9}[\dX]$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (10 - i) * (digits[i] === 'X' ? 10 : Number(digits[i]));
  return sum % 11 === 0;
}

function isbn13Valid(digits: string): boolean {
  if (!/^97[89]\d{10}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(digits[i]) * (i % 2 ? 3 : 1);
  return sum % 10 === 0;
}

const isbnValid = (digits: string) => (digits.length === 13 ? isbn13Valid(digits) : isbn10Valid(digits));

/** Figures the recogniser mistakes for one another in book type. */
const CONFUSABLE: Record<string, string> = { '0': '869', '1': '7', '3': '85', '5': '63', '6': '508', '7': '1', '8': '3069', '9': '08' };

/** The one ISBN a single misread figure away that checks, when there is exactly one. */
function repairOneFigure(digits: string): string | undefined {
  const found = new Set<string>();
  for (let i = 0; i < digits.length; i++) {
    for (const alternative of CONFUSABLE[digits[i]] ?? '') {
      const candidate = digits.slice(0, i) + alternative + digits.slice(i + 1);
      if (isbnValid(candidate)) found.add(candidate);
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** Keeps the printed grouping (hyphens, spaces) of `printed` with the figures of `digits`. */
function regroup(printed: string, digits: string): string {
  let k = 0;
  let out = '';
  for (const ch of printed) {
    if (k >= digits.length) break;
    if (/[0-9X]/.test(ch)) out += digits[k++];
    else out += ch;
  }
  return out.trim();
}

export interface IsbnReading {
  /** A checked ISBN as printed (hyphens kept), or '' */
  isbn: string;
  /** What was printed after "ISBN" but does not check, when no good one was found. */
  unreadable?: string;
}

/**
 * Finds an ISBN in text; only one whose check digit is right is returned as the ISBN. An ISBN that
 * checks as printed wins over one that checks after a repair.
 */
export function readIsbn(text: string): IsbnReading {
  const re = /ISBN(?:-?1[03])?[ \t:.]*([0-9OoIlX][0-9OoIlX \t-]{8,20}[0-9OoIlXx])/gi;
  const candidates: Array<{ printed: string; digits: string }> = [];
  for (const m of text.matchAll(re)) {
    const printed = m[1].replace(/[Oo]/g, '0').replace(/[Il]/g, '1').replace(/x$/, 'X').trim();
    const all = printed.replace(/[\s-]/g, '');
    for (const len of [13, 10]) {
      const digits = all.slice(0, len);
      if (len === 13 ? /^97[89]\d{10}$/.test(digits) : /^\d{9}[\dX]$/.test(digits)) {
        candidates.push({ printed, digits });
        break;
      }
    }
  }
  const valid = candidates.find((c) => isbnValid(c.digits));
  if (valid) return { isbn: regroup(valid.printed, valid.digits) };
  for (const c of candidates) {
    const repaired = repairOneFigure(c.digits);
    if (repaired) return { isbn: regroup(c.printed, repaired) };
  }
  return { isbn: '', unreadable: candidates[0] ? regroup(candidates[0].printed, candidates[0].digits) : undefined };
}

/** The note that tells the curator an ISBN was printed but could not be read right. */
export function unreadableIsbnNote(printed: string): string {
  return `ISBN as read from the photo, which fails its check digit: ${printed}`;
}
