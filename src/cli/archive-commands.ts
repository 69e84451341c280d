import { ArchiveError, ArchiveExporter, ArchiveImporter, type RestoreSummary } from '../archive/index.js';
import { TypeOrmArchiveDatabase } from '../archive/infrastructure/archive.typeorm-database.js';
import { SiteSettingsFile } from '../archive/infrastructure/site-settings-file.js';
import { CatalogChanges } from '../catalog/infrastructure/catalog-changes.js';
import type { AppConfig } from '../config/app-config.js';
import { openDataSource } from '../database/database.module.js';
import { openFileStore } from '../media/infrastructure/file-store.factory.js';

/**
 * What `npm run archive` does, apart from reading its arguments and writing to the terminal: kept
 * apart so that a restore can be run, and its printed lines read, in the same process as the tests.
 */

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The archive a command works on, open; `close` lets go of the database (PGlite takes one process at a time) and the page store. */
export interface OpenArchive {
  exporter(): ArchiveExporter;
  importer(): ArchiveImporter;
  close(): Promise<void>;
}

/**
 * Builds the adapters by hand, as the archive module binds them in the API: the page store is the
 * one the API's settings choose, so a backup moves between stores.
 */
export async function openArchive(config: AppConfig): Promise<OpenArchive> {
  const pages = await openFileStore(config);
  const db = await openDataSource(config).catch((err: unknown) => {
    pages.close();
    throw err;
  });
  const settings = new SiteSettingsFile(config);
  return {
    exporter: () => new ArchiveExporter(new TypeOrmArchiveDatabase(db), pages.store, settings),
    importer: () => new ArchiveImporter(new TypeOrmArchiveDatabase(db, new CatalogChanges(config)), pages.store, settings, config),
    close: async () => {
      await db.destroy();
      pages.close();
    },
  };
}

/** The lines printed after a restore; `siteSettingsFile` is the SITE_SETTINGS_FILE the command ran with. */
export function describeRestore(file: string, r: RestoreSummary, siteSettingsFile: string | undefined): string[] {
  const lines = [
    `Restored ${r.rows.publications} publications, ${r.rows.poems} poems and ${r.pages.files} page photos (${mb(r.pages.bytes)}) from ${file}.`,
    r.accounts.length
      ? `Admin accounts: ${r.accounts.join(', ')}${r.replacedAccounts.length ? ` (in place of this archive's ${r.replacedAccounts.join(', ')})` : ''}; they sign in with their passwords of the backed-up archive.`
      : 'The backup holds no admin accounts; those of this archive stay.',
  ];
  if (r.siteSettings) {
    lines.push(
      r.siteSettings.written
        ? `Site settings written to ${r.siteSettings.path}.`
        : `Site settings: ${r.siteSettings.path} already holds them.`,
    );
    if (!siteSettingsFile) lines.push(`Start the archive with SITE_SETTINGS_FILE=${r.siteSettings.path} to use them.`);
  }
  return lines;
}

/** The lines printed when a command fails: the archive's own message, or what failed and why. */
export function failureLines(command: string | undefined, err: Error): string[] {
  const lines = [err instanceof ArchiveError ? err.message : `The ${command} failed: ${err.message}`];
  if (command === 'export' && /in use by process/.test(err.message)) {
    lines.push('While the server runs, take the backup from the admin instead (Download backup), or stop the server first.');
  }
  return lines;
}
