import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { ArchiveExporter } from '../archive/index.js';
import { loadConfig, type AppConfig } from '../config/app-config.js';
import { describeRestore, failureLines, mb, openArchive } from './archive-commands.js';

const USAGE = `Usage:
  npm run archive -- export FILE   write a backup of the whole archive to FILE: publications, poems,
                                   page photos, admin accounts and site settings (a .tar file;
                                   a name ending in .gz is gzipped; - writes to standard output)
  npm run archive -- import FILE   restore a backup into an empty archive (a new DATA_DIR or an
                                   empty database)
With the embedded database, stop the server first (one process at a time).`;

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

async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  if ((command !== 'export' && command !== 'import') || !file || rest.length) {
    console.error(USAGE);
    return 2;
  }
  const config: AppConfig = loadConfig();
  const archive = await openArchive(config);
  try {
    if (command === 'export') {
      const message = await exportTo(archive.exporter(), file);
      (file === '-' ? console.error : console.log)(message);
    } else {
      const summary = await archive.importer().restoreFile(file);
      for (const line of describeRestore(file, summary, config.siteSettingsFile)) console.log(line);
    }
    return 0;
  } finally {
    await archive.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    for (const line of failureLines(process.argv[2], err)) console.error(line);
    process.exit(1);
  },
);
