import { describe, expect, it } from 'vitest';
import { ocrLanguageData, ocrLanguagesFor, TESSERACT_CODE } from './ocr-languages.js';

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
    expect(ocrLanguagesFor('nl', ['eng'], () => false)).toEqual(['eng']);
  });
});
