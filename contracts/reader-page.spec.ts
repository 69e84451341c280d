import { describe, expect, it } from 'vitest';
import type { Publication } from './catalog.js';
import { pageLanguage } from './reader-page.js';

describe('pageLanguage', () => {
  it("is a book's language on its pages, English on the archive's own", () => {
    const publication = { language: 'de' } as Publication;
    expect(
      pageLanguage({
        route: 'publication',
        ref: 'gedichte',
        reader: { state: 'ready', data: { publication, contents: [], poems: [], printed_pages: {} } },
      }),
    ).toBe('de');
    expect(pageLanguage({ route: 'print', ref: 'gedichte', book: { state: 'ready', data: { publication, poems: [] } } })).toBe('de');
    expect(pageLanguage({ route: 'poem', ref: 'x', poem: { state: 'loading' } })).toBe('en');
    expect(pageLanguage({ route: 'about' })).toBe('en');
  });
});
