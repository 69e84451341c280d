import { francAll } from 'franc-all';
import { TESSERACT_CODE } from '../../../config/ocr-languages.js';

/** Fewer letters than this tell too little of a language: nothing is proposed. */
const MIN_LETTERS = 20;
/**
 * The likeliest language is proposed only when the next likeliest scores clearly less (franc
 * scores the likeliest 1): close neighbours (Spanish and Italian on a title page) propose nothing.
 */
const RUNNER_UP_AT_MOST = 0.92;

/**
 * The language a book's front pages are written in, as a BCP 47 tag for the curator to confirm:
 * franc (trigram statistics, offline, no model to download) over the text read, among the
 * languages the archive ships a reading model for. Undefined when the text is too short or two
 * languages are too close to tell; the curator chooses then.
 */
export function proposeLanguage(text: string, candidates: Readonly<Record<string, string>> = TESSERACT_CODE): string | undefined {
  if ((text.match(/\p{L}/gu) ?? []).length < MIN_LETTERS) return undefined;
  const tagOf = new Map(Object.entries(candidates).map(([tag, code]) => [code, tag]));
  const [first, second] = francAll(text, { only: [...tagOf.keys()], minLength: MIN_LETTERS });
  if (!first || first[0] === 'und' || (second && second[1] > RUNNER_UP_AT_MOST)) return undefined;
  return tagOf.get(first[0]);
}
