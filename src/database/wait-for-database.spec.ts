import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Backoff } from '../common/backoff.js';
import { loadConfig } from '../config/app-config.js';
import { lockDataDir } from './pglite/data-dir-lock.js';
import { waitForDatabase } from './wait-for-database.js';

describe('Backoff', () => {
  it('doubles from the first wait up to the longest, and starts over when reset', () => {
    const backoff = new Backoff(1_000, 30_000);
    expect(Array.from({ length: 7 }, () => backoff.next())).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    backoff.reset();
    expect(backoff.next()).toBe(1_000);
  });
});

describe('waitForDatabase', () => {
  it('waits while another archive holds the embedded database, saying so, and returns once it is free', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wait-db-'));
    mkdirSync(join(dataDir, 'db'));
    const release = lockDataDir(join(dataDir, 'db'));
    const warnings: string[] = [];
    let done = false;
    const waiting = waitForDatabase(loadConfig({ DATA_DIR: dataDir }), {
      logger: { warn: (m: string) => void warnings.push(m), log: () => undefined },
      backoff: new Backoff(20, 40),
    }).then(() => (done = true));
    await expect.poll(() => warnings.length).toBeGreaterThanOrEqual(3);
    expect(done).toBe(false);
    expect(warnings[0]).toMatch(
      /^Waiting for the embedded database in .+\/db \(The embedded database .+ is in use by process \d+\..*\); trying again in 0 s$/,
    );
    release();
    await waiting;
  });
});
