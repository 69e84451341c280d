import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LANGUAGE_CHOICES, languageName, type LanguageChoice } from '../../contracts/language.js';

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

/** A language Tesseract can read here: its model's code and the BCP 47 tag of what it reads. */
export interface OcrLanguage {
  code: string;
  tag: string;
}

/** Tesseract's suffixes that name a script (ISO 15924); others (`_old`, `_vert`) name no language of their own. */
const SCRIPT_SUFFIX: Readonly<Record<string, string>> = {
  sim: 'Hans',
  tra: 'Hant',
  latn: 'Latn',
  cyrl: 'Cyrl',
  latf: 'Latf',
  frak: 'Latf',
};

/** Tesseract codes that are not the ISO code of what they read: frk is its German Fraktur (ISO's Frankish); osd and equ read no language. */
const TESSERACT_ONLY: Readonly<Record<string, string | null>> = { frk: 'de-Latf', osd: null, equ: null };

/**
 * The BCP 47 tag of what a Tesseract model reads (deu → de, chi_sim → zh-Hans, srp_latn → sr-Latn,
 * grc → grc), or undefined for one that reads no language of its own. Tesseract's codes are ISO
 * 639-2 or 639-3; the runtime's CLDR alias data (Intl.getCanonicalLocales) turns each into its
 * shortest BCP 47 subtag, so no table of languages is kept here.
 */
export function tagOfTesseractCode(code: string): string | undefined {
  if (!OCR_LANGUAGE_CODE.test(code)) return undefined;
  if (code in TESSERACT_ONLY) return TESSERACT_ONLY[code] ?? undefined;
  const [base, suffix] = code.split('_');
  const script = suffix ? SCRIPT_SUFFIX[suffix] : undefined;
  if (suffix && !script) return undefined;
  try {
    return Intl.getCanonicalLocales(script ? `${base}-${script}` : base)[0];
  } catch {
    return undefined;
  }
}

/**
 * Every `@tesseract.js-data/<code>` package Node would resolve (the folders `require` searches,
 * NODE_PATH's among them), the archive's eight first, each code once, as the first folder has it.
 */
function findInstalledOcrLanguages(): OcrLanguage[] {
  const folders = require.resolve.paths('@tesseract.js-data/eng') ?? [];
  const codes = new Set(Object.values(TESSERACT_CODE));
  for (const folder of folders) {
    let names: string[];
    try {
      names = readdirSync(join(folder, '@tesseract.js-data'));
    } catch {
      continue; // no such folder
    }
    for (const name of names.sort()) codes.add(name);
  }
  const byTag = new Map<string, OcrLanguage>();
  for (const code of codes) {
    const tag = tagOfTesseractCode(code);
    if (tag && !byTag.has(tag) && ocrLanguageData(code)) byTag.set(tag, { code, tag });
  }
  return [...byTag.values()];
}

let installed: OcrLanguage[] | undefined;

/** The languages whose models are installed, found once (a package installed later counts after a restart). */
export function installedOcrLanguages(): readonly OcrLanguage[] {
  return (installed ??= findInstalledOcrLanguages());
}

/** A tag's language and script as its likeliest full form gives them (de → de Latn, zh-TW → zh Hant). */
function languageAndScript(tag: string): string | undefined {
  try {
    const full = new Intl.Locale(tag).maximize();
    return `${full.language}-${full.script ?? ''}`;
  } catch {
    return undefined; // not a well-formed tag
  }
}

/**
 * The Tesseract languages a book is read with: the installed model of its language in its script
 * (`de-AT` reads with deu, `zh-TW` with chi_tra, `de-Latf` with frk), or the default
 * (OCR_LANGUAGES) for a book without a language or one whose model is not installed.
 */
export function ocrLanguagesFor(tag: string | undefined, defaults: string[], languages = installedOcrLanguages()): string[] {
  const wanted = tag ? languageAndScript(tag) : undefined;
  if (!wanted) return defaults;
  const model = languages.find((l) => l.tag === tag) ?? languages.find((l) => languageAndScript(l.tag) === wanted);
  return model ? [model.code] : defaults;
}

/** The languages curators may choose: the eight the archive ships, then every other one installed. */
export function offeredLanguages(languages = installedOcrLanguages()): LanguageChoice[] {
  const extra = languages.filter((l) => !LANGUAGE_CHOICES.some((c) => c.id === l.tag));
  return [...LANGUAGE_CHOICES, ...extra.map((l) => ({ id: l.tag, name: languageName(l.tag) }))];
}
