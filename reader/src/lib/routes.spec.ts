import { describe, expect, it } from 'vitest';
import { matchRoute } from './routes.js';

describe('matchRoute', () => {
  it('knows the four public routes, with or without a trailing slash', () => {
    expect(matchRoute('/')).toEqual({ route: 'home' });
    expect(matchRoute('/publications/')).toEqual({ route: 'publications' });
    expect(matchRoute('/publication/river-songs')).toEqual({ route: 'publication', ref: 'river-songs' });
    expect(matchRoute('/poem/12/')).toEqual({ route: 'poem', ref: '12' });
    expect(matchRoute('/poem/caf%C3%A9')).toEqual({ route: 'poem', ref: 'café' });
  });
  it('leaves every other path to the server', () => {
    expect(matchRoute('/admin')).toBeNull();
    expect(matchRoute('/publication/a/b')).toBeNull();
    expect(matchRoute('/poem/%E0%A4%A')).toBeNull();
  });
});
