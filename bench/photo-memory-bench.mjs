#!/usr/bin/env node
/**
 * Memory per page photo (`npm run bench:photo-memory`, after a build): the largest photo the
 * intake accepts of each type (bench's own pictures of a page: baseline and progressive JPEG,
 * 16-bit interlaced PNG, lossy and lossless WebP at 50 megapixels, HEIC at 25), and PDFs through a
 * whole-book import (a page that is one 50-megapixel scan; the two hostile ones of
 * test/support/scanned-pdf.ts, which are refused), sent to dist/server/main.js on its embedded
 * defaults with the allocator setting `npm start` gives it. Each alone first: the server's
 * resident memory idle (after a first scan has loaded the OCR), its peak growth over that while the
 * file is taken in and scanned, and what it settles at 10 s after, FAIL where the peak grows more
 * than 500 MB or the settled memory is more than 100 MB above idle. Then the photos all at once,
 * one upload each, as a curator's browser sends them: photos are decoded one at a time, but the
 * scans of the first run their OCR beside the decoding of the next, so that peak is higher
 * (printed). One process holds everything here (API, scan jobs, OCR and decoder threads), so its
 * resident memory is the whole cost.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { hugeImagePdf, inflatingPdf, scannedPdf } from '../test/support/scanned-pdf.ts';
import { adminSession } from './lib/admin-session.mjs';
import { EMBEDDED, startArchive } from './lib/archive-processes.mjs';

const GOAL_MB = 500;
/** Memory a file may leave held once its scan has ended, over the idle server's. */
const SETTLED_MB = 100;
const SETTLE_MS = 10_000;
const MB = 1024 * 1024;
const side = (megapixels) => Math.floor(Math.sqrt(megapixels * 1_000_000));

/** A page of a book at `size` pixels a side: paper and a few lines of type, as a photo holds. */
function page(size) {
  const lines = Array.from(
    { length: 12 },
    (_, i) =>
      `<text x="${size * 0.1}" y="${size * (0.15 + i * 0.06)}" font-size="${size / 40}" font-family="DejaVu Serif">Line ${i + 1} of a poem, set in the book's own type</text>`,
  );
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 244, g: 241, b: 234 } } }).composite([
    {
      input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${lines.join('')}</svg>`),
      top: 0,
      left: 0,
    },
  ]);
}

/** The photos, made once per machine and kept (they take a minute or two to make). */
async function photos() {
  const dir = join(tmpdir(), 'archive-photo-memory-bench-v1');
  mkdirSync(dir, { recursive: true });
  const big = side(50);
  const heif = side(25);
  const made = [
    ['baseline JPEG', 'baseline.jpg', big, () => page(big).jpeg({ quality: 85 }).toBuffer()],
    [
      'progressive JPEG 4:4:4',
      'progressive.jpg',
      big,
      () => page(big).jpeg({ quality: 85, progressive: true, chromaSubsampling: '4:4:4' }).toBuffer(),
    ],
    [
      'PNG, 16-bit RGBA, interlaced',
      'interlaced.png',
      big,
      () => page(big).ensureAlpha().toColourspace('rgb16').png({ progressive: true }).toBuffer(),
    ],
    ['WebP, lossy', 'lossy.webp', big, () => page(big).webp({ quality: 80 }).toBuffer()],
    ['WebP, lossless', 'lossless.webp', big, () => page(big).webp({ lossless: true }).toBuffer()],
    [
      'HEIC (one picture, not tiles)',
      'photo.heic',
      heif,
      async () => {
        const jpeg = join(dir, 'heic-source.jpg');
        writeFileSync(jpeg, await page(heif).jpeg({ quality: 92 }).toBuffer());
        execFileSync('heif-enc', ['-q', '60', '-o', join(dir, 'photo.heic'), jpeg]);
        return readFileSync(join(dir, 'photo.heic'));
      },
    ],
  ];
  const out = [];
  for (const [name, file, size, make] of made) {
    if (file === 'photo.heic' && !existsSync(join(dir, file)) && !hasProgram('heif-enc')) {
      console.log("HEIC left out: libheif's heif-enc (to make the photo) is not installed");
      continue;
    }
    const path = join(dir, file);
    if (!existsSync(path)) writeFileSync(path, await make());
    out.push({ name, file, size, data: readFileSync(path) });
  }
  return out;
}

const hasProgram = (name) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;

/** Resident memory of the process, now and its peak since the last reset, in MB. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}
/** Starts a new peak (Linux: writing 5 to clear_refs resets VmHWM). */
const resetPeak = (pid) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

/** Resident MB of the processes the server started (a PDF's drawing process), summed. */
function childrenMemory(pid) {
  let kb = 0;
  for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) {
    try {
      kb += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${child}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // It ended between the listing and the reading.
    }
  }
  return kb / 1024;
}
/** The peak of childrenMemory while `work` runs, sampled every 20 ms. */
async function withChildrenPeak(pid, work) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, childrenMemory(pid))), 20);
  try {
    return { result: await work(), childrenPeak: peak };
  } finally {
    clearInterval(timer);
  }
}

async function upload(call, publicationId, photo) {
  const form = new FormData();
  form.append('page_0', new Blob([photo.data]), photo.file);
  return (await call('POST', `/api/publications/${publicationId}/batch_upload_pages/?async=true`, form)).job_id;
}

/** A PDF through a whole-book import to its end; a refused one ends at its refusal (its code). */
async function importPdf(call, publicationId, pdf) {
  const made = await call('POST', `/api/publications/${publicationId}/book_imports/`);
  const form = new FormData();
  form.append('file', new Blob([pdf.data], { type: 'application/pdf' }), pdf.file);
  form.append('position', '0');
  try {
    await call('POST', `/api/book_imports/${made.id}/files/`, form);
  } catch (error) {
    return `refused (${/"code":"([^"]+)"/.exec(error.message)?.[1] ?? error.message})`;
  }
  await call('POST', `/api/book_imports/${made.id}/start/`);
  for (;;) {
    const state = await call('GET', `/api/book_imports/${made.id}/`);
    if (state.state === 'finished' || state.state === 'failed') return state.state;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function finished(call, jobIds) {
  for (const id of jobIds) {
    for (;;) {
      const job = await call('GET', `/api/scans/${id}/`);
      if (job.state === 'completed' || job.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

// PHOTO_MEMORY_FILES=pdf: the PDFs alone (the photos take most of the bench's minutes).
const pdfOnly = process.env.PHOTO_MEMORY_FILES === 'pdf';
const list = pdfOnly ? [] : await photos();
// As `npm start` runs it (and the Docker image): glibc returns large freed blocks to the system at once.
const server = await startArchive({ ...EMBEDDED, DATA_DIR: mkdtempSync(join(tmpdir(), 'photo-memory-bench-')), NODE_ENV: 'production' });
try {
  const call = await adminSession(server.base, 'bench', 'bench-password');
  const { id } = await call('POST', '/api/publications/', { title: 'Memory bench' });
  // A first small scan loads the OCR and the image library, which every later scan shares.
  await finished(call, [await upload(call, id, { file: 'warm.jpg', data: await page(1200).jpeg().toBuffer() })]);
  await new Promise((r) => setTimeout(r, 3000));
  const baseline = memory(server.pid).rss;

  // Each file alone: its upload and its scan, then 10 s to settle, before the next.
  const baselinePhoto = list.find((p) => p.file === 'baseline.jpg') ?? { data: await page(side(50)).jpeg({ quality: 85 }).toBuffer() };
  const pdfs = [
    { name: 'PDF, one 50 MP scanned page', file: 'scan.pdf', data: await scannedPdf([baselinePhoto.data], 600) },
    { name: 'PDF, one 20000 x 20000 image', file: 'huge-image.pdf', data: await hugeImagePdf(20_000) },
    { name: 'PDF, a page unpacking to 1 GB', file: 'inflating.pdf', data: await inflatingPdf(1_000_000_000) },
  ];
  const alone = [];
  for (const item of [...list, ...pdfs]) {
    resetPeak(server.pid);
    const t0 = Date.now();
    const pdf = item.file.endsWith('.pdf');
    const { result: outcome, childrenPeak } = await withChildrenPeak(server.pid, async () =>
      pdf ? await importPdf(call, id, item) : (await finished(call, [await upload(call, id, item)]), 'scanned'),
    );
    const ms = Date.now() - t0;
    const peak = memory(server.pid).peak - baseline;
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    alone.push({ item, peak, childrenPeak, settled: memory(server.pid).rss - baseline, ms, outcome });
  }

  resetPeak(server.pid);
  const started = Date.now();
  const jobs = await Promise.all(list.map((photo) => upload(call, id, photo)));
  const uploadsMs = Date.now() - started;
  const uploadPeak = memory(server.pid).peak - baseline;
  await finished(call, jobs);
  const scanPeak = memory(server.pid).peak - baseline;
  const scansMs = Date.now() - started;
  await new Promise((r) => setTimeout(r, 10_000));
  const settled = memory(server.pid).rss - baseline;

  console.log(`\nPage photos uploaded at once, one upload each, to dist/server/main.js (embedded defaults):`);
  for (const p of list)
    console.log(
      `  ${p.name.padEnd(30)} ${p.size} x ${p.size} (${((p.size * p.size) / 1e6).toFixed(1)} MP), ${(p.data.length / MB).toFixed(2)} MB`,
    );
  console.log(`\nresident memory idle: ${baseline.toFixed(0)} MB (after a first scan has loaded the OCR)`);
  console.log(`\neach file alone, growth over idle: its peak (upload and scan), and ${SETTLE_MS / 1000} s after its scan ended:`);
  const failed = (a) => a.peak > GOAL_MB || a.settled > SETTLED_MB;
  for (const a of alone)
    console.log(
      `  ${a.item.name.padEnd(32)} peak ${a.peak.toFixed(0).padStart(4)} MB  settled ${(a.settled >= 0 ? '+' : '') + a.settled.toFixed(0)} MB`.padEnd(
        72,
      ) +
        `${(a.ms / 1000).toFixed(1)} s, ${a.outcome}${a.childrenPeak ? `; its drawing process's peak ${a.childrenPeak.toFixed(0)} MB` : ''}${failed(a) ? '  FAIL' : ''}`,
    );
  console.log('\nall at once:');
  console.log(`peak growth while the uploads were taken in: ${uploadPeak.toFixed(0)} MB (${(uploadsMs / 1000).toFixed(1)} s)`);
  console.log(`peak growth until their scans finished:      ${scanPeak.toFixed(0)} MB (${(scansMs / 1000).toFixed(1)} s)`);
  console.log(`settled 10 s later:                          ${settled >= 0 ? '+' : ''}${settled.toFixed(0)} MB`);
  const ok = !alone.some(failed) && settled <= SETTLED_MB;
  console.log(`${ok ? 'PASS' : 'FAIL'}  each file's peak growth <= ${GOAL_MB} MB, and no more than ${SETTLED_MB} MB kept after`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
}
