import { describe, expect, it } from 'vitest';
import { proposable, proposeLanguage } from './language-proposal.js';

describe('the language proposed from front pages', () => {
  it('names the language of a title or copyright page among those the archive reads', () => {
    expect(proposeLanguage('Buch der Lieder. Gedichte von Heinrich Heine. Hamburg, bei Hoffmann und Campe, vierte Auflage')).toBe('de');
    expect(proposeLanguage('Fuente Ovejuna. Comedia famosa de Lope de Vega Carpio, edición y notas del autor')).toBe('es');
    expect(proposeLanguage('Irish Melodies by Thomas Moore, with the original prefatory letter on music')).toBe('en');
    expect(proposeLanguage('Carminum libri quattuor, quos Horatius scripsit; cum notis et indice verborum')).toBe('la');
  });

  it('proposes nothing from too little text, or from text in none of the languages offered', () => {
    expect(proposeLanguage('GEDICHTE')).toBeUndefined();
    expect(proposeLanguage('')).toBeUndefined();
    expect(proposeLanguage('Buch der Lieder. Gedichte von Heinrich Heine, vierte Auflage', { en: 'eng', es: 'spa' })).not.toBe('de');
  });

  it('considers every installed language franc knows by its model code, not those read in a script of their own', () => {
    const candidates = proposable([
      { code: 'eng', tag: 'en' },
      { code: 'deu', tag: 'de' },
      { code: 'pol', tag: 'pl' },
      { code: 'frk', tag: 'de-Latf' },
      { code: 'chi_sim', tag: 'zh-Hans' },
    ]);
    expect(candidates).toEqual({ en: 'eng', de: 'deu', pl: 'pol' });
    expect(
      proposeLanguage(
        'Pan Tadeusz, czyli ostatni zajazd na Litwie. Historia szlachecka z roku 1811 i 1812 we dwunastu księgach wierszem',
        candidates,
      ),
    ).toBe('pl');
    expect(
      proposeLanguage('Buch der Lieder. Gedichte von Heinrich Heine. Hamburg, bei Hoffmann und Campe, vierte Auflage', candidates),
    ).toBe('de');
  });
});
