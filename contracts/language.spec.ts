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
    expect(languageName('pt-BR')).toBe('pt-BR');
  });

  it("offers a book's own tag beside the archive's languages", () => {
    expect(languageChoices('de').map((c) => c.id)).toEqual(['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'la']);
    expect(languageChoices('pt-BR')[0]).toEqual({ id: 'pt-BR', name: 'pt-BR' });
  });
});
