import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/app-config.js';
import { JsonSettingsFile } from './settings.json-file.js';

describe('SITE_SETTINGS_FILE', () => {
  it('is an empty object when none is named', () => {
    expect(new JsonSettingsFile({ siteSettingsFile: undefined }).read()).toEqual({});
  });

  it('is read as JSON', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'site-settings-')), 'site.json');
    writeFileSync(file, JSON.stringify({ poet: { name: 'Ana Poet' }, noindex: true }));
    expect(new JsonSettingsFile({ siteSettingsFile: file }).read()).toEqual({ poet: { name: 'Ana Poet' }, noindex: true });
  });

  it('stops the start when the named file is missing or not JSON', () => {
    expect(() => new JsonSettingsFile({ siteSettingsFile: '/nonexistent/site.json' }).read()).toThrow(/SITE_SETTINGS_FILE/);
    const file = join(mkdtempSync(join(tmpdir(), 'site-settings-')), 'site.json');
    writeFileSync(file, '{ "poet": ');
    expect(() => new JsonSettingsFile({ siteSettingsFile: file }).read()).toThrow(ConfigError);
  });
});
