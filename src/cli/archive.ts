import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { ArchiveExporter } from '../archive/index.js';
import { ArchiveImporter, type RestoreSummary } from '../archive/index.js';
import { ArchiveError } from '../archive/index.js';
import { TypeOrmArchiveDatabase } from '../archive/infrastructure/archive.typeorm-database.js';
import { SiteSettingsFile } from '../archive/infrastructure/site-settings-file.js';
import { CatalogChanges } from '../catalog/infrastructure/catalog-changes.js';
import { loadConfig, type AppConfig } from '../config/app-config.js';
import { openDataSource } from '../database/database.module.js';
import { openPageStore } from '../scanning/infrastructure/page-store/page-store.factory.js';

const USAGE = `Usage:
  npm run archive -- export FILE   write a backup of the whole archive to FILE: publications, poems,
                                   page photos, admin accounts and site settings (a .tar file;
                                   a name ending in .gz is gzipped; - writes to standard output)
  npm run archive -- import FILE   restore a backup into an empty archive (a new DATA_DIR or an
                                   empty database)
With the embedded database, stop the server first (one process at a time).`;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function exportTo(exporter: ArchiveExporter, file: string): Promise<string> {
  const backup = await exporter.open();
  const { tables, pages } = backup.manifest;
  const summary = `${tables.publications.rows} publications, ${tables.poems.rows} poems, ${pages.files} page photos (${mb(pages.bytes)}), ${tables.users.rows} admin accounts`;
  if (file === '-') {
    await backup.writeTo(process.stdout);
    return `Wrote a backup of ${summary} to standard output.`;
  }
  // Written aside and renamed when whole, so an interrupted export never leaves a file that looks complete.
  const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
  try {
    await backup.writeTo(createWriteStream(partial), { gzip: /\.(gz|tgz)$/i.test(file) });
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return `Wrote a backup of ${summary} to ${file}.`;
}

function describeRestore(file: string, r: RestoreSummary): string[] {
  const lines = [
    `Restored ${r.rows.publications} publications, ${r.rows.poems} poems and ${r.pages.files} page photos (${mb(r.pages.bytes)}) from ${file}.`,
    r.accounts.length
      ? `Admin accounts: ${r.accounts.join(', ')}${r.replacedAccounts.length ? ` (in place of this archive's ${r.replacedAccounts.join(', ')})` : ''}; they sign in with their passwords of the backed-up archive.`
      : 'The backup holds no admin accounts; those of this archive stay.',
  ];
  if (r.siteSettings) {
    lines.push(
      r.siteSettings.written ? `Site settings written to ${r.siteSettings.path}.` : `Site settings: ${r.siteSettings.path} already holds them.`,
    );
    if (!process.env.SITE_SETTINGS_FILE) lines.push(`Start the archive with SITE_SETTINGS_FILE=${r.siteSettings.path} to use them.`);
  }
  return lines;
}

async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  if ((command !== 'export' && command !== 'import') || !file || rest.length) {
    console.error(USAGE);
    return 2;
  }
  const config: AppConfig = loadConfig();
  // A command line builds its adapters itself, as the archive module binds them in the API: the
  // page store is the one the API's settings choose, so a backup moves between stores.
  const pages = await openPageStore(config);
  const store = pages.store;
  const db = await openDataSource(config);
  const settings = new SiteSettingsFile(config);
  try {
    if (command === 'export') {
      const message = await exportTo(new ArchiveExporter(new TypeOrmArchiveDatabase(db), store, settings), file);
      (file === '-' ? console.error : console.log)(message);
    } else {
      const database = new TypeOrmArchiveDatabase(db, new CatalogChanges(config));
      const summary = await new ArchiveImporter(database, store, settings, config).restoreFile(file);
      for (const line of describeRestore(file, summary)) console.log(line);
    }
    return 0;
  } finally {
    await db.destroy();
    pages.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err instanceof ArchiveError ? err.message : `The ${process.argv[2]} failed: ${err.message}`);
    if (process.argv[2] === 'export' && /in use by process/.test(err.message)) {
      console.error('While the server runs, take the backup from the admin instead (Download backup), or stop the server first.');
    }
    process.exit(1);
  },
);
