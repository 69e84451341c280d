import { describe, expect, it } from 'vitest';
import { citationHtml, citationParts, citationText, sentenceCase, yearOf, type CitedPoem } from './citation.js';

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
      'Vance, E. (1998). The river at dawn. In River songs (p. 3). Lantern Press. The Eleanor Vance Archive. https://poetry.example.org/publication/river-songs/the-river-at-dawn',
    );
  });

  it('names page ranges, several authors, and what is unknown', () => {
    const two = { ...poem, authors: ['Eleanor Vance', 'Tom Reed'], pages: [12, 11], publisher: '', publicationDate: '' };
    expect(citationText('mla', two)).toBe(
      'Vance, Eleanor, and Tom Reed. “The River at Dawn.” River Songs, pp. 11–12. The Eleanor Vance Archive, https://poetry.example.org/publication/river-songs/the-river-at-dawn.',
    );
    expect(citationText('apa', two)).toMatch(
      /^Vance, E\., & Reed, T\. \(n\.d\.\)\. The river at dawn\. In River songs \(pp\. 11–12\)\. The Eleanor/,
    );
    expect(citationText('chicago', { ...two, authors: ['A B', 'C D', 'E F'] })).toMatch(/^B, A, C D, and E F\. /);
    expect(citationText('mla', { ...poem, title: 'Who Goes There?' })).toContain('“Who Goes There?” River Songs');
  });

  it('sets the book and the archive in italics in HTML, escaping the text', () => {
    expect(citationHtml('mla', { ...poem, bookTitle: 'Songs <&> Rivers' })).toContain('<i>Songs &lt;&amp;&gt; Rivers</i>, Lantern Press');
    expect(citationHtml('mla', poem)).toContain('<i>The Eleanor Vance Archive</i>');
  });

  it('sets APA titles in sentence case, keeping the proper nouns it can tell', () => {
    const apa = citationParts('apa', { ...poem, title: 'Three Steps Down', bookTitle: 'Roads and Melodies' });
    expect(apa.map((p) => p.text).join('')).toContain('Three steps down. In Roads and melodies (p. 3).');
    expect(apa.find((p) => p.italic)!.text).toBe('Roads and melodies');
    expect(sentenceCase('The Road Not Taken')).toBe('The road not taken');
    expect(sentenceCase('Stopping by Woods on a Snowy Evening')).toBe('Stopping by woods on a snowy evening');
    // The word "I", "O", the first word after a colon, a dash or a stop.
    expect(sentenceCase('When I Was Young: A Memory of Home')).toBe('When I was young: A memory of home');
    expect(sentenceCase("O Captain! My Captain! I'm Here")).toBe("O captain! My captain! I'm here");
    expect(sentenceCase('Evening — The Last Light')).toBe('Evening — The last light');
    // Acronyms and mixed-case names, months and days, and the authors' names.
    expect(sentenceCase('Letters from NATO to McKay in June')).toBe('Letters from NATO to McKay in June');
    expect(sentenceCase('A Song for Eleanor Vance on Sunday', ['Eleanor Vance'])).toBe('A song for Eleanor Vance on Sunday');
    // A quoted first word, a hyphenated word, a title in capitals throughout.
    expect(sentenceCase('“Hope” Is the Thing')).toBe('“Hope” is the thing');
    expect(sentenceCase('Self-Portrait With Rain')).toBe('Self-portrait with rain');
    expect(sentenceCase('THE ROAD HOME TO VANCE', ['Eleanor Vance'])).toBe('The road home to Vance');
    // Typed in sentence case already: its capitals are the curator's proper nouns.
    expect(sentenceCase('the walk to Paris with Anne')).toBe('The walk to Paris with Anne');
    expect(sentenceCase('Hope')).toBe('Hope');
  });

  it('reads the year from a free-text date', () => {
    expect(yearOf('1998-03-04')).toBe('1998');
    expect(yearOf('Spring 2001')).toBe('2001');
    expect(yearOf('undated')).toBe('');
  });
});
