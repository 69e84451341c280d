import { describe, expect, it } from 'vitest';
import { proposeLanguage } from './language-proposal.js';

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
});
