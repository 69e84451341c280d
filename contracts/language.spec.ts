import { describe, expect, it } from 'vitest';
import { canonicalLanguage, languageChoices, languageName } from './language.js';

describe('canonicalLanguage', () => {
  it('takes well-formed BCP 47 tags in their canonical spelling', () => {
    expect(canonicalLanguage('de')).toBe('de');
    expect(canonicalLanguage('DE')).toBe('de');
    expect(canonicalLanguage('pt-br')).toBe('pt-BR');
    expect(canonicalLanguage('la')).toBe('la');
  });

  it('refuses what is not a tag', () => {
    for (const bad of ['', '  ', 'english!', 'e', 'de_DE_x', 'x'.repeat(40), 42, null]) expect(canonicalLanguage(bad)).toBeUndefined();
  });

  it('names the choices in their own language', () => {
    expect(languageName('de')).toBe('Deutsch — German');
    expect(languageName('la')).toBe('Latina — Latin');
  });

  it('names any other language by CLDR, in its own language then in English, or by its tag when CLDR has no name', () => {
    expect(languageName('pl')).toBe('Polski — Polish');
    expect(languageName('pt-BR')).toBe('Português (Brasil) — Brazilian Portuguese');
    expect(languageName('grc')).toBe('Ancient Greek');
    expect(languageName('qaa')).toBe('qaa');
  });

  it("offers a book's own tag beside the archive's languages", () => {
    expect(languageChoices('de').map((c) => c.id)).toEqual(['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'la']);
    expect(languageChoices('pt-BR')[0]).toEqual({ id: 'pt-BR', name: 'Português (Brasil) — Brazilian Portuguese' });
  });

  it("offers the languages the server reads, with the book's own first when it is none of them", () => {
    const offered = [
      { id: 'en', name: 'English' },
      { id: 'pl', name: 'Polski — Polish' },
    ];
    expect(languageChoices('pl', offered)).toEqual(offered);
    expect(languageChoices('cs', offered).map((c) => c.id)).toEqual(['cs', 'en', 'pl']);
    expect(languageChoices(undefined, offered)).toEqual(offered);
  });
});
