import { describe, expect, it } from 'vitest';
import { matchPage } from './reader-routes.js';

describe('matchPage', () => {
  it('names every reader page, with or without a trailing slash', () => {
    expect(matchPage('/')).toEqual({ route: 'home' });
    expect(matchPage('/publications/')).toEqual({ route: 'publications' });
    expect(matchPage('/search')).toEqual({ route: 'search' });
    expect(matchPage('/about/')).toEqual({ route: 'about' });
    expect(matchPage('/publication/river-songs')).toEqual({ route: 'publication', ref: 'river-songs' });
    expect(matchPage('/publication/river-songs/winter-orchard/')).toEqual({
      route: 'publication',
      ref: 'river-songs',
      poem: 'winter-orchard',
    });
    expect(matchPage('/poem/12')).toEqual({ route: 'poem', ref: '12' });
    expect(matchPage('/index/titles')).toEqual({ route: 'index', kind: 'titles' });
    expect(matchPage('/publication/river-songs/index/first-lines')).toEqual({ route: 'index', kind: 'first-lines', ref: 'river-songs' });
  });

  it('decodes the references in an address', () => {
    expect(matchPage('/poem/caf%C3%A9')).toEqual({ route: 'poem', ref: 'café' });
    expect(matchPage('/publication/river%20songs/caf%C3%A9')).toEqual({ route: 'publication', ref: 'river songs', poem: 'café' });
  });

  it('names no page for any other path', () => {
    for (const path of [
      '/admin',
      '/api/publications/',
      '/poem/a/b',
      '/publication/a/b/c',
      '/publication/a/index/other',
      '/index/other',
      '/index',
      '/index/titles/x',
      '/publication//x',
      '/poem/%E0%A4%A',
      '/publication/a/%E0%A4%A',
      '/nowhere',
    ]) {
      expect(matchPage(path), path).toBeNull();
    }
  });
});
