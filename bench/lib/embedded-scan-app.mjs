/**
 * What the scan benchmarks share: the compiled archive on in-memory PGlite with the in-process
 * queue and the offline extractor, a signed-in admin talking to it over HTTP, the results as a
 * table, and the goals report that sets the exit code.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { adminSession } from './admin-session.mjs';

/**
 * Runs `work({ base, call, app })` against a fresh embedded archive built in `distDir`, then closes the
 * app and removes its data folder whatever happened.
 */
export async function withEmbeddedArchive(distDir, work) {
  const dist = (path) => pathToFileURL(resolve(distDir, path)).href;
  const { createApp } = await import(dist('bootstrap.js'));
  const { loadConfig } = await import(dist('config/app-config.js'));
  const dataDir = mkdtempSync(join(tmpdir(), 'scan-bench-'));
  const password = 'bench-password-long-enough';
  // OCR_LANGUAGES passes through, so a book can be measured with its own language's data.
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: 'bench',
    ADMIN_PASSWORD: password,
    PORT: '0',
    OCR_LANGUAGES: process.env.OCR_LANGUAGES,
  });
  const app = await createApp(config, { inMemory: true, logger: ['error'] });
  try {
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
    const call = await adminSession(base, 'bench', password);
    return await work({ base, call, app });
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A new, empty publication's id. */
export async function createPublication(call, title, language = 'en', authors = []) {
  return (await call('POST', '/api/publications/', { title, authors, publisher: '', publication_date: '', isbn: '', notes: '', language }))
    .id;
}

/** Rows as aligned columns under their header. */
export function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  for (const row of [header, ...rows]) console.log(row.map((c, i) => String(c).padEnd(widths[i])).join('  '));
}

/** The load average beside the CPU count: seconds measured on a busy machine are inflated. */
export function loadNote() {
  const load = loadavg()[0];
  const cpus = availableParallelism();
  return `load average ${load.toFixed(1)} on ${cpus} CPUs${load > cpus ? ': the machine was busy, so seconds are inflated' : ''}`;
}

/** Names the goals missed on stderr and makes the process exit non-zero; silent when all are met. */
export function reportGoals(missed) {
  if (!missed.length) return;
  console.error(`Goals missed: ${missed.join(', ')}`);
  process.exitCode = 1;
}
