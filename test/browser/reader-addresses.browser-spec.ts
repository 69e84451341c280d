import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expectAccessible } from './support/axe.js';
import { launchChromium } from './support/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { seedCatalog, type Seeded } from '../../reader/test-support/seed.js';
import { TEST_SITE, writeSiteSettings } from '../../reader/test-support/site-app.js';
import { CatalogCommands } from '../../src/catalog/application/catalog-commands.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SHOTS = 'test-artifacts/screenshots';
const DESKTOP = { width: 1280, height: 900 };
const SUFFIX = ` | ${TEST_SITE.siteName}`;
const DARK_PAGE = 'rgb(17, 24, 39)'; // --page in the dark theme
const LIGHT_PAGE = 'rgb(249, 250, 251)';

const pathOf = (page: Page) => new URL(page.url()).pathname;
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('poem addresses, indexes and dark mode in a browser', () => {
  let t: TestApp;
  let s: Seeded;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  const bookPoem = (i: number) => `/publication/${s.river.slug}/${s.riverPoems[i]!.slug}`;

  beforeAll(async () => {
    ensureReaderBuilt();
    mkdirSync(SHOTS, { recursive: true });
    t = await startTestApp('pglite', { env: { SITE_SETTINGS_FILE: writeSiteSettings() } });
    s = await seedCatalog(t.app);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await launchChromium();
    // axe is injected as a script tag, which the site's CSP rightly refuses; the CSP itself is
    // checked with a normal context below.
    context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true, locale: 'en-US' });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function open(path: string, on: BrowserContext = context): Promise<Page> {
    const page = await on.newPage();
    await page.goto(base + path, { waitUntil: 'networkidle' });
    return page;
  }

  it('gives a poem opened from the contents its own address, which opens the poem when loaded fresh', async () => {
    const page = await open(`/publication/${s.river.slug}`);
    await page.getByRole('link', { name: /Winter Orchard/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Winter Orchard' }).waitFor();
    await page.waitForFunction((path) => location.pathname === path, bookPoem(1));
    await page.waitForFunction((title) => document.title === title, `Winter Orchard${SUFFIX}`);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`https://poetry.example.org${bookPoem(1)}`);
    const shared = page.url();
    await page.close();

    // Someone opens the shared address: the poem, its title, its place in the book.
    const fresh = await context.newPage();
    await fresh.goto(shared, { waitUntil: 'networkidle' });
    await fresh.getByRole('heading', { level: 2, name: 'Winter Orchard' }).waitFor();
    await fresh.getByText('Bare branches write').waitFor();
    expect(await fresh.title()).toBe(`Winter Orchard${SUFFIX}`);
    await fresh.getByTestId('reader-counter').filter({ hasText: '2 of 3' }).waitFor();
    await expectAccessible(fresh, 'poem at its book address');
    await fresh.screenshot({ path: `${SHOTS}/addresses-book-poem.png`, fullPage: true });

    // Reload stays on the poem.
    await fresh.reload({ waitUntil: 'networkidle' });
    await fresh.getByRole('heading', { level: 2, name: 'Winter Orchard' }).waitFor();
    expect(pathOf(fresh)).toBe(bookPoem(1));
    await fresh.close();
  });

  it('steps between poems with the keys, and Back and Forward retrace them', async () => {
    const page = await open(`/publication/${s.river.slug}`);
    await page.getByRole('link', { name: /The River at Dawn/ }).click();
    await page.waitForFunction((path) => location.pathname === path, bookPoem(0));
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((path) => location.pathname === path, bookPoem(1));
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { level: 2, name: 'Letters Home' }).waitFor();
    expect(pathOf(page)).toBe(bookPoem(2));
    await page.waitForFunction((title) => document.title === title, `Letters Home${SUFFIX}`);

    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Winter Orchard' }).waitFor();
    expect(pathOf(page)).toBe(bookPoem(1));
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('heading', { level: 2, name: 'The River at Dawn' }).waitFor();
    expect(pathOf(page)).toBe(bookPoem(0));
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Winter Orchard' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'The River at Dawn' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Table of Contents' }).waitFor();
    expect(pathOf(page)).toBe(`/publication/${s.river.slug}`);
    await page.goForward();
    await page.getByRole('heading', { level: 2, name: 'The River at Dawn' }).waitFor();
    await page.waitForFunction((title) => document.title === title, `The River at Dawn${SUFFIX}`);
    await page.close();
  });

  it("fetches each poem's text as the reader steps to it, and lets the server answer for a poem removed meanwhile", async () => {
    // A book of its own: its last poem is removed halfway through.
    const commands = t.app.get(CatalogCommands);
    const tides = await commands.createPublication({
      title: 'Five Tides',
      authors: [],
      publisher: '',
      publicationDate: '1980',
      isbn: '',
      notes: '',
    });
    const names = ['First', 'Second', 'Third', 'Fourth', 'Fifth'];
    const poems = await commands.addPoems(
      tides.id,
      names.map((name) => ({ title: `${name} Tide`, body: `the ${name.toLowerCase()} tide comes in\nand goes out again` })),
    );
    await commands.setStatus(tides.id, 'published');
    const address = (i: number) => `/publication/${tides.slug}/${poems[i]!.slug}`;

    const page = await open(`/publication/${tides.slug}`);
    const fetched: string[] = [];
    page.on('request', (r) => r.url().includes('/api/poems/') && fetched.push(new URL(r.url()).pathname));
    await page.getByRole('link', { name: /Third Tide/ }).click();
    await page.getByText('the third tide comes in').waitFor();
    expect(pathOf(page)).toBe(address(2));
    expect(fetched).toContain(`/api/poems/${poems[2]!.slug}/`);

    await commands.deletePoem(poems[4]!.id);
    await page.keyboard.press('ArrowRight');
    await page.getByText('the fourth tide comes in').waitFor();
    await page.waitForFunction((title) => document.title === title, `Fourth Tide${SUFFIX}`);
    // The fifth is gone: the reader goes to its address, and the server says so.
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { level: 1, name: 'Poem Not Found' }).waitFor();
    expect(pathOf(page)).toBe(address(4));
    await page.goBack();
    await page.getByText('the fourth tide comes in').waitFor();
    expect(pathOf(page)).toBe(address(3));
    await page.close();
  });

  it('opens the index of first lines from the contents, and a first line opens its poem', async () => {
    const page = await open(`/publication/${s.river.slug}`);
    await page.getByRole('link', { name: 'Index of first lines' }).click();
    await page.getByRole('heading', { level: 1, name: 'Index of First Lines' }).waitFor();
    expect(pathOf(page)).toBe(`/publication/${s.river.slug}/index/first-lines`);
    const lines = await page.locator('.index-text').allTextContents();
    expect(lines).toEqual(['Bare branches write', 'Mother, the city is loud,', 'The river wakes before the town,']);
    await expectAccessible(page, 'book index');
    await page.getByRole('link', { name: 'Mother, the city is loud,' }).click();
    await page.getByRole('heading', { level: 2, name: 'Letters Home' }).waitFor();
    expect(pathOf(page)).toBe(bookPoem(2));

    // The archive's index is in the main navigation.
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'First Lines' }).click();
    await page.getByRole('heading', { level: 1, name: 'Index of First Lines' }).waitFor();
    await page.getByRole('link', { name: 'The river wakes before the town,' }).click();
    await page.getByRole('heading', { level: 2, name: 'The River at Dawn' }).waitFor();
    expect(pathOf(page)).toBe(bookPoem(0));
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Index of First Lines' }).waitFor();
    await page.close();
  });

  it('follows a dark system theme, and the header switch overrides it and is remembered', async () => {
    const dark = await browser.newContext({ viewport: DESKTOP, bypassCSP: true, colorScheme: 'dark' });
    const page = await open(bookPoem(0), dark);
    expect(await bodyBackground(page)).toBe(DARK_PAGE);
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    await page.waitForFunction(() => document.querySelector('[data-testid="theme-toggle"]')?.getAttribute('aria-pressed') === 'true');
    await expectAccessible(page, 'dark poem');
    await page.screenshot({ path: `${SHOTS}/addresses-dark-poem.png`, fullPage: true });
    const index = await open('/index/first-lines', dark);
    await expectAccessible(index, 'dark index');
    await index.close();

    await toggle.click();
    await page.waitForFunction((light) => getComputedStyle(document.body).backgroundColor === light, LIGHT_PAGE);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');

    // Remembered, and applied before any of the reader's code runs: no flash of the dark theme.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload({ waitUntil: 'load' });
    expect(await bodyBackground(page)).toBe(LIGHT_PAGE);
    await page.unroute('**/assets/*.js');
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.querySelector('[data-testid="theme-toggle"]')?.getAttribute('aria-pressed') === 'false');
    await toggle.click();
    await page.waitForFunction((darkPage) => getComputedStyle(document.body).backgroundColor === darkPage, DARK_PAGE);
    await dark.close();

    // A light system with a stored dark choice opens dark.
    const light = await browser.newContext({ viewport: DESKTOP, colorScheme: 'light' });
    const lightPage = await open('/', light);
    expect(await bodyBackground(lightPage)).toBe(LIGHT_PAGE);
    await lightPage.getByRole('button', { name: 'Dark mode' }).click();
    await lightPage.reload({ waitUntil: 'networkidle' });
    expect(await bodyBackground(lightPage)).toBe(DARK_PAGE);
    await light.close();
  });

  it('leaves room between the header and the page from 640 px up', async () => {
    for (const width of [390, 700, 1280]) {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 800 });
      for (const [path, selector] of [
        ['/publications', 'h1'],
        [bookPoem(0), '.poem'],
        ['/index/titles', 'h1'],
      ] as const) {
        await page.goto(base + path, { waitUntil: 'networkidle' });
        const gap = await page.evaluate((sel) => {
          const header = document.querySelector('header')!.getBoundingClientRect();
          return document.querySelector(sel)!.getBoundingClientRect().top - header.bottom;
        }, selector);
        expect(gap, `${path} at ${width}px`).toBeGreaterThanOrEqual(16);
      }
      await page.close();
    }
  });

  it('runs the new pages under the site CSP without errors, each within 80 KB of gzipped JavaScript', async () => {
    const strict = await browser.newContext({ viewport: DESKTOP });
    for (const path of [`/publication/${s.river.slug}`, bookPoem(0), `/publication/${s.river.slug}/index/titles`, '/index/first-lines']) {
      const page = await strict.newPage();
      const problems: string[] = [];
      const scripts: string[] = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
      await page.goto(base + path, { waitUntil: 'networkidle' });
      expect(problems, path).toEqual([]);
      // The budget is the page's first load: parts whose code comes at the reader's first use of the
      // page (the report form, the recordings' player) load with the click below.
      const firstLoad = [...scripts];
      // Hydrated and working: the switch flips the theme (the choice carries over between pages).
      // (Locators rather than waitForFunction, whose predicate this CSP rightly refuses to evaluate.)
      const toggle = page.getByRole('button', { name: 'Dark mode' });
      const next = (await page.locator('html[data-theme="dark"]').count()) ? 'light' : 'dark';
      await toggle.click();
      await page.locator(`html[data-theme="${next}"]`).waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      expect(problems, `${path} after its first use`).toEqual([]);
      let total = 0;
      for (const script of firstLoad) {
        const res = await t.http().get(script).set('Accept-Encoding', 'gzip').expect(200);
        total += Number(res.headers['content-length']);
      }
      expect(total, path).toBeLessThanOrEqual(80 * 1024);
      await page.close();
    }
    await strict.close();
  });
});
