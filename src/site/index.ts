/**
 * The site settings, shared with the admin app's page, and the reader's pages, which the
 * application's request handler answers (bootstrap.ts).
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { DEFAULT_SITE_SETTINGS, loadSiteSettings, siteSettingsFrom } from './site-settings.js';
export { SitePages } from './site-pages.service.js';
