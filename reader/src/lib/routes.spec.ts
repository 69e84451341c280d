import { describe, expect, it } from 'vitest';
import { matchRoute, paths } from './routes.js';

describe('matchRoute', () => {
  it('loads in place the pages the reader renders itself', () => {
    expect(matchRoute('/publications/')).toEqual({ route: 'publications' });
    expect(matchRoute('/publication/river-songs/winter-orchard')).toEqual({
      route: 'publication',
      ref: 'river-songs',
      poem: 'winter-orchard',
    });
    expect(matchRoute('/poem/caf%C3%A9')).toEqual({ route: 'poem', ref: 'café' });
  });
  it('leaves the indexes, search and every other path to a page load', () => {
    for (const path of ['/admin', '/publication/a/index/titles', '/index/first-lines', '/search', '/about', '/poem/a/b'])
      expect(matchRoute(path), path).toBeNull();
  });
  it('builds the addresses it matches', () => {
    expect(matchRoute(paths.bookPoem('river songs', 'café'))).toEqual({ route: 'publication', ref: 'river songs', poem: 'café' });
    expect(paths.index('titles')).toBe('/index/titles');
    expect(paths.index('first-lines', 'river-songs')).toBe('/publication/river-songs/index/first-lines');
  });
});
