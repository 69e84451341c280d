#!/usr/bin/env node
/**
 * Backup and restore memory benchmark (`npm run bench:archive`, or node bench/archive-bench.mjs
 * after a build).
 *
 * Seeds an embedded archive with a few hundred MB of generated page photos (random bytes, so
 * nothing compresses) and a few thousand poems, then exports it and restores the file into an
 * empty archive, each in its own process, sampling that process's resident memory. A backup
 * streams: its peak memory must stay near the process's own baseline, whatever the archive's
 * size (bar: peak minus baseline below 150 MB and below a quarter of the file).
 *
 *   --mb 300          total size of the page photos
 *   --photo-kb 2048   size of one photo
 *   --json            one JSON line instead of the table
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const dist = (path) => new URL(`../dist/server/${path}`, import.meta.url).href;
const MB = 1024 * 1024;

/** In a child: open the archive under DATA_DIR like the CLI does. */
async function openArchive(dataDir) {
  await import('reflect-metadata');
  const { loadConfig } = await import(dist('config/app-config.js'));
  const { openDataSource } = await import(dist('database/database.module.js'));
  const { FileSystemFileStore } = await import(dist('media/infrastructure/file-system.file-store.js'));
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' });
  const db = await openDataSource(config);
  return { db, config, store: new FileSystemFileStore(config) };
}

async function seed({ dataDir, mb, photoKb }) {
  const { db, store } = await openArchive(dataDir);
  const photos = Math.max(1, Math.round((mb * 1024) / photoKb));
  const perBook = 20;
  for (let i = 0; i < photos; i++) {
    const book = Math.floor(i / perBook) + 1;
    if (i % perBook === 0) {
      await db.query(`INSERT INTO publications (id, slug, title, status) VALUES ($1, $2, $3, 'published')`, [
        book,
        `book-${book}`,
        `Book ${book}`,
      ]);
      for (let p = 0; p < 100; p++) {
        await db.query(
          `INSERT INTO poems (publication_id, slug, title, body, position, line_count, word_count) VALUES ($1, $2, $3, $4, $5, 12, 60)`,
          [book, `book-${book}-poem-${p}`, `Poem ${p} of book ${book}`, 'A line of verse that the printer set with care,\n'.repeat(20), p],
        );
      }
    }
    const key = `publications/${book}/scan-${book}-bench/page-${i}.jpg`;
    const data = randomBytes(photoKb * 1024);
    await store.put(key, data);
    await db.query(
      `INSERT INTO scan_pages (publication_id, job_id, page_index, storage_key, mime_type, byte_size, sha256) VALUES ($1, $2, $3, $4, 'image/jpeg', $5, 'bench')`,
      [book, `scan-${book}-bench`, i, key, data.length],
    );
  }
  await db.query(`SELECT setval(pg_get_serial_sequence('publications', 'id'), (SELECT max(id) FROM publications))`);
  await db.destroy();
  return { photos };
}

/** Runs `work` while sampling this process's resident memory; answers the baseline and the peak. */
async function measured(dataDir, work) {
  const archive = await openArchive(dataDir);
  globalThis.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  const started = performance.now();
  try {
    await work(archive);
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage.rss());
  const ms = performance.now() - started;
  await archive.db.destroy();
  return { baselineMb: baseline / MB, peakMb: peak / MB, seconds: ms / 1000 };
}

async function exportTo({ dataDir, file }) {
  const { createWriteStream } = await import('node:fs');
  const { ArchiveExporter } = await import(dist('archive/application/archive-exporter.js'));
  return measured(dataDir, async ({ db, store, config }) => {
    const { database, settings } = await archiveAdapters(db, config);
    const backup = await new ArchiveExporter(database, store, settings).open();
    await backup.writeTo(createWriteStream(file));
  });
}

async function importFrom({ dataDir, file }) {
  const { ArchiveImporter } = await import(dist('archive/application/archive-importer.js'));
  return measured(dataDir, async ({ db, store, config }) => {
    const { database, settings } = await archiveAdapters(db, config);
    return new ArchiveImporter(database, store, settings).restoreFile(file);
  });
}

/** The archive's adapters on the bench's DataSource, as src/cli/archive.ts builds them. */
async function archiveAdapters(db, config) {
  const { TypeOrmArchiveDatabase } = await import(dist('archive/infrastructure/archive.typeorm-database.js'));
  const { SiteSettingsFile } = await import(dist('archive/infrastructure/site-settings-file.js'));
  return { database: new TypeOrmArchiveDatabase(db), settings: new SiteSettingsFile(config) };
}

const STEPS = { seed, exportTo, importFrom };

if (process.argv[2] === '--child') {
  process.once('message', async ({ step, options }) => {
    try {
      process.send({ ok: true, result: await STEPS[step](options) }, () => process.exit(0));
    } catch (err) {
      process.send({ ok: false, error: err.stack ?? String(err) }, () => process.exit(1));
    }
  });
} else {
  const { values: args } = parseArgs({
    options: {
      mb: { type: 'string', default: '300' },
      'photo-kb': { type: 'string', default: '2048' },
      json: { type: 'boolean', default: false },
    },
  });
  const run = (step, options) =>
    new Promise((resolve, reject) => {
      const child = fork(fileURLToPath(import.meta.url), ['--child'], {
        execArgv: ['--expose-gc'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child.once('message', (m) => (m.ok ? resolve(m.result) : reject(new Error(m.error))));
      child.once('exit', (code) => code && reject(new Error(`${step} exited with ${code}`)));
      child.send({ step, options });
    });

  const work = mkdtempSync(join(tmpdir(), 'archive-bench-'));
  const source = join(work, 'source');
  const target = join(work, 'target');
  const file = join(work, 'backup.tar');
  try {
    const { photos } = await run('seed', { dataDir: source, mb: Number(args.mb), photoKb: Number(args['photo-kb']) });
    const exported = await run('exportTo', { dataDir: source, file });
    const archiveMb = statSync(file).size / MB;
    const imported = await run('importFrom', { dataDir: target, file });
    const bar = (r) => r.peakMb - r.baselineMb < Math.min(150, archiveMb / 4);
    const report = { archiveMb, photos, export: exported, import: imported, pass: bar(exported) && bar(imported) };
    if (args.json) {
      console.log(JSON.stringify(report));
    } else {
      console.log(
        `archive: ${archiveMb.toFixed(0)} MB (${photos} photos of ${args['photo-kb']} KB, ${Math.ceil(photos / 20) * 100} poems), embedded database`,
      );
      console.log('step     seconds  MB/s   baseline RSS  peak RSS  growth');
      for (const [name, r] of [
        ['export', exported],
        ['import', imported],
      ]) {
        console.log(
          `${name.padEnd(8)} ${r.seconds.toFixed(1).padStart(7)}  ${(archiveMb / r.seconds).toFixed(0).padStart(4)}  ${r.baselineMb.toFixed(0).padStart(9)} MB  ${r.peakMb.toFixed(0).padStart(5)} MB  ${(r.peakMb - r.baselineMb).toFixed(0).padStart(3)} MB`,
        );
      }
      console.log(report.pass ? 'PASS: memory stays flat while the archive streams' : 'FAIL: a step grew its memory with the archive');
    }
    process.exitCode = report.pass ? 0 : 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
