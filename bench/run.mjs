#!/usr/bin/env node
/** `npm run bench`: every benchmark of the archive in turn; exits non-zero if any misses its bar. */
import { spawnSync } from 'node:child_process';

const benches = ['bench/public-read-bench.mjs', 'bench/reader-bench.mjs', 'bench/duplicates-bench.mjs', 'bench/scan-bench.mjs'];
let failed = 0;
for (const file of benches) {
  console.log(`\n### ${file}`);
  const run = spawnSync(process.execPath, [file], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
