import { execFileSync } from 'node:child_process';

/** Makes sure dist/reader matches the sources before a suite boots the app. */
export function ensureReaderBuilt(): void {
  execFileSync('flock', ['/tmp/reader-build.lock', 'node', 'reader/test-support/build-if-stale.mjs'], {
    cwd: process.cwd(),
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 180_000,
  });
}
