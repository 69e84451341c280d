/**
 * What a reader who loves poems gets beside the verse: the verse itself set right at a phone's
 * and a desktop's width (turnovers deeper than every indent), About this poem with the printed
 * page, Cite, Share, and the book's print edition.
 */
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { writeSiteSettings } from '../../reader/test-support/site-app.js';
import { CatalogCommands } from '../../src/catalog/application/catalog-commands.js';
import { ScanPagesRepository } from '../../src/scanning/infrastructure/page-store/scan-pages.repository.js';
import { PoemPages } from '../../src/scanning/index.js';
import { addSharedSetBook, SHARED_SET_BOOK, type SharedSetBook } from '../support/shared-set-book.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { expectAccessible } from './support/axe.js';
import { launchChromium } from './support/chromium.js';

const SHOTS = 'test-artifacts/screenshots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Three levels of indentation, and lines long enough to turn over at every width. */
const LEVELS = {
  title: 'Three Levels',
  body: [
    'Flush to the margin, and this line too runs on far past the measure of any phone or any page, so it turns over.',
    '    one step in,',
    '        two steps in,',
    '            three steps in, and a line that runs on far past any measure a reader or a page could hold on one line of verse at all.',
    '',
    'Flush again.',
  ].join('\n'),
  notes: 'Written at the lake, 1962.\n\nSee <b>the letters</b> at https://example.org/letters for the first draft.',
};

/** Where each row of each verse line starts, in pixels from the left of the page. */
function rowStarts(page: Page): Promise<number[][]> {
  return page.locator('.verse-line').evaluateAll((lines) =>
    lines.map((line) => {
      const range = document.createRange();
      range.selectNodeContents(line);
      const byRow = new Map<number, number>();
      for (const r of range.getClientRects())
        if (r.width > 0) byRow.set(Math.round(r.top), Math.min(byRow.get(Math.round(r.top)) ?? Infinity, r.left));
      return [...byRow.entries()].sort((a, b) => a[0] - b[0]).map(([, left]) => Math.round(left));
    }),
  );
}

describe('poem tools in a browser', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let book: SharedSetBook;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ensureReaderBuilt();
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchChromium();
    t = await startTestApp('pglite', { env: { SITE_SETTINGS_FILE: writeSiteSettings() } });
    book = await addSharedSetBook(t.app, { extra: [{ ...LEVELS, pageNumbers: [13] }] });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterEach(async (ctx) => {
    const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    for (const [i, context] of contexts.splice(0).entries()) {
      if (ctx.task.result?.state === 'fail') {
        for (const [j, page] of context.pages().entries())
          await page.screenshot({ path: `${SHOTS}/tools-failed-${name}-${i}-${j}.png` }).catch(() => undefined);
      }
      await context.close().catch(() => undefined);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function open(path: string, viewport = DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport, bypassCSP: true, locale: 'en-US' });
    contexts.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await context.newPage();
    await page.goto(base + path, { waitUntil: 'networkidle' });
    return page;
  }

  const poemPath = (i: number) => `/publication/${book.publication.slug}/${book.poems[i]!.slug}`;
  const levelsPath = () => poemPath(book.poems.length - 1);

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('sets a turned-over line deeper than all three indent levels on a %s', async (name, viewport) => {
    const page = await open(levelsPath(), viewport);
    await page.evaluate(() => document.fonts.ready);
    await page.locator('.verse-line').first().waitFor();
    const rows = await rowStarts(page);
    expect(rows).toHaveLength(5);
    const [flush, one, two, three] = rows.map((r) => r[0]!);
    // Each level is set deeper than the one before, by a visible step.
    expect(one! - flush!).toBeGreaterThanOrEqual(8);
    expect(two! - one!).toBeGreaterThanOrEqual(8);
    expect(three! - two!).toBeGreaterThanOrEqual(8);
    // The long lines turn over, and every turnover starts deeper than the deepest level.
    for (const i of [0, 3]) {
      expect(rows[i]!.length, `line ${i} turns over`).toBeGreaterThan(1);
      for (const turnover of rows[i]!.slice(1)) expect(turnover).toBeGreaterThanOrEqual(three! + 8);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/tools-levels-${name}.png`, fullPage: true });
  });

  it('shows About this poem: the notes as text, the book, year and pages, and the printed page, zoomable', async () => {
    const page = await open(poemPath(0), PHONE);
    const about = page.getByRole('region', { name: 'About this poem' });
    await about.waitFor();
    await about.getByRole('link', { name: 'Mountain Interval' }).waitFor();
    expect(await about.innerText()).toMatch(/Published\s*:?\s*1916/);
    expect(await about.innerText()).toMatch(/In print\s*:?\s*Page 9/);

    await about.getByRole('link', { name: 'See the printed page' }).click();
    const dialog = page.getByRole('dialog', { name: /The Road Not Taken: the printed page/ });
    await dialog.waitFor();
    const photo = dialog.getByRole('img', { name: 'Page 9 of Mountain Interval, as printed' });
    // Loaded (a copy made for the screen: its natural width is the width it is drawn at).
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const fitted = (await photo.boundingBox())!.width;
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await photo.boundingBox())!.width).toBeGreaterThan(fitted * 1.4);
    await expectAccessible(page, 'printed page');
    await page.screenshot({ path: `${SHOTS}/tools-printed-page-phone.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A poem on two printed pages shows both; stepping to it in the reader fetches them.
    await page.goto(base + poemPath(4), { waitUntil: 'networkidle' });
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { name: 'Stopping by Woods on a Snowy Evening' }).waitFor();
    await page.getByRole('link', { name: 'See the printed pages' }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('img').count()).toBe(2);

    // The notes are the curator's text, never markup; their web address is a link.
    const levels = await open(levelsPath());
    const notes = levels.locator('.poem-notes');
    await notes.getByText('See <b>the letters</b> at').waitFor();
    expect(await notes.locator('b').count()).toBe(0);
    expect(await notes.getByRole('link', { name: 'https://example.org/letters' }).getAttribute('href')).toBe('https://example.org/letters');
    await expectAccessible(levels, 'about this poem');
  });

  it('shows a printed page the curator turned upright turned, whole in the viewer', async () => {
    const turned = await addSharedSetBook(t.app, { title: 'Turned Interval' });
    const poem = turned.poems[0]!;
    const [photo] = await t.app.get(ScanPagesRepository).pagesOfPoem(poem.id);
    await t.app.get(PoemPages).rotate(String(photo!.id), 90);
    const page = await open(`/publication/${turned.publication.slug}/${poem.slug}`);
    await page
      .getByRole('region', { name: 'About this poem' })
      .getByRole('link', { name: /See the printed page/ })
      .click();
    // At a desktop's width the printed page opens beside the text.
    const img = page
      .getByRole('region', { name: /the printed page/ })
      .getByRole('img')
      .first();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    // The photo is portrait as stored; turned a quarter it shows landscape, inside its own box.
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalHeight > el.naturalWidth)).toBe(true);
    await expect
      .poll(() =>
        img.evaluate((el: HTMLImageElement) => {
          const r = el.getBoundingClientRect();
          const box = el.parentElement!.getBoundingClientRect();
          return {
            landscape: r.width > r.height,
            inside: r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1,
          };
        }),
      )
      .toEqual({ landscape: true, inside: true });
    await expectAccessible(page, 'turned printed page');
  });

  it("answers 404 to a visitor for a draft's page photo, which its curator still sees", async () => {
    const draft = await addSharedSetBook(t.app, { title: 'Unpublished Interval', publish: false });
    const [photo] = await t.app.get(ScanPagesRepository).pagesOfPoem(draft.poems[0]!.id);
    const url = `/api/scan_pages/${photo!.id}/image/`;
    const page = await open('/');
    const visitor = await page.evaluate(async (u) => (await fetch(u)).status, url);
    expect(visitor).toBe(404);
    expect(await page.evaluate(async (p) => (await fetch(`/api/poems/${p}/printed_pages/`)).status, draft.poems[0]!.slug)).toBe(404);
    // Published, the same photo is there for everyone; back in the trash, gone again.
    await t.app.get(CatalogCommands).setStatus(draft.publication.id, 'published');
    expect(await page.evaluate(async (u) => (await fetch(u)).status, url)).toBe(200);
    await t.app.get(CatalogCommands).moveToTrash(draft.publication.id);
    expect(await page.evaluate(async (u) => (await fetch(u, { cache: 'no-store' })).status, url)).toBe(404);
  });

  it('copies a citation in MLA, Chicago and APA, and the poem’s link', async () => {
    const page = await open(poemPath(0));
    const url = `https://poetry.example.org${poemPath(0)}`;
    await page.getByText('Cite', { exact: true }).click();
    const expected = {
      MLA: `Frost, Robert. “The Road Not Taken.” Mountain Interval, Henry Holt and Company, 1916, p. 9. Eleanor Vance Archive, ${url}.`,
      Chicago: `Frost, Robert. “The Road Not Taken.” In Mountain Interval, 9. Henry Holt and Company, 1916. Eleanor Vance Archive. ${url}.`,
      APA: `Frost, R. (1916). The road not taken. In Mountain interval (p. 9). Henry Holt and Company. Eleanor Vance Archive. ${url}`,
    };
    for (const [label, text] of Object.entries(expected)) {
      await page.getByRole('button', { name: `Copy ${label}` }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${label} citation copied` })
        .waitFor();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    }
    expect(await page.locator('.citation[data-style="mla"] i').allInnerTexts()).toEqual(['Mountain Interval', 'Eleanor Vance Archive']);
    await expectAccessible(page, 'cite');

    // Without a share sheet (a desktop browser), Share copies the link.
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  });

  it("hands the phone's share sheet the poem", async () => {
    const page = await open(poemPath(0), PHONE);
    await page.evaluate(() => {
      (window as any).shared = null;
      Object.defineProperty(navigator, 'share', { value: async (data: ShareData) => void ((window as any).shared = data) });
    });
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as any).shared))
      .toEqual({
        title: 'The Road Not Taken',
        text: 'The Road Not Taken by Robert Frost',
        url: `https://poetry.example.org${poemPath(0)}`,
      });
  });

  it('prints a poem clean, and the whole book with one title page, its contents, and a poem a page', async () => {
    const poem = await open(poemPath(0));
    await poem.emulateMedia({ media: 'print' });
    await poem.locator('.poem-actions').waitFor({ state: 'hidden' });
    await poem.locator('.site-header').waitFor({ state: 'hidden' });
    await poem.locator('.verse').waitFor();

    const contents = await open(`/publication/${book.publication.slug}`);
    await contents.getByRole('link', { name: 'Print this book' }).click();
    await contents.getByRole('heading', { level: 1, name: 'Mountain Interval' }).waitFor();
    await expectAccessible(contents, 'print edition');
    expect(await contents.locator('.print-contents li').allInnerTexts()).toEqual([
      ...SHARED_SET_BOOK.poems.map((p) => p.title),
      LEVELS.title,
    ]);
    await contents.emulateMedia({ media: 'print' });
    await contents.locator('.print-toolbar').waitFor({ state: 'hidden' });
    expect(await contents.locator('.print-title-page').count()).toBe(1);
    const pdf = await contents.pdf({ format: 'Letter' });
    mkdirSync('test-artifacts', { recursive: true });
    const { writeFileSync } = await import('node:fs');
    writeFileSync('test-artifacts/print-edition.pdf', pdf);
    // A title page, the contents, then each of the seven poems from the top of its own page.
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(2 + book.poems.length);

    // Loaded on its own, the print edition does not move as its code and fonts arrive.
    const context = await browser.newContext({ viewport: PHONE });
    contexts.push(context);
    const fresh = await context.newPage();
    await fresh.addInitScript(() => {
      (window as any).__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as any[]) if (!e.hadRecentInput) (window as any).__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await fresh.goto(`${base}/print/publication/${book.publication.slug}`, { waitUntil: 'networkidle' });
    await fresh.evaluate(() => document.fonts.ready);
    expect(await fresh.evaluate(() => (window as any).__cls)).toBeLessThan(0.05);

    // The book is sent once: the page's data leaves its poems out, and the browser keeps the
    // server's text of every poem through hydration, after which the page's controls work.
    const errors: string[] = [];
    fresh.on('pageerror', (e) => errors.push(e.message));
    const data = JSON.parse((await fresh.locator('#reader-data').textContent()) ?? '{}');
    expect(data.page.book.data.poems).toEqual([]);
    await fresh.evaluate(() => {
      window.print = () => void ((window as any).__printed = true);
    });
    await expect
      .poll(async () => {
        await fresh.getByRole('button', { name: 'Print this book' }).click();
        return fresh.evaluate(() => (window as any).__printed === true);
      })
      .toBe(true);
    expect(await fresh.locator('.print-poem h2').allInnerTexts()).toEqual([...SHARED_SET_BOOK.poems.map((p) => p.title), LEVELS.title]);
    await expect.poll(() => fresh.locator('.print-poem .verse').first().innerText()).toContain(book.poems[0]!.body.split('\n')[0]!.trim());
    expect(errors).toEqual([]);
  });
});
