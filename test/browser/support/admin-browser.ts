/**
 * What the admin's browser suites share: the real server on its embedded defaults (PGlite in
 * memory, in-process scan queue, offline extractor) with a configured poet, Chromium, a signed-in
 * browser context, data seeded through the catalog's own commands, and checks a user would make
 * (auto-waiting locators, axe, notifications, confirms).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Poem, Publication, PublicationFields } from '../../../contracts/catalog.js';
import type { ScanResult } from '../../../contracts/scanning.js';
import { writeSiteSettings, TEST_SITE } from '../../../reader/test-support/site-app.js';
import { CatalogCommands } from '../../../src/catalog/application/catalog-commands.js';
import { toPoemResponse } from '../../../src/catalog/application/catalog-responses.js';
import { PublicationRequestMapper } from '../../../src/catalog/http/requests.mapper.js';
import { ADMIN, staffAgent, startTestApp, type TestAgent, type TestApp } from '../../support/test-app.js';
import { launchChromium } from './chromium.js';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const SHOTS = join(ROOT, 'test-artifacts/screenshots');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The poet the suites' site settings name: shown for a book without authors. */
export const POET = TEST_SITE.poet.name;
export { ADMIN };

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** A production build of a Vite app when its sources are newer than its build (npm test builds first). */
function buildIfStale(config: string, output: string, sources: string[], args: string[] = []) {
  const built = existsSync(join(ROOT, output)) ? statSync(join(ROOT, output)).mtimeMs : 0;
  if (
    Math.max(
      ...sources
        .map((s) => join(ROOT, s))
        .filter((s) => existsSync(s))
        .map(newest),
    ) <= built
  )
    return;
  execFileSync('npx', ['vite', 'build', '-c', config, ...args], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

export function ensureBuilt() {
  buildIfStale('vite.admin.config.ts', 'dist/admin/index.html', ['admin', 'contracts', 'vite.admin.config.ts', 'package-lock.json']);
  buildIfStale('vite.reader.config.ts', 'dist/reader/client/.vite/manifest.json', ['reader/src', 'contracts', 'vite.reader.config.ts']);
  buildIfStale(
    'vite.reader.config.ts',
    'dist/reader/server/entry-server.js',
    ['reader/src', 'contracts', 'vite.reader.config.ts'],
    ['--ssr'],
  );
}

export interface AdminSuite {
  server: TestApp;
  base: string;
  browser: Browser;
  /** A staff API client for what a test sets up or checks behind the screens. */
  api: { agent: TestAgent; token: string };
  commands: CatalogCommands;
  /**
   * A page in the given context, or else in this test's own signed-in context (made at the
   * test's first page, with its own login, closed after the test).
   */
  newPage(context?: BrowserContext): Promise<Page>;
  /** A fresh browser context of this test, signed in or not. */
  newContext(signedIn: boolean): Promise<BrowserContext>;
  shot(page: Page, name: string): Promise<void>;
  /**
   * After each test (pass it to afterEach): a picture of every page the test left open when it
   * failed (what the admin saw), then its pages and contexts closed, so the next test starts on a
   * quiet browser; and the test fails if any of its pages had a script error, a native dialog or
   * a Content-Security-Policy refusal.
   */
  afterTest(task: { name: string; result?: { state?: string } }): Promise<void>;
  close(): Promise<void>;
}

/** How long a wait for the screen may take: long enough for a busy machine, ended as soon as the screen is right. */
export const SCREEN_TIMEOUT = 30_000;

/**
 * Starts the server and Chromium for one suite file; screenshots go to test-artifacts/screenshots/{prefix}-*.png.
 * `chromiumArgs` adds switches for what a suite needs of the browser (a fake microphone).
 */
export async function startAdminSuite(prefix: string, env: Record<string, string> = {}, chromiumArgs: string[] = []): Promise<AdminSuite> {
  mkdirSync(SHOTS, { recursive: true });
  // Pictures from an earlier run would pass for this one's.
  for (const old of readdirSync(SHOTS).filter((f) => f.startsWith(`${prefix}-`))) rmSync(join(SHOTS, old));
  ensureBuilt();
  const browser = await launchChromium({ args: chromiumArgs });
  const server = await startTestApp('pglite', { env: { SITE_SETTINGS_FILE: writeSiteSettings(), ...env } });
  await server.app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(server.app.getHttpServer().address() as AddressInfo).port}`;
  const api = await staffAgent(server);
  /** What went wrong on this test's pages: script errors, CSP refusals, native dialogs. */
  let problems: string[] = [];
  let pages: Page[] = [];
  let contexts: BrowserContext[] = [];
  let own: Promise<BrowserContext> | undefined;

  async function newContext(signedIn: boolean): Promise<BrowserContext> {
    // Reduced motion: the cards' entrance animation would otherwise be caught half-faded by axe.
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      reducedMotion: 'reduce',
    });
    contexts.push(context);
    context.setDefaultTimeout(SCREEN_TIMEOUT);
    context.setDefaultNavigationTimeout(2 * SCREEN_TIMEOUT);
    if (signedIn) {
      const csrf = await context.request.get(`${base}/api/ai_extraction/csrf/`);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const login = await context.request.post(`${base}/api/auth/login/`, { headers: { 'X-CSRFToken': csrfToken }, data: ADMIN });
      expect(login.ok()).toBe(true);
      // The guard validates the session of a user this browser knows (SPEC section 4).
      await context.addInitScript(
        (user) => {
          if (!sessionStorage.getItem('archive-test-signed-in')) {
            sessionStorage.setItem('archive-test-signed-in', '1');
            localStorage.setItem('user', user);
          }
        },
        JSON.stringify({ username: ADMIN.username, is_staff: true }),
      );
    }
    return context;
  }

  return {
    server,
    base,
    browser,
    api,
    commands: server.app.get(CatalogCommands),
    newContext,
    async newPage(ctx) {
      const page = await (ctx ?? (await (own ??= newContext(true)))).newPage();
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (err) => problems.push(err.message));
      // Any native alert or confirm would be a regression: the admin uses its own dialogs.
      page.on('dialog', (dialog) => {
        problems.push(`native ${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      pages.push(page);
      return page;
    },
    shot: (page, name) => page.screenshot({ path: join(SHOTS, `${prefix}-${name}.png`), fullPage: true }).then(() => undefined),
    async afterTest(task) {
      const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      const [open, made, seen] = [pages, contexts, problems];
      [pages, contexts, problems, own] = [[], [], [], undefined];
      for (const [i, page] of open.entries()) {
        if (task.result?.state === 'fail' && !page.isClosed()) {
          await page.screenshot({ path: join(SHOTS, `${prefix}-failed-${name}-${i}.png`), fullPage: true }).catch(() => undefined);
        }
      }
      for (const context of made) await context.close().catch(() => undefined);
      expect(seen, "script errors, native dialogs or Content-Security-Policy refusals on this test's pages").toEqual([]);
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** axe-core on the current screen: nothing critical, serious or moderate (every rule, best practices included). */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // evaluate runs outside the page's CSP, which forbids injected scripts (as it should).
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            options: { resultTypes: string[] },
          ) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    // Only violations are read: axe then keeps no detail of what passed.
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => ['critical', 'serious', 'moderate'].includes(v.impact))
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, `axe on ${label}`).toEqual([]);
}

/** A react-admin notification showing this text. */
export function notification(page: Page, text: string | RegExp): Locator {
  return page.locator('.MuiSnackbar-root').filter({ hasText: text });
}

/** Answers the react-admin Confirm dialog that says `text` (the spec's wording), checking it says exactly that. */
export async function confirm(page: Page, text: string, answer: 'Confirm' | 'Cancel' = 'Confirm'): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await dialog.waitFor();
  await expect.poll(() => dialog.locator('.MuiDialogContentText-root').innerText()).toBe(text);
  await dialog.getByRole('button', { name: answer }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Waits until a locator's text is exactly this (auto-retrying). */
export async function expectText(locator: Locator, text: string): Promise<void> {
  await expect.poll(() => locator.innerText()).toBe(text);
}

/** Opens an admin page the guard turns away: the login page loads in its place. */
export async function gotoTurnedAway(page: Page, path: string): Promise<void> {
  // The guard replaces the page with /login while it loads, which aborts the first navigation.
  await page.goto(path).catch((err: Error) => {
    if (!/ERR_ABORTED|interrupted/.test(err.message)) throw err;
  });
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
}

/** Signs in through the login page. */
export async function login(page: Page, username = ADMIN.username, password = ADMIN.password): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

let made = 0;

/**
 * A word no other test's data contains, for titles and searches: the tests of a file share one
 * server, so each makes its own publications under names of its own.
 */
export function uniqueWord(prefix: string): string {
  return `${prefix}${++made}x${Date.now().toString(36)}`;
}

/** A publication straight through the catalog, with poems typed in, and published or in trash on request. */
export async function seedPublication(
  suite: AdminSuite,
  fields: Partial<PublicationFields> = {},
  options: { poems?: Array<{ title: string; body: string }>; status?: 'draft' | 'published'; trash?: boolean } = {},
): Promise<{ publication: Publication; poems: Poem[] }> {
  const created = await suite.commands.createPublication(
    PublicationRequestMapper.fromCreateRequest({ title: `Seeded Book ${uniqueWord('')}`, authors: ['Seeded Author'], ...fields }),
  );
  const poems = options.poems?.length ? (await suite.commands.addPoems(created.id, options.poems)).map(toPoemResponse) : [];
  if (options.status === 'published') await suite.commands.setStatus(created.id, 'published');
  if (options.trash) await suite.commands.moveToTrash(created.id);
  const publication = (await suite.api.agent.get(`/api/publications/${created.id}/?admin=true`).expect(200)).body as Publication;
  return { publication, poems };
}

/** Scans page photographs into a publication through the API (the wizard's own call, answered when done). */
export async function scanPages(suite: AdminSuite, publicationId: number, images: Buffer[]): Promise<ScanResult> {
  const req = suite.api.agent.post(`/api/publications/${publicationId}/batch_upload_pages/`);
  images.forEach((image, i) => req.attach(`page_${i}`, image, { filename: `page-${i}.jpg`, contentType: 'image/jpeg' }));
  req.field('csrfmiddlewaretoken', suite.api.token);
  const res = await req;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ScanResult;
}

/** Page photographs written to files, for the wizard's file inputs. */
export function photoFiles(images: Buffer[], name: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'admin-photos-'));
  return images.map((image, i) => {
    const file = join(dir, `${name}-${i + 1}.jpg`);
    writeFileSync(file, image);
    return file;
  });
}

/** The poems of a publication as visitors get them, in reading order. */
export async function publicPoemTitles(suite: AdminSuite, ref: string | number): Promise<string[]> {
  const res = await fetch(`${suite.base}/api/publications/${ref}/poems/`);
  return ((await res.json()) as Poem[]).map((p) => p.title);
}
