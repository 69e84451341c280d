#!/usr/bin/env node
/**
 * Memory of a long recording (`npm run bench:recording-memory`, which builds first): a WAV of
 * 199 MB (just under MAX_AUDIO_MB's 200), made once on this machine's disk and sent from it, is
 * uploaded to a poem on dist/server/main.js on its embedded defaults. The server's resident memory
 * before, its peak while the upload is spooled, judged, hashed and kept in the store, and 10 s
 * after, FAIL where the peak grows more than 50 MB over before: the upload streams, and is never
 * held whole in memory. Then a 199 MB MP3 of the same poem is kept and the published book's EPUB
 * downloaded, the MP3 inside it as the poem's Media Overlay: the same measure while the book is
 * sent, as the package streams the recording from the store.
 */
import { createWriteStream, existsSync, mkdtempSync, openAsBlob, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { adminSession } from './lib/admin-session.mjs';
import { EMBEDDED, startArchive } from './lib/archive-processes.mjs';

const GOAL_MB = 50;
const MB = 1024 * 1024;
const SIZE = 199 * MB;

/** An MP3 of `bytes`: silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz), a megabyte at a time. */
async function longMp3(path, bytes) {
  if (existsSync(path) && statSync(path).size === bytes) return;
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  const chunk = Buffer.concat(Array.from({ length: Math.floor(MB / 417) }, () => frame));
  const out = createWriteStream(path);
  for (let left = bytes - (bytes % 417); left > 0; left -= chunk.length) {
    if (!out.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** A 16-bit 44.1 kHz stereo WAV of `bytes`, a tone, written a megabyte at a time. */
async function longWav(path, bytes) {
  if (existsSync(path) && statSync(path).size === bytes) return;
  const data = bytes - 44;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(bytes - 8, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44100, 24);
  header.writeUInt32LE(44100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data, 40);
  const chunk = Buffer.alloc(MB);
  for (let i = 0; i < MB / 2; i++) chunk.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * Math.floor(i / 2)) / 44100)), i * 2);
  const out = createWriteStream(path);
  out.write(header);
  for (let left = data; left > 0; left -= MB) {
    if (!out.write(left >= MB ? chunk : chunk.subarray(0, left))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}
/** Starts a new peak (Linux: writing 5 to clear_refs resets VmHWM). */
const resetPeak = (pid) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

const wavPath = join(tmpdir(), 'archive-recording-memory-bench-v1.wav');
await longWav(wavPath, SIZE);
const server = await startArchive({
  ...EMBEDDED,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'recording-memory-bench-')),
  NODE_ENV: 'production',
});
try {
  const call = await adminSession(server.base, 'bench', 'bench-password');
  const { id } = await call('POST', '/api/publications/', { title: 'Memory bench' });
  const poem = await call('POST', `/api/publications/${id}/poems/`, { title: 'Read aloud', body: 'One line\nanother', page_numbers: [] });
  // A first small recording loads the parser and the routes' code, which every later upload shares.
  const warmPath = join(tmpdir(), 'archive-recording-memory-bench-warm.wav');
  await longWav(warmPath, 44 + 44100 * 4);
  const warm = new FormData();
  warm.append('file', await openAsBlob(warmPath), 'warm.wav');
  await call('POST', `/api/poems/${poem.id}/recordings/`, warm);
  await new Promise((r) => setTimeout(r, 3000));
  const before = memory(server.pid).rss;

  resetPeak(server.pid);
  const form = new FormData();
  form.append('file', await openAsBlob(wavPath), 'long-reading.wav');
  form.append('reader', 'The bench');
  const started = Date.now();
  const kept = await call('POST', `/api/poems/${poem.id}/recordings/`, form);
  const ms = Date.now() - started;
  const peak = memory(server.pid).peak;
  await new Promise((r) => setTimeout(r, 10_000));
  const after = memory(server.pid).rss;

  console.log(
    `\nA ${(SIZE / MB).toFixed(0)} MB WAV (${kept.duration_seconds.toFixed(0)} s, ${kept.mime_type}) uploaded to dist/server/main.js (embedded defaults) in ${(ms / 1000).toFixed(1)} s`,
  );
  console.log(`resident memory before: ${before.toFixed(0)} MB`);
  console.log(`peak while it was taken in: ${peak.toFixed(0)} MB (growth ${(peak - before).toFixed(0)} MB)`);
  console.log(`10 s after: ${after.toFixed(0)} MB (${after - before >= 0 ? '+' : ''}${(after - before).toFixed(0)} MB)`);
  const ok = peak - before <= GOAL_MB;
  console.log(`${ok ? 'PASS' : 'FAIL'}  peak growth <= ${GOAL_MB} MB`);

  // The book's EPUB, carrying a long MP3 as the poem's Media Overlay (the WAV before it is no EPUB type).
  const mp3Path = join(tmpdir(), 'archive-recording-memory-bench-v1.mp3');
  await longMp3(mp3Path, SIZE);
  const mp3 = new FormData();
  mp3.append('file', await openAsBlob(mp3Path), 'long-reading.mp3');
  const heard = await call('POST', `/api/poems/${poem.id}/recordings/`, mp3);
  const { publication: book } = await call('POST', `/api/publications/${id}/publish/`);
  await new Promise((r) => setTimeout(r, 3000));
  const beforeBook = memory(server.pid).rss;
  resetPeak(server.pid);
  const bookStarted = Date.now();
  const res = await fetch(`${server.base}/download/${book.slug}.epub`);
  let received = 0;
  for await (const chunk of res.body) received += chunk.length;
  const bookMs = Date.now() - bookStarted;
  const bookPeak = memory(server.pid).peak;
  const whole = received === Number(res.headers.get('content-length')) && received > heard.byte_size;
  console.log(
    `\nThe book's EPUB with a ${(heard.byte_size / MB).toFixed(0)} MB MP3 inside: ${(received / MB).toFixed(0)} MB sent in ${(bookMs / 1000).toFixed(1)} s${whole ? '' : ' (NOT its Content-Length)'}`,
  );
  console.log(
    `resident memory before: ${beforeBook.toFixed(0)} MB; peak while it was sent: ${bookPeak.toFixed(0)} MB (growth ${(bookPeak - beforeBook).toFixed(0)} MB)`,
  );
  const bookOk = whole && bookPeak - beforeBook <= GOAL_MB;
  console.log(`${bookOk ? 'PASS' : 'FAIL'}  peak growth <= ${GOAL_MB} MB`);
  process.exitCode = ok && bookOk ? 0 : 1;
} finally {
  await server.stop();
}
