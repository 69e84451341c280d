import { describe, expect, it } from 'vitest';
import { citationHtml, citationText, yearOf, type CitedPoem } from './citation.js';

const poem: CitedPoem = {
  title: 'The River at Dawn',
  authors: ['Eleanor Vance'],
  bookTitle: 'River Songs',
  publisher: 'Lantern Press',
  publicationDate: 'March 1998',
  pages: [3],
  siteName: 'The Eleanor Vance Archive',
  url: 'https://poetry.example.org/publication/river-songs/the-river-at-dawn',
};

describe('citations', () => {
  it('cites a poem in its book at its archive address in MLA, Chicago and APA', () => {
    expect(citationText('mla', poem)).toBe(
      'Vance, Eleanor. “The River at Dawn.” River Songs, Lantern Press, 1998, p. 3. The Eleanor Vance Archive, https://poetry.example.org/publication/river-songs/the-river-at-dawn.',
    );
    expect(citationText('chicago', poem)).toBe(
      'Vance, Eleanor. “The River at Dawn.” In River Songs, 3. Lantern Press, 1998. The Eleanor Vance Archive. https://poetry.example.org/publication/river-songs/the-river-at-dawn.',
    );
    expect(citationText('apa', poem)).toBe(
      'Vance, E. (1998). The River at Dawn. In River Songs (p. 3). Lantern Press. The Eleanor Vance Archive. https://poetry.example.org/publication/river-songs/the-river-at-dawn',
    );
  });

  it('names page ranges, several authors, and what is unknown', () => {
    const two = { ...poem, authors: ['Eleanor Vance', 'Tom Reed'], pages: [12, 11], publisher: '', publicationDate: '' };
    expect(citationText('mla', two)).toBe(
      'Vance, Eleanor, and Tom Reed. “The River at Dawn.” River Songs, pp. 11–12. The Eleanor Vance Archive, https://poetry.example.org/publication/river-songs/the-river-at-dawn.',
    );
    expect(citationText('apa', two)).toMatch(
      /^Vance, E\., & Reed, T\. \(n\.d\.\)\. The River at Dawn\. In River Songs \(pp\. 11–12\)\. The Eleanor/,
    );
    expect(citationText('chicago', { ...two, authors: ['A B', 'C D', 'E F'] })).toMatch(/^B, A, C D, and E F\. /);
    expect(citationText('mla', { ...poem, title: 'Who Goes There?' })).toContain('“Who Goes There?” River Songs');
  });

  it('sets the book and the archive in italics in HTML, escaping the text', () => {
    expect(citationHtml('mla', { ...poem, bookTitle: 'Songs <&> Rivers' })).toContain('<i>Songs &lt;&amp;&gt; Rivers</i>, Lantern Press');
    expect(citationHtml('mla', poem)).toContain('<i>The Eleanor Vance Archive</i>');
  });

  it('reads the year from a free-text date', () => {
    expect(yearOf('1998-03-04')).toBe('1998');
    expect(yearOf('Spring 2001')).toBe('2001');
    expect(yearOf('undated')).toBe('');
  });
});
