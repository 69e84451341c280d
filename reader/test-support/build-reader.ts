import { execFileSync } from 'node:child_process';

/**
 * Makes sure dist/reader matches the sources before a suite boots the app. The build is a
 * production one even under vitest (NODE_ENV=test would bundle React's development build, about
 * twice the size, and fail the JavaScript budget).
 */
export function ensureReaderBuilt(): void {
  execFileSync('flock', ['/tmp/reader-build.lock', 'node', 'reader/test-support/build-if-stale.mjs'], {
    cwd: process.cwd(),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
    timeout: 180_000,
  });
}
