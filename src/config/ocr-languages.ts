import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);

/** A language's Tesseract model as an installed npm package ships it (nothing is downloaded). */
export interface OcrLanguageData {
  code: string;
  /** Folder holding `<code>.traineddata.gz`. */
  langPath: string;
  /** The package's version, so an upgraded model is unpacked afresh. */
  version: string;
}

/** Tesseract's language codes: three letters, some with a script or variant (chi_sim, deu_latf). */
export const OCR_LANGUAGE_CODE = /^[a-z]{3}(_[a-z]+)?$/;

/**
 * The model of one language, from the `@tesseract.js-data/<code>` package when it is installed.
 * The archive depends on those of English, German, French, Spanish, Italian, Portuguese, Dutch and
 * Latin; installing another such package adds its language.
 */
export function ocrLanguageData(code: string): OcrLanguageData | undefined {
  if (!OCR_LANGUAGE_CODE.test(code)) return undefined;
  let manifest: string;
  try {
    manifest = require.resolve(`@tesseract.js-data/${code}/package.json`);
  } catch {
    return undefined;
  }
  const { version } = require(manifest) as { version: string };
  // The package's index names the folder of its full models (the LSTM with the legacy engine's data).
  const { langPath } = require(dirname(manifest)) as { langPath?: string };
  return langPath ? { code, langPath, version } : undefined;
}

/** The Tesseract model of each language the archive ships, by the language subtag of a BCP 47 tag. */
export const TESSERACT_CODE: Readonly<Record<string, string>> = {
  en: 'eng',
  de: 'deu',
  fr: 'fra',
  es: 'spa',
  it: 'ita',
  pt: 'por',
  nl: 'nld',
  la: 'lat',
};

/**
 * The Tesseract languages a book is read with: its own language's model (`de-AT` reads with deu),
 * or the default (OCR_LANGUAGES) for a book without a language or one whose model is not installed.
 */
export function ocrLanguagesFor(
  tag: string | undefined,
  defaults: string[],
  installed = (code: string) => Boolean(ocrLanguageData(code)),
): string[] {
  let language: string | undefined;
  try {
    language = tag ? new Intl.Locale(tag).language : undefined;
  } catch {
    language = undefined; // not a well-formed tag: the default
  }
  const code = language ? TESSERACT_CODE[language] : undefined;
  return code && installed(code) ? [code] : defaults;
}
