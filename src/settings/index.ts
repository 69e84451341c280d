/**
 * The site settings: the poet's memorial, the site's name and footer.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { DEFAULT_SITE_SETTINGS, memorialFromFile, SITE_SETTINGS, siteSettingsFrom } from './application/site-settings.js';
export { checkBiography } from './application/biography.js';
export { SettingsModule } from './settings.module.js';
