import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { loadSiteSettings, SITE_SETTINGS } from './site-settings.js';

/**
 * Who the archive remembers and how the site names itself, for every module that shows or searches
 * it (the reader's pages, search, the admin's page). A module of its own so that the site and
 * search, which use each other, both depend on it and never on one another for it.
 */
@Module({
  providers: [{ provide: SITE_SETTINGS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => loadSiteSettings(config) }],
  exports: [SITE_SETTINGS],
})
export class SettingsModule {}
