// Builds the reader (client and server bundles) when any source is newer than the build.
// Run under `flock /tmp/reader-build.lock` so parallel suites never build over each other.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
const outputs = ['dist/reader/server/entry-server.js', 'dist/reader/client/.vite/manifest.json'].map((f) => join(root, f));

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const sources = ['reader/src', 'vite.reader.config.ts', 'contracts', 'package-lock.json'].map((f) => join(root, f));
const built = outputs.every((f) => existsSync(f)) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
if (Math.max(...sources.filter(existsSync).map(newest)) > built) {
  execFileSync('npm', ['run', '-s', 'build:reader'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
