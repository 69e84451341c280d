#!/usr/bin/env node
/**
 * Times duplicate detection for a scan batch against a publication of 1,000 poems.
 * Run: node --import ./test/support/worker-process/register.mjs bench/duplicates-bench.mjs
 * (or `npm run bench:duplicates`). Prints the time to prepare the publication and per batch poem.
 */
import { performance } from 'node:perf_hooks';

const { DuplicateFinder } = await import('../src/scanning/domain/duplicates/duplicate-finder.ts');

// Deterministic pseudo-random verse: poems of 8-40 lines, words from a fixed vocabulary.
let seed = 20240521;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const VOCAB = (
  'light window river winter father orchard quiet letter morning harbour stone field rain ' +
  'bread salt evening garden child snow silence road lamp door bell meadow ash iron thread wing ' +
  'the a of and in on under over with without slowly always never again still only when where'
).split(' ');
const line = () => Array.from({ length: 5 + Math.floor(rand() * 6) }, () => VOCAB[Math.floor(rand() * VOCAB.length)]).join(' ');
const poem = (i) => {
  const lines = Array.from({ length: 8 + Math.floor(rand() * 33) }, (_, k) => ((k + 1) % 5 === 0 ? '' : line()));
  return { id: i + 1, title: `Poem ${i + 1}`, body: lines.join('\n') };
};
const noisy = (text) => {
  const chars = [...text];
  for (let k = 0; k < Math.max(1, Math.floor(chars.length / 150)); k++) chars[Math.floor(rand() * chars.length)] = 'x';
  return chars.join('');
};

const existing = Array.from({ length: 1000 }, (_, i) => poem(i));
// A batch of 30: 10 rescans with OCR noise of existing poems, 20 new poems (2 of them repeated in the batch).
const batch = [
  ...Array.from({ length: 10 }, (_, k) => ({ title: existing[k * 97].title, body: noisy(existing[k * 97].body) })),
  ...Array.from({ length: 18 }, (_, k) => poem(5000 + k)),
];
batch.push({ ...batch[12] }, { ...batch[15], body: noisy(batch[15].body) });

const rounds = 5;
let prepareMs = 0;
let findMs = 0;
let duplicates = 0;
for (let r = 0; r < rounds; r++) {
  const t0 = performance.now();
  const finder = new DuplicateFinder(existing);
  const t1 = performance.now();
  duplicates = 0;
  batch.forEach((p, i) => {
    if (finder.find(p)) duplicates++;
    else finder.accept(i, p);
  });
  const t2 = performance.now();
  prepareMs += t1 - t0;
  findMs += t2 - t1;
}

console.log(`publication: ${existing.length} poems; batch: ${batch.length} poems (12 expected duplicates)`);
console.log(`duplicates found: ${duplicates}`);
console.log(`prepare publication: ${(prepareMs / rounds).toFixed(1)} ms`);
console.log(`check batch: ${(findMs / rounds).toFixed(1)} ms total, ${(findMs / rounds / batch.length).toFixed(2)} ms per poem`);
if (duplicates !== 12) {
  console.error('unexpected duplicate count');
  process.exit(1);
}
