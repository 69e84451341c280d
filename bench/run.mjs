#!/usr/bin/env node
/** `npm run bench`: every benchmark of the archive in turn; exits non-zero if any misses its bar. */
import { spawnSync } from 'node:child_process';

// Benches that import TypeScript (the Lighthouse one shares the browser suites' Chromium choice).
const TS = ['--import', './test/support/worker-process/register.mjs'];
const benches = [
  ['bench/public-read-bench.mjs'],
  ['bench/reader-bench.mjs'],
  ['bench/search-bench.mjs'],
  [...TS, 'bench/lighthouse-bench.mjs'],
  [...TS, 'bench/duplicates-bench.mjs'],
  ['bench/scan-bench.mjs'],
];
let failed = 0;
for (const args of benches) {
  console.log(`\n### ${args.at(-1)}`);
  const run = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
