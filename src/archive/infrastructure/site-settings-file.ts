import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AppConfig } from '../../config/app-config.js';
import type { SiteSettings as Settings, SiteSettingsStore } from '../application/ports/site-settings-store.port.js';
import { ArchiveError } from '../domain/archive.errors.js';

/**
 * The site settings travel as the JSON of SITE_SETTINGS_FILE (the poet, the biography, the site's
 * name), not as the defaults filled in, so a restore gives back exactly the file the curator wrote.
 */
export class SiteSettingsFile implements SiteSettingsStore {
  constructor(private readonly config: Pick<AppConfig, 'siteSettingsFile' | 'dataDir'>) {}

  /** The settings the archive runs with, or null on the built-in defaults. */
  async read(): Promise<Settings | null> {
    if (!this.config.siteSettingsFile) return null;
    return JSON.parse(await readFile(this.config.siteSettingsFile, 'utf8')) as Settings;
  }

  /** Where a restore puts them: SITE_SETTINGS_FILE, or DATA_DIR/site-settings.json when none is set. */
  get target(): string {
    return this.config.siteSettingsFile ?? join(this.config.dataDir, 'site-settings.json');
  }

  /** True when the settings must be written, false when the target already holds exactly these; refuses other settings there. */
  async needsWrite(settings: Settings): Promise<boolean> {
    if (!existsSync(this.target)) return true;
    let present: unknown;
    try {
      present = JSON.parse(await readFile(this.target, 'utf8'));
    } catch {
      present = undefined;
    }
    if (JSON.stringify(present) === JSON.stringify(settings)) return false;
    throw new ArchiveError(
      'ARCHIVE.SETTINGS_EXIST',
      `${this.target} already holds other site settings. Move it away (or point SITE_SETTINGS_FILE to a new file) and restore again; nothing was restored.`,
    );
  }

  async write(settings: Settings): Promise<void> {
    await mkdir(dirname(this.target), { recursive: true });
    const temp = `${this.target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, `${JSON.stringify(settings, null, 2)}\n`);
    await rename(temp, this.target);
  }

  async remove(): Promise<void> {
    await rm(this.target, { force: true });
  }
}
