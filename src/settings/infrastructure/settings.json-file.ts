import { readFileSync } from 'node:fs';
import { ConfigError, type AppConfig } from '../../config/app-config.js';
import type { SettingsFile } from '../application/ports/settings-file.port.js';

/** SITE_SETTINGS_FILE read from disk, once, at start. */
export class JsonSettingsFile implements SettingsFile {
  constructor(private readonly config: Pick<AppConfig, 'siteSettingsFile'>) {}

  read(): unknown {
    if (!this.config.siteSettingsFile) return {};
    try {
      return JSON.parse(readFileSync(this.config.siteSettingsFile, 'utf8'));
    } catch (err) {
      throw new ConfigError(`SITE_SETTINGS_FILE ${this.config.siteSettingsFile} could not be read as JSON: ${(err as Error).message}`);
    }
  }
}
