import { describe, expect, it } from 'vitest';
import {
  installedOcrLanguages,
  ocrLanguageData,
  ocrLanguagesFor,
  offeredLanguages,
  tagOfTesseractCode,
  TESSERACT_CODE,
  type OcrLanguage,
} from './ocr-languages.js';

describe("a book's OCR languages", () => {
  it('reads each language the archive offers with its own model, every one of them installed', () => {
    expect(ocrLanguagesFor('de', ['eng'])).toEqual(['deu']);
    expect(ocrLanguagesFor('de-AT', ['eng'])).toEqual(['deu']);
    expect(ocrLanguagesFor('pt-BR', ['eng'])).toEqual(['por']);
    expect(ocrLanguagesFor('la', ['eng'])).toEqual(['lat']);
    expect(Object.values(TESSERACT_CODE).filter((code) => !ocrLanguageData(code))).toEqual([]);
  });

  it('falls back to the default for a book without a language, one without a model, or one whose model is not installed', () => {
    expect(ocrLanguagesFor(undefined, ['eng', 'deu'])).toEqual(['eng', 'deu']);
    expect(ocrLanguagesFor('ja', ['eng'])).toEqual(['eng']);
    expect(ocrLanguagesFor('not a tag', ['eng'])).toEqual(['eng']);
    expect(ocrLanguagesFor('nl', ['eng'], [{ code: 'deu', tag: 'de' }])).toEqual(['eng']);
  });

  it("reads a book with any installed model of its language in its script, the tag's own first", () => {
    const installed: OcrLanguage[] = [
      { code: 'deu', tag: 'de' },
      { code: 'frk', tag: 'de-Latf' },
      { code: 'pol', tag: 'pl' },
      { code: 'chi_sim', tag: 'zh-Hans' },
      { code: 'chi_tra', tag: 'zh-Hant' },
      { code: 'srp', tag: 'sr' },
      { code: 'srp_latn', tag: 'sr-Latn' },
    ];
    const read = (tag: string) => ocrLanguagesFor(tag, ['eng'], installed);
    expect(read('pl')).toEqual(['pol']);
    expect(read('pl-PL')).toEqual(['pol']);
    expect(read('de-CH')).toEqual(['deu']);
    expect(read('de-Latf')).toEqual(['frk']);
    expect(read('zh')).toEqual(['chi_sim']);
    expect(read('zh-TW')).toEqual(['chi_tra']);
    expect(read('sr')).toEqual(['srp']);
    expect(read('sr-Latn-RS')).toEqual(['srp_latn']);
    expect(read('cs')).toEqual(['eng']);
  });
});

describe("the language of a Tesseract model's code", () => {
  it('is the shortest BCP 47 subtag of its ISO 639-2 or 639-3 code', () => {
    const tags = Object.fromEntries(Object.values(TESSERACT_CODE).map((code) => [code, tagOfTesseractCode(code)]));
    expect(tags).toEqual({ eng: 'en', deu: 'de', fra: 'fr', spa: 'es', ita: 'it', por: 'pt', nld: 'nl', lat: 'la' });
    expect(tagOfTesseractCode('pol')).toBe('pl');
    expect(tagOfTesseractCode('ell')).toBe('el');
    expect(tagOfTesseractCode('chi_sim')).toBe('zh-Hans'); // chi is ISO 639-2/B
    expect(tagOfTesseractCode('grc')).toBe('grc'); // no two-letter code
    expect(tagOfTesseractCode('fil')).toBe('fil');
  });

  it('carries the script a suffix names, and Fraktur for frk', () => {
    expect(tagOfTesseractCode('chi_tra')).toBe('zh-Hant');
    expect(tagOfTesseractCode('srp_latn')).toBe('sr-Latn');
    expect(tagOfTesseractCode('uzb_cyrl')).toBe('uz-Cyrl');
    expect(tagOfTesseractCode('deu_latf')).toBe('de-Latf');
    expect(tagOfTesseractCode('frk')).toBe('de-Latf');
  });

  it('is none for a model that reads no language of its own, or a code that is not one', () => {
    for (const code of ['osd', 'equ', 'ita_old', 'jpn_vert', 'Deu', 'de', 'deu-x', '../eng'])
      expect(tagOfTesseractCode(code)).toBeUndefined();
  });
});

describe('the languages offered', () => {
  it('are the eight shipped, found installed', () => {
    expect(installedOcrLanguages().slice(0, 8)).toEqual(Object.entries(TESSERACT_CODE).map(([tag, code]) => ({ code, tag })));
  });

  it('add every other installed model, named in its own language then in English', () => {
    const offered = offeredLanguages([
      { code: 'eng', tag: 'en' },
      { code: 'pol', tag: 'pl' },
      { code: 'ell', tag: 'el' },
      { code: 'grc', tag: 'grc' },
    ]);
    expect(offered.slice(0, 2)).toEqual([
      { id: 'en', name: 'English' },
      { id: 'de', name: 'Deutsch — German' },
    ]);
    expect(offered.slice(8)).toEqual([
      { id: 'pl', name: 'Polski — Polish' },
      { id: 'el', name: 'Ελληνικά — Greek' },
      { id: 'grc', name: 'Ancient Greek' },
    ]);
  });
});
