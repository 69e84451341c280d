/**
 * The admin end to end, in Chromium against the real server on its embedded defaults (PGlite in
 * memory, in-process scan queue, offline extractor), used the way a new administrator would.
 * The steps share one browser session and run in order; each leaves a screenshot under
 * test-artifacts/screenshots/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Dialog, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderBookPages, renderMetadataPages, sampleBook } from '../support/page-photos/page-photos.mjs';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS = join(ROOT, 'test-artifacts/screenshots');
const CHROMIUM = '/usr/bin/chromium';
const BOOK_TITLE = 'Songs of the Orchard';

let server: TestApp;
let base = '';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pagePhotos: string[] = [];
/** The same two pages photographed again (other tilt and noise). */
let rephotographed: string[] = [];
let expectedTitles: string[] = [];
let metadataPhotos: string[] = [];
let expectedMetadata: { title: string; authors: string[]; publisher: string; publication_date: string; isbn: string };
/** Every alert and confirm the browser showed, in order; all are accepted. */
const dialogs: Array<{ type: string; message: string }> = [];
let detailPath = '';
/** Script errors and Content-Security-Policy refusals seen in any admin page. */
const pageProblems: string[] = [];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical accessibility violations (axe-core, WCAG 2 A/AA) on the current screen. */
async function a11yViolations(): Promise<string[]> {
  // evaluate runs outside the page's CSP, which forbids injected scripts (as it should).
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function build(config: string, args: string[] = []) {
  // A production build, whatever NODE_ENV the test runner set.
  execFileSync('npx', ['vite', 'build', '-c', config, ...args], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
}

async function shot(name: string) {
  await page.screenshot({ path: join(SHOTS, `admin-${name}.png`), fullPage: true });
}

/** Runs an action that must raise a dialog with the given text. */
async function withDialog(match: RegExp | string, action: () => Promise<unknown>): Promise<string> {
  const before = dialogs.length;
  await action();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const hit = dialogs.slice(before).find((d) => (typeof match === 'string' ? d.message === match : match.test(d.message)));
    if (hit) return hit.message;
    if (Date.now() > deadline) throw new Error(`No dialog matching ${match}; saw ${JSON.stringify(dialogs.slice(before))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function login(username = ADMIN.username, password = ADMIN.password) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const card = (title: string) => page.getByRole('article', { name: title });
const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text });

describe('admin in the browser', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // Pictures from an earlier run would pass for this one's.
    for (const old of readdirSync(SHOTS).filter((f) => f.startsWith('admin-'))) rmSync(join(SHOTS, old));
    expect(existsSync(CHROMIUM), `${CHROMIUM} is needed for the browser suite`).toBe(true);
    build('vite.admin.config.ts');
    if (existsSync(join(ROOT, 'vite.reader.config.ts')) && !existsSync(join(ROOT, 'dist/reader/server/entry-server.js'))) {
      build('vite.reader.config.ts');
      build('vite.reader.config.ts', ['--ssr']);
    }

    // Two pages of the sample book, rendered as photographs (slight tilt, JPEG noise).
    const book = sampleBook({ title: BOOK_TITLE });
    const rendered = await renderBookPages(book, { maxPages: 2, seed: 7 });
    const dir = mkdtempSync(join(tmpdir(), 'admin-pages-'));
    pagePhotos = rendered.pages.map((p, i) => {
      const file = join(dir, `page-${i + 1}.jpg`);
      writeFileSync(file, p.image);
      return file;
    });
    expectedTitles = rendered.poems.map((p) => p.title);
    const meta = await renderMetadataPages(book, { seed: 3 });
    expectedMetadata = meta.metadata;
    metadataPhotos = meta.pages.map((p) => {
      const file = join(dir, `${p.kind}.jpg`);
      writeFileSync(file, p.image);
      return file;
    });
    const again = await renderBookPages(book, { maxPages: 2, seed: 21 });
    rephotographed = again.pages.map((p, i) => {
      const file = join(dir, `page-${i + 1}-again.jpg`);
      writeFileSync(file, p.image);
      return file;
    });

    server = await startTestApp('pglite');
    await server.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.app.getHttpServer().address() as AddressInfo).port}`;

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) pageProblems.push(m.text());
    });
    page.on('pageerror', (err) => pageProblems.push(err.message));
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push({ type: dialog.type(), message: dialog.message() });
      void dialog.accept();
    });
  });

  // A failed step leaves a picture of what the admin saw.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) {
      const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      await page.screenshot({ path: join(SHOTS, `admin-failed-${name}.png`), fullPage: true }).catch(() => {});
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('serves the admin page without caching and marked noindex', async () => {
    const res = await fetch(`${base}/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(await res.text()).toMatch(/<meta name="robots" content="noindex/);
  });

  it('sends a visitor of /admin to the login page, which refuses a wrong password and lets the admin in', async () => {
    await page.goto('/admin');
    await page.waitForURL('**/login');
    await expect(page.getByRole('heading', { name: 'Admin Login' }).isVisible()).resolves.toBe(true);
    const signIn = page.getByRole('button', { name: 'Sign In' });
    expect(await signIn.isDisabled()).toBe(true);
    await page.getByLabel('Username').fill(ADMIN.username);
    expect(await signIn.isDisabled()).toBe(true);
    await login(ADMIN.username, 'not the password');
    await page.getByRole('alert').waitFor();
    expect((await page.getByRole('alert').innerText()).length).toBeGreaterThan(0);
    await shot('01-login-error');
    expect(await a11yViolations()).toEqual([]);
    await login();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByText(`Welcome, ${ADMIN.username}`).waitFor();
    await page.getByRole('heading', { name: 'No publications found' }).waitFor();
    await shot('02-dashboard-empty');
    expect(await a11yViolations()).toEqual([]);
  });

  it('shows the database error panel with diagnostics when the list fails, and recovers on Try Again', async () => {
    const adminList = (url: URL) => url.pathname === '/api/publications/' && url.searchParams.get('admin') === 'true';
    let serverBack = false;
    await page.route(adminList, async (route) => {
      if (!serverBack) return route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal server error', message: 'Internal server error' } });
      // Back, a little slowly.
      await new Promise((r) => setTimeout(r, 800));
      return route.continue();
    });
    await page.reload();
    const panel = page.getByRole('alert').filter({ hasText: 'Database connection issue' });
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Show Diagnostics' }).click();
    await panel.getByText(/^Backend ping: OK \(\d+ ms\)$/).waitFor();
    await panel.getByText(/^Publications API: OK/).waitFor();
    await panel.getByText(/^Database: OK$/).waitFor();
    await panel.getByText('Raw details').click();
    expect(await panel.locator('pre').innerText()).toContain('"database": true');
    await shot('02b-error-panel');
    await panel.getByRole('button', { name: 'Hide Diagnostics' }).click();
    serverBack = true;
    await panel.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('button', { name: 'Retrying...' }).waitFor();
    await page.getByRole('heading', { name: 'No publications found' }).waitFor();
    await page.unroute(adminList);
  });

  it('creates a publication by hand in the wizard', async () => {
    await page.getByRole('button', { name: 'New Publication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Publication' });
    await dialog.waitFor();
    await dialog.getByText('Metadata Extraction').waitFor();
    await dialog.getByLabel('Create manually').check();
    await dialog.getByRole('button', { name: 'Enter Publication Information Manually' }).click();
    const create = dialog.getByRole('button', { name: 'Create Publication' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Title').fill(BOOK_TITLE);
    await dialog.getByLabel('Author 1').fill('Eleanor Whitfield');
    await dialog.getByLabel('Publisher').fill('Harbour Press');
    await dialog.getByLabel('Publication Date').fill('Spring 1987');
    await shot('03-wizard-metadata');
    await create.click();
    await dialog.getByRole('button', { name: 'Scan Poems' }).waitFor();
    await dialog.getByRole('heading', { name: BOOK_TITLE }).waitFor();
    const [created] = await (await context.request.get(`${base}/api/publications/?admin=true`)).json();
    expect(created).toMatchObject({ title: BOOK_TITLE, authors: ['Eleanor Whitfield'], publisher: 'Harbour Press', publication_date: 'Spring 1987', status: 'draft' });
    detailPath = `/admin/publication/${created.slug || created.id}`;
  });

  it('scans rendered page photos with visible progress into the preview beside the page image', async () => {
    const dialog = page.getByRole('dialog', { name: 'Create New Publication' });
    await withDialog('Please upload at least one page image', () => dialog.getByRole('button', { name: 'Scan Poems' }).click());
    await dialog.getByTestId('pages-drop-zone').locator('input[type=file]').setInputFiles(pagePhotos);
    await dialog.getByText(`${pagePhotos.length} / 10`).waitFor();
    await dialog.getByRole('button', { name: 'Scan Poems' }).click();
    await dialog.getByText('Scanning Poems - Extracting and preserving exact poem formatting...').waitFor();
    await dialog.getByTestId('scan-progress').filter({ hasText: /^page [01] of 2$/ }).waitFor({ timeout: 60_000 });
    await shot('04-scan-progress');
    await dialog.getByRole('heading', { name: 'Preview & Edit Poems' }).waitFor({ timeout: 150_000 });
    await dialog.getByText(new RegExp(`^Poem 1 of ${expectedTitles.length}$`)).waitFor();
    const banner = dialog.getByRole('region', { name: 'Scan Results' });
    await banner.getByText(`New: ${expectedTitles.length}`).waitFor();
    await banner.getByText('Duplicates skipped: 0').waitFor();
    expect(await dialog.getByLabel('Poem Title').inputValue()).toBe(expectedTitles[0]);
    const photo = dialog.getByRole('img', { name: /Photograph of page/ }).first();
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot('05-preview');
    expect(await a11yViolations()).toEqual([]);
  });

  it('moves between poems with the arrow keys but not while typing, and saves an edit with the draft', async () => {
    const dialog = page.getByRole('dialog', { name: 'Create New Publication' });
    await dialog.getByRole('heading', { name: 'Preview & Edit Poems' }).click();
    await page.keyboard.press('ArrowRight');
    await dialog.getByText(new RegExp(`^Poem 2 of ${expectedTitles.length}$`)).waitFor();
    const body = dialog.getByLabel('Poem Text');
    await body.click();
    await page.keyboard.press('ArrowLeft');
    await dialog.getByText(new RegExp(`^Poem 2 of ${expectedTitles.length}$`)).waitFor();
    await dialog.getByRole('button', { name: '← Previous' }).click();
    await dialog.getByText(new RegExp(`^Poem 1 of ${expectedTitles.length}$`)).waitFor();
    await dialog.getByLabel('Poem Title').fill(`${expectedTitles[0]} (proofread)`);
    await dialog.getByRole('button', { name: 'Save Draft' }).click();
    await dialog.waitFor({ state: 'detached' });
    const c = card(BOOK_TITLE);
    await c.waitFor();
    await c.getByText('Draft', { exact: true }).waitFor();
    await c.getByText(`${expectedTitles.length} poems`).waitFor();
    await shot('06-dashboard-draft');
  });

  it('reports the duplicates of a rescan, naming the poems they matched', async () => {
    await page.goto(detailPath);
    await page.getByRole('heading', { name: `Poems (${expectedTitles.length})` }).waitFor();
    await page.getByText(`${expectedTitles[0]} (proofread)`).waitFor();
    await page.getByRole('button', { name: 'New Poem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Poems' });
    await dialog.getByText(/checked for duplicates: anything 95%\+ similar/).waitFor();
    // New photographs of the same pages: every poem on them is already in the publication.
    await dialog.getByTestId('pages-drop-zone').locator('input[type=file]').setInputFiles(rephotographed);
    await dialog.getByRole('button', { name: 'Scan Poems' }).click();
    const banner = dialog.getByRole('region', { name: 'Scan Results' });
    await banner.waitFor({ timeout: 150_000 });
    await banner.getByText('New: 0').waitFor();
    await banner.getByText(`Duplicates skipped: ${expectedTitles.length}`).waitFor();
    await banner.getByText(`"${expectedTitles[0]}" matches existing poem "${expectedTitles[0]} (proofread)"`, { exact: false }).waitFor();
    await shot('07-duplicates');
    // The scan left nothing unsaved (duplicates are not added), so closing asks nothing.
    const confirmsBefore = dialogs.length;
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(dialogs.length).toBe(confirmsBefore);
    await page.getByRole('heading', { name: `Poems (${expectedTitles.length})` }).waitFor();
  });

  it('edits a poem on the detail page keeping its indentation', async () => {
    await page.goto(detailPath);
    const poemCard = page.getByRole('article', { name: `${expectedTitles[0]} (proofread)` });
    await poemCard.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Poem' });
    const text = dialog.getByLabel('Poem Text');
    const fontFamily = await text.evaluate((el) => getComputedStyle(el).fontFamily + '|' + getComputedStyle(el).whiteSpace);
    expect(fontFamily).toMatch(/mono.*\|pre$/i);
    await text.fill('First line kept\n    indented by four\n\nA new stanza');
    await dialog.getByLabel('Title').fill('The Orchard, Revised');
    await withDialog('Poem updated successfully', () => dialog.getByRole('button', { name: 'Save Changes' }).click());
    await dialog.waitFor({ state: 'detached' });
    const edited = page.getByRole('article', { name: 'The Orchard, Revised' });
    await edited.waitFor();
    expect(await edited.locator('pre').innerText()).toBe('First line kept\n    indented by four\n\nA new stanza');
    await edited.getByText('3 lines').waitFor();
    await shot('08-detail-edited');
    expect(await a11yViolations()).toEqual([]);
  });

  it('publishes, and the public reader shows the collection', async () => {
    await page.goto(detailPath);
    await page.getByRole('heading', { name: BOOK_TITLE }).waitFor();
    await withDialog('Are you sure you want to publish this publication?', () => page.getByRole('button', { name: 'Publish', exact: true }).click());
    await page.getByText('Published', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'View Public Site' }).waitFor();
    const reader = await context.newPage();
    const res = await reader.goto(`/publication/${detailPath.split('/').pop()}`);
    expect(res?.status()).toBe(200);
    await reader.getByText(BOOK_TITLE).first().waitFor();
    const ref = detailPath.split('/').pop();
    const poems: Array<{ title: string }> = await (await fetch(`${base}/api/publications/${ref}/poems/`)).json();
    expect(poems.map((p) => p.title)).toContain('The Orchard, Revised');
    for (const poem of poems) await reader.getByText(poem.title).first().waitFor();
    await reader.screenshot({ path: join(SHOTS, 'admin-09-public-reader.png'), fullPage: true });
    await reader.close();
  });

  it('unpublishes from the dashboard with a toast', async () => {
    await page.goto(detailPath);
    await page.getByRole('link', { name: /Back to Dashboard/ }).click();
    await page.waitForURL('**/admin');
    const c = card(BOOK_TITLE);
    await c.getByRole('link', { name: 'View' }).waitFor();
    await withDialog('Are you sure you want to unpublish this publication?', () => c.getByRole('button', { name: 'Unpublish' }).click());
    await toast('Publication unpublished successfully').waitFor();
    await c.getByText('Draft', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Drafts' }).click();
    await card(BOOK_TITLE).waitFor();
    await shot('10-unpublished');
  });

  it('moves it to the trash and restores it', async () => {
    await page.goto('/admin');
    await withDialog(/moved to the trash/, () => card(BOOK_TITLE).getByRole('button', { name: 'Delete' }).click());
    await toast('Publication moved to trash').waitFor();
    await page.getByRole('heading', { name: 'No publications found' }).waitFor();
    await page.getByRole('button', { name: 'Trash' }).click();
    const trashed = card(BOOK_TITLE);
    await trashed.getByText('Deleted', { exact: true }).waitFor();
    await trashed.getByText(/^Deleted [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor();
    await shot('11-trash');
    await withDialog(/restore/i, () => trashed.getByRole('button', { name: 'Restore' }).click());
    await toast('Publication restored from trash').waitFor();
    await page.getByRole('heading', { name: 'No deleted publications' }).waitFor();
    await page.getByRole('button', { name: 'All Active' }).click();
    await card(BOOK_TITLE).waitFor();
  });

  it('deletes it from its detail page to the trash, then forever from the trash', async () => {
    await page.goto(detailPath);
    await withDialog(/moved to the trash/, () => page.getByRole('button', { name: 'Delete Publication' }).click());
    await expect.poll(() => dialogs.at(-1)?.message).toBe('Publication deleted successfully');
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'No publications found' }).waitFor();
    await page.getByRole('button', { name: 'Trash' }).click();
    await withDialog('Are you sure you want to PERMANENTLY delete this publication and all its poems? This action cannot be undone!', () =>
      card(BOOK_TITLE).getByRole('button', { name: 'Delete Forever' }).click(),
    );
    await toast('Publication permanently deleted').waitFor();
    await page.getByRole('heading', { name: 'No deleted publications' }).waitFor();
    await shot('12-deleted-forever');
    const gone = await fetch(`${base}${detailPath.replace('/admin/publication', '/api/publications')}/`);
    expect(gone.status).toBe(404);
  });

  it("reads a new book's metadata from photos of its cover, title and copyright pages", async () => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'New Publication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Publication' });
    await dialog.getByText('AI Powered').waitFor();
    await withDialog('Please upload at least one image of the book cover or title page', () => dialog.getByRole('button', { name: 'Extract Metadata' }).click());
    const zone = dialog.getByTestId('metadata-drop-zone');
    await zone.locator('input[type=file]').setInputFiles(metadataPhotos);
    await dialog.getByText(`${metadataPhotos.length} images attached`).waitFor();
    await zone.getByRole('button', { name: 'Remove copyright.jpg' }).click();
    await dialog.getByText(`${metadataPhotos.length - 1} images attached`).waitFor();
    await zone.locator('input[type=file]').setInputFiles(metadataPhotos.filter((f) => f.endsWith('copyright.jpg')));
    await dialog.getByRole('button', { name: 'Extract Metadata' }).click();
    await dialog.getByText('Extracting Metadata - AI is analyzing your images...').waitFor();
    await dialog.getByText('Publication metadata successfully extracted!').waitFor({ timeout: 120_000 });
    expect(await dialog.getByLabel('Title').inputValue()).toBe(expectedMetadata.title);
    expect(await dialog.getByLabel('ISBN').inputValue()).toBe(expectedMetadata.isbn);
    expect(await dialog.getByLabel('Publisher').inputValue()).toBe(expectedMetadata.publisher);
    await shot('14-metadata-extracted');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Extract Metadata' }).waitFor();
    await dialog.getByLabel('Add content to an existing publication').check();
    await dialog.getByRole('combobox').waitFor();
    await withDialog('Please select an existing publication', () => dialog.getByRole('button', { name: 'Continue with Selected Publication' }).click());
    await withDialog('Are you sure you want to close? Any unsaved progress will be lost.', () => dialog.getByRole('button', { name: 'Cancel' }).click());
    await dialog.waitFor({ state: 'detached' });
  });

  it('validates the session on entry, then logs out after the confirm', async () => {
    const check = (url: URL) => url.pathname === '/api/auth/check/';
    await page.route(check, async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.goto('/admin');
    await page.getByText('Validating session...').waitFor();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.unroute(check);
    await withDialog('Are you sure you want to logout?', () => page.getByRole('button', { name: 'Logout' }).click());
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('authToken')])).toEqual([null, null]);
    await page.goto('/admin');
    await page.waitForURL('**/login');
  });

  it('returns to the page the guard turned away after signing in', async () => {
    await page.goto('/admin/publication/some-later-page');
    await page.waitForURL('**/login');
    await login();
    await page.waitForURL('**/admin/publication/some-later-page');
    await page.getByRole('heading', { name: 'Error Loading Publication' }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  });

  it('sends the admin to the login page with an alert when the session expires mid-use', async () => {
    // The session ends on the server (as when it expires); the browser still believes it is signed in.
    const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const out = await context.request.post(`${base}/api/auth/logout/`, { headers: { 'X-CSRFToken': csrf } });
    expect(out.ok()).toBe(true);
    const message = await withDialog(/./, () => page.getByRole('button', { name: 'Drafts' }).click());
    expect(message).toMatch(/log in|authenticat|session/i);
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await shot('13-session-expired');
    await login();
    await page.waitForURL('**/admin');
  });

  it('ran every screen without a script error or a Content-Security-Policy refusal', () => {
    expect(pageProblems).toEqual([]);
  });
});
