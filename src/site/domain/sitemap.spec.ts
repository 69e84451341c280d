import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './sitemap.js';

describe('sitemap and robots', () => {
  it('lists each URL with an escaped loc and a day-precision lastmod', () => {
    const xml = sitemapXml([
      { loc: 'https://poems.example/', lastmod: undefined },
      { loc: 'https://poems.example/poem/a&b', lastmod: '2024-02-01T10:00:00.000Z' },
    ]);
    expect(xml).toContain('<loc>https://poems.example/</loc></url>');
    expect(xml).toContain('<loc>https://poems.example/poem/a&amp;b</loc><lastmod>2024-02-01</lastmod>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
  it('points robots at the sitemap and keeps crawlers out of admin, login and the API', () => {
    const txt = robotsTxt('https://poems.example', false);
    expect(txt).toContain('Sitemap: https://poems.example/sitemap.xml');
    expect(txt).toMatch(/Disallow: \/admin\n/);
    expect(txt).toMatch(/Disallow: \/login\n/);
  });
  it('closes the whole site when the settings ask for noindex', () => {
    expect(robotsTxt('https://poems.example', true)).toMatch(/User-agent: \*\nDisallow: \/\n/);
  });
});
