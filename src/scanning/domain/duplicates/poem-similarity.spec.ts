import { describe, expect, it } from 'vitest';
import { boundedLevenshtein, normalisePoemText, poemSimilarity } from './poem-similarity.js';
import { DuplicateFinder } from './duplicate-finder.js';

const ORCHARD = [
  'The apple trees stand bare along the wall,',
  '    their branches written on a pale grey sky;',
  'my father walked this row before the fall',
  '    and named each tree as we went slowly by.',
  '',
  'He said the cold is only rest for wood,',
  '    that roots keep counting under frozen ground;',
  'I did not know then what he understood,',
  '    that what is silent still can make a sound.',
].join('\n');

describe('normalisePoemText', () => {
  it('folds case, width, accents, quotes and whitespace, and drops punctuation', () => {
    expect(normalisePoemText('  “Don’t  GO,”\n\n    she said—\tﬁnally…  Café ')).toBe('dont go she said finally cafe');
  });

  it('keeps words apart where a dash or slash joined them', () => {
    expect(normalisePoemText('night—and/or day')).toBe('night and or day');
  });
});

describe('poemSimilarity', () => {
  it('is 1 for the same poem laid out differently (indentation, stanza breaks, typographic quotes)', () => {
    const relaid = ORCHARD.replace(/^ {4}/gm, '').replace(/\n\n/g, '\n').replace(/'/g, '’');
    expect(poemSimilarity(ORCHARD, relaid)).toBe(1);
  });

  it('still matches a scan with a few characters of OCR noise', () => {
    const noisy = ORCHARD.replace('apple', 'appIe').replace('branches', 'hranches').replace('frozen', 'fr0zen').replace('sound.', 'sound,');
    const similarity = poemSimilarity(ORCHARD, noisy);
    expect(similarity).toBeGreaterThanOrEqual(0.95);
    expect(similarity).toBeLessThan(1);
  });

  it('does not match a different poem that has the same title', () => {
    const other = [
      'Snow sits in the forks of the old pear tree',
      'like letters no one thought to send,',
      'and the crows count what is left of the year',
      'on the fence where the pasture ends.',
    ].join('\n');
    const finder = new DuplicateFinder([{ id: 7, title: 'The Orchard in Winter', body: ORCHARD }]);
    expect(finder.find({ title: 'The Orchard in Winter', body: other })).toBeNull();
    expect(poemSimilarity(ORCHARD, other)).toBeLessThan(0.6);
  });

  it('does not match a poem that shares its first stanza but goes on', () => {
    const firstStanza = ORCHARD.split('\n\n')[0];
    const finder = new DuplicateFinder([{ id: 1, title: 'Orchard', body: ORCHARD }]);
    expect(finder.find({ title: 'Orchard', body: firstStanza })).toBeNull();
  });
});

describe('boundedLevenshtein', () => {
  it('gives the exact distance within the bound and bound + 1 beyond it', () => {
    expect(boundedLevenshtein('kitten', 'sitting', 5)).toBe(3);
    expect(boundedLevenshtein('kitten', 'sitting', 2)).toBe(3);
    expect(boundedLevenshtein('', 'abc', 5)).toBe(3);
    expect(boundedLevenshtein('abcdef', 'abcdef', 0)).toBe(0);
  });

  it('agrees with the full dynamic programme on random strings', () => {
    const full = (a: string, b: string) => {
      const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
      for (let j = 1; j <= b.length; j++) d[0][j] = j;
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++)
          d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      return d[a.length][b.length];
    };
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const word = (n: number) => Array.from({ length: n }, () => 'abc '[Math.floor(rand() * 4)]).join('');
    for (let k = 0; k < 200; k++) {
      const a = word(Math.floor(rand() * 30));
      const b = word(Math.floor(rand() * 30));
      const bound = Math.floor(rand() * 12);
      const exact = full(a, b);
      expect(boundedLevenshtein(a, b, bound)).toBe(exact <= bound ? exact : bound + 1);
    }
  });
});

describe('DuplicateFinder', () => {
  it('reports the matched poem of the publication with its similarity', () => {
    const finder = new DuplicateFinder([
      { id: 3, title: 'Another', body: 'Entirely different words about the sea and the harbour lights.' },
      { id: 9, title: 'The Orchard in Winter', body: ORCHARD },
    ]);
    const match = finder.find({ title: 'The Orchard in Wintr', body: ORCHARD.replace('pale', 'paie') });
    expect(match).toMatchObject({ source: 'publication', id: 9, title: 'The Orchard in Winter' });
    expect(match!.similarity).toBeGreaterThan(0.99);
  });

  it('matches an earlier poem of the same batch once it is accepted', () => {
    const finder = new DuplicateFinder([]);
    expect(finder.find({ title: 'Orchard', body: ORCHARD })).toBeNull();
    finder.accept(0, { title: 'Orchard', body: ORCHARD });
    expect(finder.find({ title: 'Orchard', body: ORCHARD })).toMatchObject({ source: 'batch', id: 0, similarity: 1 });
  });

  it('compares titles when neither poem has a body', () => {
    const finder = new DuplicateFinder([{ id: 1, title: 'Untitled fragment', body: '' }]);
    expect(finder.find({ title: 'Untitled fragment', body: '' })).toMatchObject({ id: 1 });
    expect(finder.find({ title: 'Something else', body: '' })).toBeNull();
  });

  it('matches a further copy against a skipped scan of an edited poem', () => {
    const finder = new DuplicateFinder([{ id: 4, title: 'The Orchard in Winter', body: 'Rewritten by hand after the scan.' }]);
    expect(finder.find({ title: 'The Orchard in Winter', body: ORCHARD })).toBeNull();
    finder.alias(4, 'The Orchard in Winter', { title: 'The Orchard in Winter', body: ORCHARD });
    expect(finder.find({ title: 'The Orchard in Winter', body: ORCHARD.replace('wall', 'wa1l') })).toMatchObject({
      source: 'publication',
      id: 4,
    });
  });
});
