/**
 * The site settings, shared with the admin app's page.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { loadSiteSettings } from './site-settings.js';
