import { describe, expect, it } from 'vitest';
import { languageNote } from './openai-poem.extractor.js';

describe("the AI is told the book's language", () => {
  it('names it in English with its tag', () => {
    expect(languageNote('de')).toBe(' The book is written in German (de).');
    expect(languageNote('pt-BR')).toBe(' The book is written in Brazilian Portuguese (pt-BR).');
  });

  it('says nothing for a book without one', () => {
    expect(languageNote(undefined)).toBe('');
  });
});
