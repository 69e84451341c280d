export type SiteSettings = Record<string, unknown>;

/**
 * The site settings as the curator wrote them (the poet, the biography, the site's name), not the
 * defaults filled in, so a restore gives back exactly what was backed up.
 */
export interface SiteSettingsStore {
  /** The settings the archive runs with, or null on the built-in defaults. */
  read(): Promise<SiteSettings | null>;
  /** Where a restore puts them. */
  readonly target: string;
  /** True when the settings must be written, false when the target already holds exactly these; refuses other settings there. */
  needsWrite(settings: SiteSettings): Promise<boolean>;
  write(settings: SiteSettings): Promise<void>;
  remove(): Promise<void>;
}

export const SITE_SETTINGS_STORE = Symbol('SITE_SETTINGS_STORE');
