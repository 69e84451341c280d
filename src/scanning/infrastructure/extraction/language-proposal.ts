import { francAll } from 'franc-all';
import { installedOcrLanguages, type OcrLanguage } from '../../../config/ocr-languages.js';

/**
 * Fewer letters than this tell too little of a language (a title alone: "Gedichte" is German and
 * Dutch alike), so nothing is proposed. Past a sentence or two, trigram statistics tell even close
 * neighbours apart (Spanish from Portuguese, German from Dutch).
 */
const MIN_LETTERS = 40;

/**
 * The installed languages franc can name, by tag: franc names languages by their ISO 639-3 code,
 * which is the Tesseract code of a model without a script or variant (deu, pol). A model read in a
 * script of its own (chi_sim, frk) or named by a macrolanguage franc splits (msa, fas) is not proposed.
 */
export function proposable(languages: readonly OcrLanguage[] = installedOcrLanguages()): Record<string, string> {
  return Object.fromEntries(languages.filter((l) => !l.code.includes('_') && !l.tag.includes('-')).map((l) => [l.tag, l.code]));
}

/**
 * The language a book's front pages are written in, as a BCP 47 tag for the curator to confirm:
 * franc (trigram statistics, offline, no model to download) over the text read, among the
 * languages the archive has a reading model for. Undefined when the text is too short to tell;
 * the curator chooses then.
 */
export function proposeLanguage(text: string, candidates: Readonly<Record<string, string>> = proposable()): string | undefined {
  if ((text.match(/\p{L}/gu) ?? []).length < MIN_LETTERS) return undefined;
  const tagOf = new Map(Object.entries(candidates).map(([tag, code]) => [code, tag]));
  const [likeliest] = francAll(text, { only: [...tagOf.keys()], minLength: MIN_LETTERS });
  return likeliest && likeliest[0] !== 'und' ? tagOf.get(likeliest[0]) : undefined;
}
