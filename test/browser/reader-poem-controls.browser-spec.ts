/**
 * The controls around a poem as a reader meets them on a phone and a desktop: Escape closes only
 * what is open, printing leaves the controls off the paper, the bottom bar wraps with large text,
 * the page works without its script, and the printed page sits beside the verse on a wide screen.
 */
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { writeSiteSettings } from '../../reader/test-support/site-app.js';
import { screenCopyKey } from '../../src/scanning/application/reading-copies.js';
import { FILE_STORE, type FileStore } from '../../src/media/index.js';
import { ScanPagesRepository } from '../../src/scanning/infrastructure/page-store/scan-pages.repository.js';
import { addSharedSetBook, type SharedSetBook } from '../support/shared-set-book.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { expectAccessible } from './support/axe.js';
import { launchChromium } from './support/chromium.js';

const SHOTS = 'test-artifacts/screenshots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Buttons, fields, disclosures and the bottom bar's links that show on the page as it is laid out now. */
function visibleControls(): string[] {
  return [...document.querySelectorAll('button, summary, input, select, textarea, .bottom-bar, .header-tools')]
    .filter((el) => el.checkVisibility())
    .map((el) => el.outerHTML.slice(0, 80));
}

/** axe in the light theme and in the dark one. */
async function expectAccessibleInBothThemes(page: Page, label: string): Promise<void> {
  // Colours ease into a theme: without the easing, contrast is measured on the theme's own colours.
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await expectAccessible(page, `${label} (${theme})`);
  }
  await page.evaluate(() => delete document.documentElement.dataset.theme);
  await still.evaluate((style) => (style as HTMLStyleElement).remove());
}

describe('the controls around a poem', () => {
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
    book = await addSharedSetBook(t.app, { title: 'Controls Interval' });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterEach(async (ctx) => {
    for (const [i, context] of contexts.splice(0).entries()) {
      if (ctx.task.result?.state === 'fail') {
        for (const [j, page] of context.pages().entries())
          await page.screenshot({ path: `${SHOTS}/controls-failed-${i}-${j}.png` }).catch(() => undefined);
      }
      await context.close().catch(() => undefined);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function open(path: string, viewport = PHONE, options: { javaScriptEnabled?: boolean; hasTouch?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport, bypassCSP: true, locale: 'en-US', ...options });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(base + path, { waitUntil: 'networkidle' });
    return page;
  }

  const poemPath = (i: number) => `/publication/${book.publication.slug}/${book.poems[i]!.slug}`;

  it('closes only what is open on Escape, prints without controls, wraps the bottom bar, works without script', async () => {
    // Escape with the printed page open closes it; the poem stays.
    const page = await open(poemPath(0));
    const counter = page.getByTestId('reader-counter');
    await expect.poll(() => counter.innerText()).toBe(`1 of ${book.poems.length}`);
    await page.getByRole('link', { name: 'See the printed page' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => counter.innerText()).toBe(`1 of ${book.poems.length}`);
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe(poemPath(0));

    // Escape with Cite open closes Cite; the poem stays, and a second Escape goes to the contents.
    const cite = page.locator('details.cite');
    await page.getByText('Cite', { exact: true }).click();
    await expect.poll(() => cite.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    await page.getByRole('heading', { name: 'Cite this poem' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => cite.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe(poemPath(0));
    await expectAccessibleInBothThemes(page, 'poem on a phone');
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Table of Contents' }).waitFor();

    // On paper: no control at all (header tools, dark mode, Cite, the bottom bar), and at the
    // poem's foot its address and citation; in the book and at /poem/{id}.
    for (const path of [poemPath(0), `/poem/${book.poems[0]!.slug}`]) {
      const printed = await open(path, DESKTOP);
      await printed.emulateMedia({ media: 'print' });
      await printed.locator('.theme-toggle').waitFor({ state: 'hidden' });
      await expect.poll(() => printed.evaluate(visibleControls)).toEqual([]);
      const foot = printed.locator('.print-source');
      await foot.waitFor();
      const url = `https://poetry.example.org${poemPath(0)}`;
      expect(await foot.innerText()).toContain(`Online at ${url}`);
      expect(await foot.innerText()).toContain(`Cite as (MLA): Frost, Robert. “The Road Not Taken.” Controls Interval`);
      await printed.emulateMedia({ media: 'screen' });
      await foot.waitFor({ state: 'hidden' });
    }

    // The bottom bar with text at 125%, 150% and 200% (the browser's text size), down to 320 px
    // wide: it wraps, and nothing (Next least of all) runs off the side.
    for (const width of [320, 390]) {
      const narrow = await open(poemPath(1), { width, height: 700 });
      const cdp = await narrow.context().newCDPSession(narrow);
      const next = narrow.getByRole('link', { name: 'Next', exact: true });
      for (const scale of [1.25, 1.5, 2]) {
        await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16 * scale, fixed: Math.round(13 * scale) } });
        await expect.poll(() => narrow.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize))).toBe(16 * scale);
        // Anything reaching past the right edge, named, so a failure says what.
        const past = await narrow.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
            .map((e) => `${e.tagName}.${e.className}`),
        );
        expect(past, `at ${width} px, text at ${scale * 100}%`).toEqual([]);
        expect(await narrow.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
        const box = (await next.boundingBox())!;
        expect(box.x + box.width, `Next at ${width} px, text at ${scale * 100}%`).toBeLessThanOrEqual(width);
        await narrow.screenshot({ path: `${SHOTS}/controls-bar-${width}-${scale * 100}.png` });
      }
      await next.click();
      await expect.poll(() => narrow.getByTestId('reader-counter').innerText()).toBe(`3 of ${book.poems.length}`);
    }

    // Without the script: Previous and Next are links that step through the book, and Cite opens
    // onto the citations already in the page.
    const plain = await open(poemPath(1), PHONE, { javaScriptEnabled: false });
    await plain.getByRole('link', { name: 'Next', exact: true }).click();
    await expect.poll(() => plain.evaluate(() => location.pathname)).toBe(poemPath(2));
    await expect.poll(() => plain.getByTestId('reader-counter').innerText()).toBe(`3 of ${book.poems.length}`);
    await plain.getByRole('link', { name: 'Previous', exact: true }).click();
    await expect.poll(() => plain.evaluate(() => location.pathname)).toBe(poemPath(1));
    await plain.getByRole('link', { name: 'Previous', exact: true }).click();
    await expect.poll(() => plain.evaluate(() => location.pathname)).toBe(poemPath(0));
    await plain.getByRole('link', { name: 'Previous', exact: true }).click();
    await plain.getByRole('heading', { name: 'Table of Contents' }).waitFor();
    expect(await plain.getByRole('link', { name: 'Previous', exact: true }).getAttribute('aria-disabled')).toBe('true');
    for (const path of [poemPath(0), `/poem/${book.poems[0]!.slug}`]) {
      await plain.goto(base + path);
      await plain.getByText('Cite', { exact: true }).click();
      const apa = plain.locator('.citation[data-style="apa"]');
      await expect.poll(() => apa.innerText()).toContain('The road not taken. In Controls interval (p. 9).');
      // Buttons that need the script (Copy, Share, Print, Dark mode) are not offered without it;
      // the header's search is a form that needs none.
      expect(await plain.getByRole('button').allInnerTexts()).toEqual(['Search']);
    }
  });

  it('sets the print edition so no numeral, title or single line of a stanza is left alone at a page’s top or foot', async () => {
    // Sections of every length after their numerals, so page breaks fall everywhere: in short
    // stanzas, inside long ones, right after a numeral.
    const lengths = [4, 7, 13, 2, 29, 5, 45, 3, 11, 6, 23, 8, 17, 9, 31, 4, 12, 5, 19, 7, 26, 3];
    const numerals = [
      'I',
      'II',
      'III',
      'IV',
      'V',
      'VI',
      'VII',
      'VIII',
      'IX',
      'X',
      'XI',
      'XII',
      'XIII',
      'XIV',
      'XV',
      'XVI',
      'XVII',
      'XVIII',
      'XIX',
      'XX',
      'XXI',
      'XXII',
    ];
    const body = lengths
      .map(
        (n, s) => `${numerals[s]}.\n\n${Array.from({ length: n }, (_, l) => `Stanza ${s + 1} line ${l + 1} of ${n} goes on`).join('\n')}`,
      )
      .join('\n\n');
    const sequence = await addSharedSetBook(t.app, { title: 'Sequence Interval', extra: [{ title: 'A Long Sequence', body }] });
    const page = await open(`/print/publication/${sequence.publication.slug}`, DESKTOP);
    await page.evaluate(() => document.fonts.ready);
    const pdf = await page.pdf({ format: 'Letter' });
    writeFileSync('test-artifacts/print-edition-sequence.pdf', pdf);

    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
    const pages: string[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      // Text runs on one baseline make one line, top to bottom.
      const rows = new Map<number, string>();
      for (const item of content.items as Array<{ str: string; transform: number[] }>) {
        const y = Math.round(item.transform[5]!);
        rows.set(y, `${rows.get(y) ?? ''}${item.str}`);
      }
      pages.push(
        [...rows.entries()]
          .sort((a, b) => b[0] - a[0])
          .map(([, text]) => text.trim())
          .filter(Boolean),
      );
    }
    // No poem's title at a page's foot.
    const titles = sequence.poems.map((p) => p.title);
    for (const [n, lines] of pages.entries()) expect(titles, `foot of page ${n + 1}`).not.toContain(lines[lines.length - 1]);
    const sequencePages = pages.filter((lines) => lines.some((l) => /^Stanza \d+ line/.test(l)));
    expect(sequencePages.length).toBeGreaterThan(3);
    const stanzaOf = (line: string | undefined) => /^Stanza (\d+) line (\d+) of (\d+)/.exec(line ?? '');
    for (const [n, lines] of sequencePages.entries()) {
      // No numeral at a page's foot.
      expect(lines[lines.length - 1], `foot of page ${n + 1}`).not.toMatch(/^[IVX]+\.$/);
      // A stanza broken by the page has two lines or more on each side.
      const top = stanzaOf(lines.find((l) => stanzaOf(l)));
      const onPage = (stanza: string) => lines.filter((l) => stanzaOf(l)?.[1] === stanza).length;
      if (top && top[2] !== '1') expect(onPage(top[1]!), `top of page ${n + 1}: ${top[0]}`).toBeGreaterThanOrEqual(2);
      const foot = stanzaOf([...lines].reverse().find((l) => stanzaOf(l)));
      if (foot && foot[2] !== foot[3]) {
        expect(onPage(foot[1]!), `foot of page ${n + 1}: ${foot[0]}`).toBeGreaterThanOrEqual(2);
        expect(Number(foot[3]) - Number(foot[2]), `foot of page ${n + 1}: ${foot[0]}`).toBeGreaterThanOrEqual(2);
      }
    }
    // Every line made it onto paper, once.
    expect(sequencePages.flat().filter((l) => stanzaOf(l)).length).toBe(lengths.reduce((a, b) => a + b, 0));
  });

  it('shows the printed page beside the text on a wide screen, in sizes made for the screen, zooms it around the pointer, and keeps it for the next poem', async () => {
    const page = await open(poemPath(0), DESKTOP);
    await page.getByRole('link', { name: 'See the printed page' }).click();
    const side = page.getByRole('region', { name: 'The Road Not Taken: the printed page' });
    await side.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Beside the verse, both on screen at once, and focus on it.
    const verse = (await page.locator('.verse').boundingBox())!;
    const aside = (await side.boundingBox())!;
    expect(aside.x).toBeGreaterThanOrEqual(verse.x + verse.width);
    expect(aside.y).toBeLessThan(DESKTOP.height);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('The Road Not Taken: the printed page');
    // Its tools stay in sight wherever the page is scrolled, its end included.
    for (const y of [0, 400, 100_000]) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      const close = (await side.getByRole('button', { name: 'Close' }).boundingBox())!;
      expect(close.y, `Close with the page scrolled to ${y}`).toBeGreaterThanOrEqual(0);
      expect(close.y + close.height).toBeLessThanOrEqual(DESKTOP.height);
    }
    const photo = side.getByRole('img', { name: /Page 9 of Controls Interval/ });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // The photo comes as a copy made for screens (WebP, a fraction of the original), kept in the
    // page store beside the photo; the original is one click away.
    const [stored] = await t.app.get(ScanPagesRepository).pagesOfPoem(book.poems[0]!.id);
    const original = `/api/scan_pages/${stored!.id}/image/`;
    expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`${original}\\?width=(800|1600)$`));
    const sizes = await page.evaluate(
      (url) =>
        Promise.all(
          [url, `${url}?width=800`, `${url}?width=1600`, `${url}?width=123`].map(async (u) => {
            const res = await fetch(u);
            return { status: res.status, type: res.headers.get('content-type'), bytes: (await res.arrayBuffer()).byteLength };
          }),
        ),
      original,
    );
    expect(sizes.map((r) => [r.status, r.type?.split(';')[0]])).toEqual([
      [200, 'image/jpeg'],
      [200, 'image/webp'],
      [200, 'image/webp'],
      [400, 'application/json'],
    ]);
    expect(sizes[1]!.bytes).toBeLessThan(sizes[0]!.bytes / 2);
    const kept = await t.app.get<FileStore>(FILE_STORE).get(screenCopyKey(stored!.storage_key, 800));
    expect(kept.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(await side.getByRole('link', { name: 'Original photo' }).getAttribute('href')).toBe(original);
    await expectAccessibleInBothThemes(page, 'printed page beside the poem');
    await page.screenshot({ path: `${SHOTS}/controls-printed-side.png` });

    // A click zooms to 200% around the spot clicked: that spot of the page stays under the pointer.
    const box = page.locator('.printed-turn').first();
    const before = (await box.boundingBox())!;
    const at = { x: before.x + before.width * 0.7, y: before.y + Math.min(before.height * 0.6, 300) };
    const spot = { fx: (at.x - before.x) / before.width, fy: (at.y - before.y) / before.height };
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => side.locator('.zoom-level').innerText()).toBe('200%');
    await page.screenshot({ path: `${SHOTS}/controls-printed-side-zoomed.png` });
    await expect
      .poll(async () => {
        const after = (await box.boundingBox())!;
        return [
          Math.round(after.width / before.width),
          Math.abs((at.x - after.x) / after.width - spot.fx) < 0.02,
          Math.abs((at.y - after.y) / after.height - spot.fy) < 0.02,
        ];
      })
      .toEqual([2, true, true]);
    // Ctrl with the wheel (a trackpad's pinch) zooms around the pointer too.
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await expect.poll(async () => Number((await side.locator('.zoom-level').innerText()).replace('%', ''))).toBeGreaterThan(200);
    const wheeled = (await box.boundingBox())!;
    expect(Math.abs((at.x - wheeled.x) / wheeled.width - spot.fx)).toBeLessThan(0.02);

    // The next poem brings its own pages into the same place; Escape closes them, and only them.
    await page.getByRole('link', { name: 'Next', exact: true }).click();
    await page.getByRole('region', { name: 'The Oven Bird: the printed page' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: /the printed page/ }).waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe(poemPath(1));
    await expect.poll(() => page.locator('.reader-body').evaluate((el) => getComputedStyle(el).display)).toBe('block');

    // On a phone it is a dialog, and two fingers spread on the photo zoom it (not the page).
    const phone = await open(poemPath(0), PHONE, { hasTouch: true });
    await phone.getByRole('link', { name: 'See the printed page' }).click();
    const dialog = phone.getByRole('dialog', { name: 'The Road Not Taken: the printed page' });
    await dialog.waitFor();
    const photoBox = (await dialog.locator('.printed-turn').boundingBox())!;
    const mid = { x: photoBox.x + photoBox.width / 2, y: photoBox.y + Math.min(photoBox.height / 2, 250) };
    const cdp = await phone.context().newCDPSession(phone);
    const fingers = (spread: number) => [
      { x: mid.x - spread, y: mid.y, id: 1 },
      { x: mid.x + spread, y: mid.y, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(30) });
    for (const spread of [45, 60, 75, 90]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => dialog.locator('.zoom-level').innerText()).toBe('300%');
    expect(await phone.evaluate(() => window.visualViewport?.scale)).toBe(1);
  });
});
