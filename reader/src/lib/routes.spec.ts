import { describe, expect, it } from 'vitest';
import { matchRoute, paths } from './routes.js';

describe('matchRoute', () => {
  it('knows the public routes, with or without a trailing slash', () => {
    expect(matchRoute('/')).toEqual({ route: 'home' });
    expect(matchRoute('/publications/')).toEqual({ route: 'publications' });
    expect(matchRoute('/publication/river-songs')).toEqual({ route: 'publication', ref: 'river-songs' });
    expect(matchRoute('/publication/river-songs/winter-orchard/')).toEqual({ route: 'publication', ref: 'river-songs', poem: 'winter-orchard' });
    expect(matchRoute('/poem/12/')).toEqual({ route: 'poem', ref: '12' });
    expect(matchRoute('/poem/caf%C3%A9')).toEqual({ route: 'poem', ref: 'café' });
  });
  it('leaves every other path, the indexes included, to the server', () => {
    expect(matchRoute('/admin')).toBeNull();
    expect(matchRoute('/poem/a/b')).toBeNull();
    expect(matchRoute('/publication/a/index/titles')).toBeNull();
    expect(matchRoute('/index/first-lines')).toBeNull();
    expect(matchRoute('/poem/%E0%A4%A')).toBeNull();
    expect(matchRoute('/publication/a/%E0%A4%A')).toBeNull();
  });
  it('builds the addresses it matches', () => {
    expect(matchRoute(paths.bookPoem('river songs', 'café'))).toEqual({ route: 'publication', ref: 'river songs', poem: 'café' });
    expect(paths.index('titles')).toBe('/index/titles');
    expect(paths.index('first-lines', 'river-songs')).toBe('/publication/river-songs/index/first-lines');
  });
});
