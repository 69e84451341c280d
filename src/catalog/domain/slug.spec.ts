import { describe, expect, it } from 'vitest';
import { parseRef, slugify, uniqueSlug } from './slug.js';

describe('slugify', () => {
  it.each([
    ['Winter Orchard', 'winter-orchard'],
    ['  Night   Songs!  ', 'night-songs'],
    ['Été à Paris', 'ete-a-paris'],
    ["The Poet's Garden", 'the-poets-garden'],
    ['1969', 'n-1969'],
    ['Ein Traum von großer Magie', 'ein-traum-von-grosser-magie'],
    ['Øresund', 'oresund'],
    ['Œuvres complètes', 'oeuvres-completes'],
    ['Сон', 'son'],
    ['Ἀνάβασις', 'anavasis'],
    ['春晓', 'chun-xiao'],
    ['???', 'untitled'],
    ['', 'untitled'],
  ])('%j -> %j', (title, slug) => expect(slugify(title)).toBe(slug));

  it('keeps slugs to 80 characters without a trailing dash', () => {
    const slug = slugify('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('never makes a slug that reads as a numeric id', () => {
    expect(parseRef(slugify('12345'))).toEqual({ slug: 'n-12345' });
  });
});

describe('uniqueSlug', () => {
  it('suffixes -2, -3 ... past the taken ones', () => {
    expect(uniqueSlug('songs', new Set())).toBe('songs');
    expect(uniqueSlug('songs', new Set(['songs']))).toBe('songs-2');
    expect(uniqueSlug('songs', new Set(['songs', 'songs-2']))).toBe('songs-3');
  });
});

describe('parseRef', () => {
  it('reads digits as an id and anything else as a slug', () => {
    expect(parseRef('42')).toEqual({ id: 42 });
    expect(parseRef(7)).toEqual({ id: 7 });
    expect(parseRef('night-songs')).toEqual({ slug: 'night-songs' });
    expect(parseRef('99999999999')).toEqual({ slug: '99999999999' });
  });
});
