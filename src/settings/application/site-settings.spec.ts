import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/app-config.js';
import { DEFAULT_SITE_SETTINGS, siteSettingsFrom } from './site-settings.js';

const config = { publicUrl: 'https://poems.example/', webVitalsEndpoint: undefined };

describe('site settings', () => {
  it('has sensible defaults with no file', () => {
    const s = siteSettingsFrom({}, config);
    expect(s.siteName).toBe(DEFAULT_SITE_SETTINGS.siteName);
    expect(s.poetName).toBe(DEFAULT_SITE_SETTINGS.poetName);
    expect(s.footerCredit).toMatch(/grandson.*family/);
    expect(s.publicUrl).toBe('https://poems.example');
    expect(s.noindex).toBe(false);
  });

  it('takes the poet, life dates, biography and credit from the file', () => {
    const file = {
      siteName: 'Ana Poet Archive',
      poet: { name: 'Ana Poet', birthDate: '1931-03-03', deathDate: '2019-06-09' },
      biography: { career: ['Taught for forty years.'], family: 'Mother of three.' },
      footerCredit: 'Built by her grandson, kept by the family.',
      noindex: true,
    };
    const s = siteSettingsFrom(file, { ...config, webVitalsEndpoint: 'https://vitals.example/collect' });
    expect(s).toMatchObject({
      siteName: 'Ana Poet Archive',
      poetName: 'Ana Poet',
      birthDate: '1931-03-03',
      deathDate: '2019-06-09',
      biographyHtml: '<p>Taught for forty years.</p>\n<p>Mother of three.</p>',
      footerCredit: 'Built by her grandson, kept by the family.',
      webVitalsEndpoint: 'https://vitals.example/collect',
      noindex: true,
    });
    expect(s.description).toContain('Ana Poet');
  });

  it('refuses malformed values with a message naming the field', () => {
    expect(() => siteSettingsFrom({ poet: { birthDate: '03/03/1931' } }, config)).toThrow(/poet.birthDate/);
    expect(() => siteSettingsFrom({ poet: { birthDate: '1931-02-30' } }, config)).toThrow(ConfigError);
    expect(() => siteSettingsFrom({ biography: { career: [1] } }, config)).toThrow(/biography.career/);
    expect(() => siteSettingsFrom({ poet: { birthDate: '2000-01-01', deathDate: '1990-01-01' } }, config)).toThrow(/after/);
    expect(() => siteSettingsFrom([], config)).toThrow(/JSON object/);
  });
});
