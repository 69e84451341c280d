/**
 * Updates test/file-durations.json, the order a run without vitest's cache starts the files in
 * (test/support/longest-first-sequencer.ts), with the files of a JSON report; other files keep
 * their time, and files that no longer exist are dropped:
 *   npx vitest run --reporter=default --reporter=json --outputFile.json=report.json
 *   node test/support/file-durations.mjs report.json
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const [reportFile] = process.argv.slice(2);
if (!reportFile) throw new Error('usage: node test/support/file-durations.mjs report.json');
const root = new URL('../..', import.meta.url).pathname;
const out = new URL('../file-durations.json', import.meta.url);
const report = JSON.parse(readFileSync(reportFile, 'utf8'));
const table = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : { seconds: {} };
for (const file of report.testResults) table.seconds[relative(root, file.name)] = Math.round((file.endTime - file.startTime) / 100) / 10;
const seconds = Object.fromEntries(
  Object.entries(table.seconds)
    .filter(([path]) => existsSync(join(root, path)))
    .sort(([a, sa], [b, sb]) => sb - sa || (a < b ? -1 : 1)),
);
writeFileSync(out, JSON.stringify({ seconds }, null, 2) + '\n');
console.log(`${Object.keys(seconds).length} files in ${out.pathname}`);
