/**
 * The admin's "Download backup" in Chromium against the real server: the browser saves the file
 * the server streams, and that file restores into a fresh archive with the same publications,
 * poems and logins.
 */
import { statSync } from 'node:fs';
import passport from 'passport';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveImporter } from '../../src/archive/application/archive-importer.js';
import { staffAgent, startTestApp, type TestAgent } from '../support/test-app.js';
import { expectAccessible, notification, seedPublication, startAdminSuite, type AdminSuite } from './support/admin-browser.js';

/** Titles of the active publications and, for each, its poems in reading order. */
async function contentsOf(agent: TestAgent): Promise<Record<string, string[]>> {
  const publications = (await agent.get('/api/publications/?admin=true&sort=["title","ASC"]').expect(200)).body as Array<{
    id: number;
    title: string;
  }>;
  const contents: Record<string, string[]> = {};
  for (const p of publications) {
    contents[p.title] = ((await agent.get(`/api/publications/${p.id}/poems/?admin=true`).expect(200)).body as Array<{ title: string }>).map(
      (poem) => poem.title,
    );
  }
  return contents;
}

describe('the admin downloads a backup', () => {
  let suite: AdminSuite;

  beforeAll(async () => {
    suite = await startAdminSuite('admin-backup');
  });
  afterEach(async (ctx) => suite?.afterTest(ctx.task));
  afterAll(async () => suite?.close());

  it('saves the whole archive from the app bar, and the file restores into a fresh archive', async () => {
    await seedPublication(
      suite,
      { title: 'Winter Psalms' },
      {
        poems: [
          { title: 'First Frost', body: 'the pane\n  goes white' },
          { title: 'Candlemas', body: 'light\nreturning' },
        ],
        status: 'published',
      },
    );
    await seedPublication(suite, { title: 'Letters Home' }, { poems: [{ title: 'Dear Mother', body: 'the sea is\nkind today' }] });
    const expected = await contentsOf(suite.api.agent);

    const page = await suite.newPage();
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Winter Psalms' }).waitFor();
    const button = page.getByRole('link', { name: 'Download backup' });
    await button.waitFor();
    await suite.shot(page, '01-app-bar');
    await expectAccessible(page, 'dashboard with the backup button');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    await notification(page, 'Your backup is downloading. Keep the file somewhere safe.').waitFor();
    expect(download.suggestedFilename()).toMatch(/^poetry-archive-backup-\d{4}-\d{2}-\d{2}\.tar$/);
    const file = await download.path();
    expect(await download.failure()).toBeNull();
    expect(statSync(file).size).toBeGreaterThan(0);

    // Passport keeps login strategies in one registry per process: the fresh app's would replace
    // the suite's and be left on a closed database, so the suite's is put back afterwards.
    const suiteLogin = (passport as unknown as { _strategy(name: string): passport.Strategy })._strategy('local');
    const fresh = await startTestApp('pglite');
    try {
      const restored = await fresh.app.get(ArchiveImporter).restoreFile(file);
      expect(restored.rows).toMatchObject({ publications: 2, poems: 3 });
      // The suite's admin account came back with the file: it signs in to the restored archive.
      const { agent } = await staffAgent(fresh);
      expect(await contentsOf(agent)).toEqual(expected);
    } finally {
      await fresh.close();
      passport.use('local', suiteLogin);
    }
  });

  it('keeps the button in the bar on a phone, as an icon with its name', async () => {
    const page = await suite.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin');
    const button = page.getByRole('link', { name: 'Download backup' });
    await button.waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await button.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await suite.shot(page, '02-phone');
  });

  it('offers no backup to a visitor who is not signed in', async () => {
    const context = await suite.newContext(false);
    const res = await context.request.get('/api/archive/backup/');
    expect(res.status()).toBe(401);
    expect(res.headers()['content-type']).toMatch(/^application\/json/);
  });
});
