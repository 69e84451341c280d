import { describe, expect, it } from 'vitest';
import type { LayoutLine } from './layout-lines.js';
import { findDate, findPublisher, readMetadata } from './metadata-reader.js';

const line = (text: string, size: number, baseline: number): LayoutLine => ({
  text,
  words: [],
  size,
  baseline,
  left: 100,
  right: 900,
  confidence: 95,
});

describe('metadata from cover, title and copyright pages', () => {
  it('reads title, authors, publisher, date and ISBN', () => {
    const cover = [line('The Orchard', 80, 600), line('Years', 78, 700), line('Poems', 40, 820), line('Eleanor Whitfield', 46, 1500)];
    const titlePage = [
      line('The Orchard Years', 60, 500),
      line('by Eleanor Whitfield and Tom Hale', 36, 800),
      line('Larkspur Press', 30, 1600),
    ];
    const copyright = [
      line('Copyright © 1987 by Eleanor Whitfield', 22, 1200),
      line('Published by Larkspur Press, Montpelier, Vermont', 22, 1300),
      line('First edition, March 1987', 22, 1340),
      line('ISBN 0-9612345-3-9', 22, 1400),
    ];
    expect(readMetadata([cover, titlePage, copyright])).toEqual({
      title: 'The Orchard Years',
      authors: ['Eleanor Whitfield', 'Tom Hale'],
      publisher: 'Larkspur Press',
      publication_date: 'March 1987',
      isbn: '0-9612345-3-9',
      notes: '',
    });
  });

  it('reads an old title page: BY on its own line, the city above the publisher, and a firm holding the copyright', () => {
    const cover = [line('MOUNTAIN INTERVAL', 112, 700), line('ROBERT FROST', 61, 1033)];
    const titlePage = [
      line('MOUNTAIN INTERVAL', 91, 525),
      line('BY', 36, 756),
      line('ROBERT FROST', 60, 843),
      line('NEW YORK', 39, 1831),
      line('HENRY HOLT AND COMPANY', 60, 1915),
      line('1916', 36, 2010),
    ];
    const copyright = [
      line('Copyright, 1916,', 40, 929),
      line('BY', 36, 1005),
      line('HENRY HOLT AND COMPANY', 36, 1078),
      line('All rights reserved', 34, 1257),
      line('ISBN 978-0-8050-0014-6', 32, 1433),
    ];
    // Pages in any order: the copyright page's "BY" names the firm, not the author.
    expect(readMetadata([copyright, cover, titlePage])).toEqual({
      title: 'MOUNTAIN INTERVAL',
      authors: ['ROBERT FROST'],
      publisher: 'HENRY HOLT AND COMPANY',
      publication_date: '1916',
      isbn: '978-0-8050-0014-6',
      notes: '',
    });
  });

  it('takes the author from the line the cover sets under the title when no page says "by"', () => {
    const cover = [line('A GARLAND OF VERSE', 111, 700), line('MARGARET ELLERY HALE', 60, 1032)];
    expect(readMetadata([cover]).authors).toEqual(['MARGARET ELLERY HALE']);
  });

  it('falls back to the copyright holder (a person, not a firm) for authors', () => {
    expect(readMetadata([[line('Harbour', 90, 500)], [line('Copyright 2004 by Ruth Abernethy', 20, 900)]]).authors).toEqual([
      'Ruth Abernethy',
    ]);
    expect(readMetadata([[line('Harbour', 90, 500)], [line('Copyright 2004 by Harbour Books Ltd', 20, 900)]]).authors).toEqual([]);
  });

  it('leaves an ISBN that cannot be made to check out of the field and names it in the notes', () => {
    const metadata = readMetadata([
      [line('Harbour', 90, 500)],
      [line('All rights reserved', 20, 900), line('ISBN 0-4444444-4-4', 20, 950)],
    ]);
    expect(metadata.isbn).toBe('');
    expect(metadata.notes).toContain('0-4444444-4-4');
  });

  it('finds a month and year, else the copyright year, else a year standing alone', () => {
    expect(findDate(['First published in SEPTEMBER 1992'])).toBe('September 1992');
    expect(findDate(['All rights reserved.', '© 1975 Eleanor Whitfield', 'Printed at 1200 Main Street'])).toBe('1975');
    expect(findDate(['BOSTON', 'THE LINDEN PRESS', '1924'])).toBe('1924');
    expect(findDate(['nothing dated'])).toBe('');
  });

  it('finds the publisher from "Published by" or a firm name, without its city', () => {
    expect(findPublisher(['Published by the Larkspur Press, Vermont'])).toBe('Larkspur Press');
    expect(findPublisher(['All rights reserved.', 'Harbour Books, Halifax'])).toBe('Harbour Books');
    expect(findPublisher(['New York: Henry Holt and Company'])).toBe('Henry Holt and Company');
    expect(findPublisher(['nothing'])).toBe('');
  });

  it('finds a publisher named for its partners, with no firm’s word, and an old imprint’s "Printed for"', () => {
    expect(findPublisher(['LONDON', 'Harrow & Finch', '1931'])).toBe('Harrow & Finch');
    expect(findPublisher(['London: Chatto and Windus'])).toBe('Chatto and Windus');
    expect(findPublisher(['PRINTED FOR J. POWER, 34, STRAND,'])).toBe('J. POWER');
    expect(findPublisher(['Songs of Wind and Water', 'a quiet book'])).toBe('');
  });

  it('does not take the authors named on the title page for a firm of partners', () => {
    const titlePage = [line('Songs of the Sea', 80, 500), line('by Ada Harrow and Tom Finch', 40, 800), line('Boston', 30, 1600)];
    expect(readMetadata([titlePage]).publisher).toBe('');
  });
});
