import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { seedCatalog, type Seeded } from '../../reader/test-support/seed.js';
import { TEST_SITE, writeSiteSettings } from '../../reader/test-support/site-app.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { expectAccessible } from './support/axe.js';
import { launchChromium } from './support/chromium.js';

const SHOTS = 'test-artifacts/screenshots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function listen(t: TestApp): Promise<string> {
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const [suffix, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${suffix}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

const counter = (page: Page) => page.getByTestId('reader-counter');
/** Waits until a locator's text is exactly this: a click or key press re-renders a moment later. */
const expectText = (locator: Locator, text: string) => expect.poll(() => locator.innerText()).toBe(text);
const expectDisabled = (locator: Locator, disabled: boolean) => expect.poll(() => locator.isDisabled()).toBe(disabled);
/** Long enough for a busy machine; every wait still ends as soon as the page is right. */
const PAGE_TIMEOUT = 30_000;

describe('the public reader in a browser', () => {
  let t: TestApp;
  let s: Seeded;
  let base: string;
  let browser: Browser;
  /** The contexts of the running test, closed after it: no test sees another's pages or storage. */
  const contexts: BrowserContext[] = [];

  // The catalog is seeded once and only read: no test here changes it.
  beforeAll(async () => {
    ensureReaderBuilt();
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchChromium();
    t = await startTestApp('pglite', { env: { SITE_SETTINGS_FILE: writeSiteSettings() } });
    s = await seedCatalog(t.app);
    base = await listen(t);
  });
  afterEach(async (ctx) => {
    const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    for (const [i, context] of contexts.splice(0).entries()) {
      if (ctx.task.result?.state === 'fail') {
        for (const [j, page] of context.pages().entries())
          await page.screenshot({ path: `${SHOTS}/reader-failed-${name}-${i}-${j}.png` }).catch(() => undefined);
      }
      await context.close().catch(() => undefined);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /**
   * A context of this test's own. axe is injected as a script tag, which the site's CSP rightly
   * refuses; the CSP itself is checked in its own test with a strict context.
   */
  async function newContext(options: { strict?: boolean } = {}): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: !options.strict, locale: 'en-US' });
    context.setDefaultTimeout(PAGE_TIMEOUT);
    context.setDefaultNavigationTimeout(2 * PAGE_TIMEOUT);
    contexts.push(context);
    return context;
  }

  async function open(path: string): Promise<{ page: Page; apiCalls: string[] }> {
    const page = await (await newContext()).newPage();
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    return { page, apiCalls };
  }

  it('home: server-rendered, hydrated without fetching again, accessible, and navigates client-side', async () => {
    const { page, apiCalls } = await open('/');
    await page.getByRole('heading', { level: 1, name: 'A Digital Library of Poetry' }).waitFor();
    await page.getByRole('heading', { name: 'In Loving Memory' }).waitFor();
    await page.getByText(TEST_SITE.footerCredit).waitFor();
    expect(apiCalls).toEqual([]);
    await expectAccessible(page, 'home');
    await shoot(page, 'home');

    // Client-side navigation keeps the same document and fetches the API.
    await page.evaluate(() => ((window as any).__sameDocument = true));
    await page.getByRole('link', { name: 'River Songs' }).click();
    await page.getByRole('heading', { name: 'Table of Contents' }).waitFor();
    expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
    await page.waitForFunction((title) => document.title === title, `River Songs | ${TEST_SITE.siteName}`);
    await expect
      .poll(() => page.locator('link[rel="canonical"]').getAttribute('href'))
      .toBe(`https://poetry.example.org/publication/${s.river.slug}`);
    await expect.poll(() => apiCalls.some((u) => u.includes(`/api/publications/${s.river.slug}/poems/`))).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/publication/${s.river.slug}`);
    await page.goBack();
    await page.getByRole('heading', { name: 'In Loving Memory' }).waitFor();
    expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Publications' }).click();
    await page.getByRole('heading', { level: 1, name: 'Published Collections' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'River Songs' }).count()).toBe(1);
    await page.close();
  });

  it('collections page is accessible at phone and desktop widths', async () => {
    const { page, apiCalls } = await open('/publications');
    expect(apiCalls).toEqual([]);
    await expectAccessible(page, 'publications');
    await shoot(page, 'publications');
    await page.close();
  });

  it('reader: buttons, counter, keyboard, Escape, disabled states and scroll to top', async () => {
    const { page, apiCalls } = await open(`/publication/${s.river.slug}`);
    expect(apiCalls).toEqual([]);
    const prev = page.getByRole('link', { name: 'Previous', exact: true });
    const next = page.getByRole('link', { name: 'Next', exact: true });
    await expectText(counter(page), '3 poems');
    await expectDisabled(prev, true);
    await expectDisabled(next, false);
    await expectAccessible(page, 'reader contents');
    await shoot(page, 'reader-contents');

    await next.click(); // Next on contents opens the first poem
    await expectText(counter(page), '1 of 3');
    await page.getByRole('heading', { level: 1, name: 'River Songs' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'The River at Dawn' }).waitFor();
    await expectDisabled(prev, false);
    await expectAccessible(page, 'reader poem');
    await shoot(page, 'reader-poem');

    await page.keyboard.press('ArrowRight');
    await expectText(counter(page), '2 of 3');
    await page.keyboard.press('ArrowRight');
    await expectText(counter(page), '3 of 3');
    await expectDisabled(next, true); // Next is disabled on the last poem
    // A key press past the last poem changes nothing: the next key's result shows it stayed.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expectText(counter(page), '2 of 3');
    await page.keyboard.press('Escape');
    await expectText(counter(page), '3 poems');
    await page.getByRole('heading', { name: 'Table of Contents' }).waitFor();

    await page.getByRole('link', { name: /Letters Home/ }).click();
    await expectText(counter(page), '3 of 3');
    await page.getByRole('link', { name: 'Contents' }).click();
    await expectText(counter(page), '3 poems');

    await page.getByRole('link', { name: /The River at Dawn/ }).click();
    await expectText(counter(page), '1 of 3');
    await prev.click(); // Previous on the first poem returns to contents
    await expectText(counter(page), '3 poems');
    await expectDisabled(prev, true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');

    // Every navigation scrolls to the top shortly after.
    await page.setViewportSize({ width: 390, height: 300 });
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => window.scrollY === 0);
  });

  it('reader: an empty publication has nothing to step through', async () => {
    const { page } = await open(`/publication/${s.empty.slug}`);
    await page.getByText('No poems available in this publication.').waitFor();
    await expectDisabled(page.getByRole('link', { name: 'Next', exact: true }), true);
    await expectDisabled(page.getByRole('link', { name: 'Previous', exact: true }), true);
  });

  it('poem page: verse as printed on a phone, back link, no sideways scroll, no layout shift', async () => {
    const page = await (await newContext()).newPage();
    await page.setViewportSize(PHONE);
    await page.addInitScript(() => {
      (window as any).__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as any[]) if (!e.hadRecentInput) (window as any).__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${base}/poem/${s.riverPoems[0]!.slug}`, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await page.evaluate(() => (window as any).__cls)).toBeLessThan(0.05);

    const lines = page.locator('.verse-line');
    expect(await lines.count()).toBe(5);
    const [plain, indented] = [await lines.nth(0).boundingBox(), await lines.nth(1).boundingBox()];
    const textStart = (i: number) =>
      lines.nth(i).evaluate((el) => {
        const range = document.createRange();
        range.setStart(el.firstChild!, 0);
        range.setEnd(el.firstChild!, 1);
        return range.getBoundingClientRect().left;
      });
    expect(await textStart(1)).toBeGreaterThan((await textStart(0)) + 20); // indentation kept
    expect(plain && indented).toBeTruthy();
    // The long last line wraps, and its continuation hangs to the right of its first line.
    const long = lines.nth(4);
    const rects = await long.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return [...range.getClientRects()].map((r) => ({ left: Math.round(r.left), top: Math.round(r.top) }));
    });
    const rows = [
      ...rects.reduce((m, r) => m.set(r.top, Math.min(m.get(r.top) ?? Infinity, r.left)), new Map<number, number>()).values(),
    ].map((left) => ({ left }));
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[1]!.left).toBeGreaterThan(rows[0]!.left);
    expect(await page.locator('.verse').evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Crimson Text');
    await expectAccessible(page, 'poem');
    await shoot(page, 'poem');

    await page.emulateMedia({ media: 'print' });
    await page.locator('.back-nav').waitFor({ state: 'hidden' });
    await page.locator('.verse').waitFor();
    await page.emulateMedia({ media: 'screen' });

    await page.getByRole('link', { name: 'Back to Collection' }).click();
    await page.getByRole('heading', { name: 'Table of Contents' }).waitFor();
  });

  it('loads a reader page with at most 80 KB of gzipped JavaScript', async () => {
    const page = await (await newContext()).newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${base}/publication/${s.river.slug}`, { waitUntil: 'networkidle' });
    await page.close();
    expect(scripts.length).toBeGreaterThan(0);
    let total = 0;
    for (const path of scripts) {
      const res = await t.http().get(path).set('Accept-Encoding', 'gzip').expect(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      total += Number(res.headers['content-length']);
    }
    expect(total).toBeLessThanOrEqual(80 * 1024);
  });

  describe('error states of client-side loads', () => {
    async function fromPoemTo(linkName: string, setup: (page: Page) => Promise<unknown>): Promise<Page> {
      const { page } = await open(`/poem/${s.riverPoems[1]!.slug}`);
      await setup(page);
      await page.getByRole('link', { name: linkName, exact: true }).first().click();
      return page;
    }

    it('shows the loading text, then the retry panel variants for the collections list', async () => {
      const cases = [
        {
          name: 'database_error',
          title: 'Database Connection Issue',
          route: (r: any) => r.fulfill({ status: 500, json: { statusCode: 500, message: 'Internal server error' } }),
        },
        { name: 'network_error', title: 'Network Connection Error', route: (r: any) => r.abort('failed') },
        {
          name: 'server_error',
          title: 'Server Error',
          route: (r: any) => r.fulfill({ status: 502, json: { statusCode: 502, message: 'Bad Gateway' } }),
        },
      ];
      for (const c of cases) {
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const page = await fromPoemTo('Home', (p) =>
          p.route('**/api/publications/', async (route) => {
            await held;
            await c.route(route);
          }),
        );
        await page.getByText('Loading publications...').waitFor();
        release();
        const panel = page.locator(`[data-variant="${c.name}"]`);
        await panel.getByRole('heading', { name: c.title }).waitFor();
        await page.getByRole('button', { name: 'Show Diagnostics' }).click();
        await page.getByRole('button', { name: 'Hide Diagnostics' }).waitFor();
        await page.getByText('Backend ping:').waitFor();
        await page.locator('.check-list li[data-state="failed"]').first().waitFor();
        await expectAccessible(page, `home ${c.name}`);
        if (c.name === 'database_error') await shoot(page, 'home-error');
        if (c.name === 'server_error') {
          await page.unroute('**/api/publications/');
          const reload = page.waitForEvent('load');
          await page.getByRole('button', { name: 'Try Again' }).click();
          await reload; // retry reloads the page, which the server renders whole
          await page.getByRole('link', { name: 'River Songs' }).waitFor();
        }
        await page.close();
      }
    });

    it('reader: not found on a non-200 answer, the error message on a network failure', async () => {
      let page = await fromPoemTo('Back to Collection', (p) =>
        p.route('**/api/publications/*/', (r) => r.fulfill({ status: 404, json: { statusCode: 404, message: 'Publication not found' } })),
      );
      await page.getByRole('heading', { name: 'Publication Not Found' }).waitFor();
      await page.getByText('Publication not found', { exact: true }).waitFor();
      await expectAccessible(page, 'reader not found');
      await shoot(page, 'reader-not-found');
      await page.close();

      page = await fromPoemTo('Back to Collection', (p) => p.route('**/api/publications/**', (r) => r.abort('internetdisconnected')));
      await page.getByRole('heading', { name: 'Publication Not Found' }).waitFor();
      await page.getByText('Failed to fetch').waitFor();
      await page.close();

      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      page = await fromPoemTo('Back to Collection', (p) => p.route('**/api/publications/**', async (r) => (await held, r.continue())));
      await page.getByText('Loading publication...').waitFor();
      release();
      await page.getByRole('heading', { name: 'Table of Contents' }).waitFor();
      await page.close();
    });

    it('poem: not found on 404, failed to load otherwise', async () => {
      for (const [status, message] of [
        [404, 'Poem not found'],
        [500, 'Failed to load poem'],
      ] as const) {
        // The poem's own page, left for its book and come back to: Back loads the poem in place.
        const page = await fromPoemTo('Back to Collection', async () => undefined);
        await page.getByRole('heading', { name: 'Table of Contents' }).waitFor();
        await page.route('**/api/poems/**', (r) => r.fulfill({ status, json: { statusCode: status, message: 'x' } }));
        await page.goBack();
        await page.getByRole('heading', { name: 'Poem Not Found' }).waitFor();
        await page.getByText(message, { exact: true }).waitFor();
        await page.getByRole('link', { name: 'Back to Home' }).waitFor();
        await expectAccessible(page, `poem ${status}`);
        await page.close();
      }
    });

    it('server-rendered not-found pages are accessible too', async () => {
      for (const path of ['/publication/no-such-book', '/poem/no-such-poem']) {
        const { page } = await open(path);
        await page.getByRole('heading', { name: /Not Found/ }).waitFor();
        await expectAccessible(page, path);
        await page.close();
      }
    });
  });

  it('respects reduced motion', async () => {
    const { page } = await open('/');
    const behavior = () => page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
    await expect.poll(behavior).toBe('smooth');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(behavior).toBe('auto');
  });

  it('keyboard users get a skip link and visible focus', async () => {
    const { page } = await open('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await skip.waitFor();
    // Focused, with an outline to show it.
    await expect
      .poll(() => skip.evaluate((el) => (el === document.activeElement ? getComputedStyle(el).outlineStyle : 'not focused')))
      .not.toMatch(/^(none|not focused)$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('runs under the site CSP with no violations and loads no web-vitals code without an endpoint', async () => {
    const page = await (await newContext({ strict: true })).newPage();
    const problems: string[] = [];
    const scripts: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    // Hydration mismatches would show here too: React reports them as console errors.
    for (const path of ['/', '/publications', `/poem/${s.riverPoems[0]!.slug}`, `/poem/${s.hostilePoem.slug}`]) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
    }
    await page.goto(`${base}/publication/${s.river.slug}`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Next', exact: true }).click();
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.getByRole('heading', { name: 'In Loving Memory' }).waitFor();
    expect(problems).toEqual([]);
    expect(scripts.some((u) => u.includes('web-vitals'))).toBe(false);
  });
});

describe('web vitals', () => {
  let t: TestApp;
  let collector: Server;
  const beacons: any[] = [];
  let browser: Browser;

  beforeAll(async () => {
    ensureReaderBuilt();
    collector = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.method === 'POST') beacons.push(JSON.parse(body));
        res.writeHead(204, { 'Access-Control-Allow-Origin': '*' }).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/collect`;
    t = await startTestApp('pglite', { env: { SITE_SETTINGS_FILE: writeSiteSettings(), WEB_VITALS_ENDPOINT: endpoint } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    collector?.close();
  });

  it('sends measurements with sendBeacon to the configured endpoint', async () => {
    const base = await listen(t);
    const page = await browser.newPage();
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Publications' }).first().click(); // an interaction, for INP
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => beacons.map((b) => b.name)).toEqual(expect.arrayContaining(['TTFB', 'FCP', 'LCP']));
    expect(beacons[0]).toMatchObject({ value: expect.any(Number), page: '/' });
    await page.close();
  });
});
