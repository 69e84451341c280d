/**
 * The Chromium a machine without Debian's uses: the build @sparticuz/chromium ships in its npm
 * tarball. Run on every machine, so the path a fresh clone takes is tested even where Debian's
 * Chromium is installed and the other suites use that.
 */
import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { seedCatalog } from '../../reader/test-support/seed.js';
import { writeSiteSettings } from '../../reader/test-support/site-app.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { chooseChromium, launchChromium } from './support/chromium.js';

describe('the Chromium that comes with npm install', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser | undefined;

  beforeAll(async () => {
    ensureReaderBuilt();
    t = await startTestApp('pglite', { env: { SITE_SETTINGS_FILE: writeSiteSettings() } });
    await seedCatalog(t.app);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('loads the NSS, NSPR and expat libraries it ships, not the machine’s', async () => {
    const choice = await chooseChromium('bundled');
    expect(choice.source).toBe('bundled');
    const linked = execFileSync('ldd', [choice.executablePath], { env: { ...process.env, ...choice.env }, encoding: 'utf8' });
    expect(linked).not.toMatch(/not found/);
    for (const lib of ['libnss3.so', 'libnssutil3.so', 'libnspr4.so', 'libplc4.so', 'libplds4.so', 'libexpat.so.1']) {
      expect(linked, lib).toContain(`${lib} => ${join(choice.env.LD_LIBRARY_PATH, lib)} `);
    }
  });

  it('renders the reader with readable text, in its own fonts', async () => {
    browser = await launchChromium({ use: 'bundled' });
    const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${base}/publications`);
    const heading = page.getByRole('heading', { level: 1, name: 'Published Collections' });
    await heading.waitFor();
    // Text laid out in a real font has width; with no font at all it would be empty.
    await expect.poll(async () => (await heading.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    await page.getByRole('link', { name: 'River Songs' }).click();
    await page.getByRole('heading', { name: 'Table of Contents' }).waitFor();
  });
});
