import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext } from 'playwright-core';
import { expectAccessible } from './support/axe.js';
import { launchChromium } from './support/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { writeSiteSettings } from '../../reader/test-support/site-app.js';
import { CatalogCommands } from '../../src/catalog/application/catalog-commands.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SHOTS = 'test-artifacts/screenshots';

describe('searching the reader in a browser', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    ensureReaderBuilt();
    mkdirSync(SHOTS, { recursive: true });
    t = await startTestApp('pglite', { env: { SITE_SETTINGS_FILE: writeSiteSettings() } });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A published collection of its own for each test. */
  async function collection(title: string, poems: Array<{ title: string; body: string }>) {
    const commands = t.app.get(CatalogCommands);
    const publication = await commands.createPublication({ title, authors: [], publisher: '', publicationDate: '', isbn: '', notes: '' });
    const added = await commands.addPoems(publication.id, poems);
    await commands.setStatus(publication.id, 'published');
    return added;
  }

  /** A context with or without JavaScript; axe is injected as a script, which the CSP refuses. */
  async function contextWith(javaScriptEnabled: boolean): Promise<BrowserContext> {
    return browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, locale: 'en-US', javaScriptEnabled });
  }

  it('a remembered line typed into the header finds the poem, highlighted, and its link opens the poem', async () => {
    const [hymn] = await collection('Salt Meadows', [
      { title: 'Tidewater Hymn', body: 'The herons fold like letters\n  into the grey of the estuary,\nand nobody reads them twice.' },
    ]);
    const context = await contextWith(true);
    const page = await context.newPage();
    await page.goto(`${base}/publications`, { waitUntil: 'networkidle' });

    const header = page.getByRole('search', { name: 'Site' });
    await header.getByRole('searchbox', { name: 'Search poems and collections' }).fill('the herons fold like LETTERS');
    await header.getByRole('button', { name: 'Search' }).click();

    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('the herons fold like LETTERS');
    const results = page.getByRole('region', { name: 'Poems' });
    const first = results.getByRole('listitem').first();
    await first.getByRole('heading', { level: 3, name: 'Tidewater Hymn' }).waitFor();
    const marked = await first.locator('mark').allTextContents();
    expect(marked).toEqual(expect.arrayContaining(['The', 'herons', 'fold', 'like', 'letters']));
    expect(await page.getByRole('searchbox', { name: /line you remember/ }).inputValue()).toBe('the herons fold like LETTERS');
    await expectAccessible(page, 'search results');
    await page.screenshot({ path: `${SHOTS}/search-results-desktop.png`, fullPage: true });

    await first.getByRole('link', { name: 'Tidewater Hymn' }).click();
    // The result opens the poem at its canonical address, inside its book.
    await page.getByRole('heading', { name: 'Tidewater Hymn' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/publication/salt-meadows/${hymn!.slug}`);
    await page.getByText('into the grey of the estuary,').waitFor();
    await context.close();
  });

  it('works without JavaScript: the form submits, the page lists the matches, the link opens the poem', async () => {
    await collection('Marsh Light', [
      { title: 'Wading', body: 'Knee-deep in the glasswort\nwe forgot the time.' },
      { title: 'Glasswort, Evening', body: 'Slow water, slower light.' },
    ]);
    const context = await contextWith(false);
    const page = await context.newPage();
    await page.goto(`${base}/`);
    const header = page.getByRole('search', { name: 'Site' });
    await header.getByRole('searchbox').fill('glassw');
    await Promise.all([page.waitForURL(/\/search\?q=glassw$/), header.getByRole('searchbox').press('Enter')]);
    const results = page.getByRole('region', { name: 'Poems' }).getByRole('listitem');
    await results.first().waitFor();
    // The title hit first, then the poem with the word only in its text.
    expect(await results.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Glasswort, Evening', 'Wading']);
    expect(await results.first().locator('mark').allTextContents()).toEqual(['Glasswort']);
    await Promise.all([
      page.waitForURL(/\/publication\/marsh-light\/[^/]+$/),
      results.first().getByRole('link', { name: 'Glasswort, Evening' }).click(),
    ]);
    await page.getByRole('heading', { name: 'Glasswort, Evening' }).waitFor();
    await context.close();
  });
});
