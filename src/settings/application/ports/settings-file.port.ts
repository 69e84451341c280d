/**
 * The JSON file named by SITE_SETTINGS_FILE, parsed, for the first start's memorial and the
 * site's description and noindex ({} when none is named). A missing or malformed file stops the
 * start with a clear message.
 */
export interface SettingsFile {
  read(): unknown;
}

export const SETTINGS_FILE = Symbol('SETTINGS_FILE');
