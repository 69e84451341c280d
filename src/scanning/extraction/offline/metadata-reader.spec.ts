import { describe, expect, it } from 'vitest';
import { findDate, findIsbn, findPublisher, readMetadata } from './metadata-reader.js';
import type { LayoutLine } from './page-layout.js';

const line = (text: string, size: number, baseline: number): LayoutLine => ({ text, size, baseline, left: 100, right: 900, confidence: 95 });

describe('metadata from cover, title and copyright pages', () => {
  it('reads title, authors, publisher, date and ISBN', () => {
    const cover = [line('The Orchard', 80, 600), line('Years', 78, 700), line('Poems', 40, 820), line('Eleanor Whitfield', 46, 1500)];
    const titlePage = [line('The Orchard Years', 60, 500), line('by Eleanor Whitfield and Tom Hale', 36, 800), line('Larkspur Press', 30, 1600)];
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

  it('falls back to the copyright holder and a name-like line for authors', () => {
    expect(readMetadata([[line('Harbour', 90, 500), line('Copyright 2004 by Ruth Abernethy', 20, 900)]]).authors).toEqual(['Ruth Abernethy']);
    expect(readMetadata([[line('Harbour', 90, 500), line('Ruth Abernethy', 40, 1500)]]).authors).toEqual(['Ruth Abernethy']);
  });

  it('prefers an ISBN whose check digit is right, repairs O/l misreads, and still reports a misread one', () => {
    expect(findIsbn('ISBN 0-9612345-3-8\nISBN-13: 978-0-306-40615-7')).toBe('978-0-306-40615-7');
    expect(findIsbn('ISBN O-96l2345-3-9')).toBe('0-9612345-3-9');
    expect(findIsbn('ISBN 0-9612345-3-8')).toBe('0-9612345-3-8');
    expect(findIsbn('no number here')).toBe('');
  });

  it('finds a month and year, else the copyright year', () => {
    expect(findDate(['First published in SEPTEMBER 1992'])).toBe('September 1992');
    expect(findDate(['All rights reserved.', '© 1975 Eleanor Whitfield', 'Printed at 1200 Main Street'])).toBe('1975');
    expect(findDate(['nothing dated'])).toBe('');
  });

  it('finds the publisher from "Published by" or a press name', () => {
    expect(findPublisher(['Published by the Larkspur Press, Vermont'])).toBe('Larkspur Press');
    expect(findPublisher(['All rights reserved.', 'Harbour Books, Halifax'])).toBe('Harbour Books');
    expect(findPublisher(['nothing'])).toBe('');
  });
});
