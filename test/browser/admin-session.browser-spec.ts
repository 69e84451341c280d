/**
 * Signing in and out of the admin in Chromium against the real server: the login page, the guard,
 * session expiry, the return target, and the dashboard's retry panel with diagnostics. No test
 * here creates a publication: two of them check the empty dashboard a first-time admin sees.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  confirm,
  expectAccessible,
  gotoTurnedAway,
  login,
  notification,
  startAdminSuite,
  type AdminSuite,
} from './support/admin-browser.js';

describe('admin sessions in the browser', () => {
  let suite: AdminSuite;

  beforeAll(async () => {
    suite = await startAdminSuite('admin-session');
  });
  afterEach(async (ctx) => suite?.afterTest(ctx.task));
  afterAll(async () => suite?.close());

  it('serves the admin page without caching and marked noindex', async () => {
    const res = await fetch(`${suite.base}/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(await res.text()).toMatch(/<meta name="robots" content="noindex/);
  });

  it('sends a visitor of /admin to the login page, which refuses a wrong password and lets the admin in', async () => {
    const page = await suite.newPage(await suite.newContext(false));
    await gotoTurnedAway(page, '/admin');
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await expect.poll(() => signIn.isDisabled()).toBe(true);
    await page.getByLabel('Username').fill(ADMIN.username);
    await expect.poll(() => signIn.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect.poll(() => page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await login(page, ADMIN.username, 'not the password');
    const error = page.getByRole('alert');
    await error.waitFor();
    await expect.poll(async () => (await error.innerText()).length).toBeGreaterThan(0);
    await suite.shot(page, '01-login-error');
    await expectAccessible(page, 'login with an error');
    await login(page);
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByText(`Welcome, ${ADMIN.username}`).waitFor();
    // The wrong password above is told at this sign-in, and stays until the admin closes it.
    const told = notification(
      page,
      /A wrong password was given for your account since you last signed in \(on \w+ \d+, \d{4}\)\. If it was not you, choose a new password\./,
    );
    await told.waitFor();
    await new Promise((r) => setTimeout(r, 4_500));
    expect(await told.count()).toBe(1);
    await page.getByRole('heading', { name: 'No publications found' }).waitFor();
    await page.getByText('Create your first publication to get started.').waitFor();
    await suite.shot(page, '02-dashboard-empty');
    await expectAccessible(page, 'empty dashboard');
  });

  it('shows the database error panel with diagnostics when the list fails, and recovers on Try Again', async () => {
    const page = await suite.newPage();
    const adminList = (url: URL) => url.pathname === '/api/publications/' && url.searchParams.get('admin') === 'true';
    let serverBack = false;
    await page.route(adminList, async (route) => {
      if (!serverBack)
        return route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal server error', message: 'Internal server error' } });
      // Back, a little slowly.
      await new Promise((r) => setTimeout(r, 800));
      return route.continue();
    });
    await page.goto('/admin');
    const panel = page.getByRole('alert').filter({ hasText: 'Database connection issue' });
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Show Diagnostics' }).click();
    await panel.getByText(/^Backend ping: OK \(\d+ ms\)$/).waitFor();
    await panel.getByText(/^Publications API: OK/).waitFor();
    await panel.getByText(/^Database: OK$/).waitFor();
    await panel.getByText('Raw details').click();
    await expect.poll(() => panel.locator('pre').innerText()).toContain('"database": true');
    await suite.shot(page, '03-error-panel');
    await expectAccessible(page, 'dashboard error panel');
    await panel.getByRole('button', { name: 'Hide Diagnostics' }).click();
    serverBack = true;
    await panel.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('button', { name: 'Retrying...' }).waitFor();
    await page.getByRole('heading', { name: 'No publications found' }).waitFor();
    await panel.waitFor({ state: 'detached' });
  });

  it('validates the session on entry, then logs out after the confirm', async () => {
    const context = await suite.newContext(true);
    const page = await suite.newPage(context);
    const check = (url: URL) => url.pathname === '/api/auth/check/';
    await page.route(check, async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.goto('/admin');
    await page.getByText('Validating session...').waitFor();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.unroute(check);
    await page.getByRole('button', { name: 'Logout' }).click();
    await confirm(page, 'Are you sure you want to logout?');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('authToken')])).toEqual([null, null]);
    expect((await context.request.get(`${suite.base}/api/auth/check/`).then((r) => r.json())).authenticated).toBe(false);
    await gotoTurnedAway(page, '/admin');
  });

  it('keeps the admin signed in when Logout is cancelled', async () => {
    const page = await suite.newPage(await suite.newContext(true));
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Logout' }).click();
    await confirm(page, 'Are you sure you want to logout?', 'Cancel');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
  });

  it('returns to the page the guard turned away after signing in', async () => {
    const page = await suite.newPage(await suite.newContext(false));
    await gotoTurnedAway(page, '/admin/publication/some-later-page');
    await login(page);
    await page.waitForURL('**/admin/publication/some-later-page');
    await page.getByRole('heading', { name: 'Error Loading Publication' }).waitFor();
    await page.getByText('Publication not found').waitFor();
    await expectAccessible(page, 'detail page load error');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  });

  it('sends unknown admin paths to the dashboard', async () => {
    const page = await suite.newPage();
    await page.goto('/admin/no/such/screen');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  });

  it('sends the admin to the login page with the reason when the session expires mid-use', async () => {
    const context = await suite.newContext(true);
    const page = await suite.newPage(context);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    // The session ends on the server (as when it expires); the browser still believes it is signed in.
    const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const out = await context.request.post(`${suite.base}/api/auth/logout/`, { headers: { 'X-CSRFToken': csrf } });
    expect(out.ok()).toBe(true);
    await page.getByRole('button', { name: 'Drafts' }).click();
    await page.waitForURL('**/login');
    await notification(page, /log in|authenticat|session/i).waitFor();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await suite.shot(page, '04-session-expired');
    await login(page);
    // Back where the session ended: the dashboard, still showing the drafts.
    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('filter') === '{"status":"draft"}');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Drafts' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("reloads itself once when a screen's code is gone after a new deploy, and does not reload in a loop", async () => {
    const page = await suite.newPage();
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    // The Curators screen's chunk is gone the first time it is asked for, as after a deploy that
    // replaced it; the reloaded page asks the new build, which has it.
    let asked = 0;
    await page.route(/\/admin\/assets\/curator-list-[^/]+\.js$/, (route) =>
      ++asked === 1 ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }) : route.continue(),
    );
    await nav.getByRole('link', { name: 'Curators' }).click();
    await page.getByRole('heading', { name: 'Curators', level: 1 }).waitFor();
    expect(asked).toBe(2);
    expect(loads).toBe(2);
    // A chunk missing again right after is missing for good: an error on screen, not a reload loop.
    await page.route(/\/admin\/assets\/memorial-settings-edit-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }),
    );
    await nav.getByRole('link', { name: 'Memorial' }).click();
    await page.getByText('Something went wrong').waitFor();
    await new Promise((r) => setTimeout(r, 1000));
    expect(loads).toBe(2);
  });
});
