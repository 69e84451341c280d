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
 * The archive depends on those of English, German, French, Spanish and Italian; installing another
 * such package adds its language.
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
