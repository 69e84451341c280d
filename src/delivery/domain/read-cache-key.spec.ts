import { describe, expect, it } from 'vitest';
import { readCacheKey } from './read-cache-key.js';

describe('readCacheKey', () => {
  it('leaves out parameters an address does not take', () => {
    expect(readCacheKey('/?x=123')).toBe('/');
    expect(readCacheKey('/publications?utm_source=mail&x=1')).toBe('/publications');
    expect(readCacheKey('/publication/harbour-songs/low-tide?fbclid=abc')).toBe('/publication/harbour-songs/low-tide');
    expect(readCacheKey('/api/poems/12/?_=1700000000')).toBe('/api/poems/12/');
    expect(readCacheKey('/sitemap.xml?x')).toBe('/sitemap.xml');
    expect(readCacheKey('/api/publications/harbour-songs/poems/?admin=false&x=1')).toBe(
      '/api/publications/harbour-songs/poems/?admin=false',
    );
  });

  it('keeps the parameters an address takes, in name order, however they were spelt', () => {
    expect(readCacheKey('/search?q=river+wakes&x=1')).toBe('/search?q=river+wakes');
    expect(readCacheKey('/search?x=1&q=river%20wakes')).toBe('/search?q=river+wakes');
    expect(readCacheKey('/api/search/?limit=5&q=river&page=2')).toBe('/api/search/?q=river&limit=5');
    expect(readCacheKey('/api/search/?q=a&q=b')).toBe('/api/search/?q=a&q=b');
    expect(readCacheKey('/api/publications/?admin=true&nonce=1')).toBe('/api/publications/?admin=true');
  });

  it('answers an address without a query as it is', () => {
    expect(readCacheKey('/poem/7')).toBe('/poem/7');
    expect(readCacheKey('/search')).toBe('/search');
  });
});
