/**
 * Curators in the admin, as the family would manage them: a second curator added with a
 * password signs in on their own browser; removed, their session ends at once.
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
  uniqueWord,
  type AdminSuite,
} from './support/admin-browser.js';

describe('curators in the admin', () => {
  let suite: AdminSuite;

  beforeAll(async () => {
    suite = await startAdminSuite('admin-curators');
  });
  afterEach(async (ctx) => suite?.afterTest(ctx.task));
  afterAll(async () => suite?.close());

  it('adds a second curator who signs in, then removes them and their session ends', async () => {
    const sibling = uniqueWord('sibling');
    const page = await suite.newPage();
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Curators' }).click();
    await page.getByRole('heading', { name: 'Curators', level: 1 }).waitFor();
    const rows = page.getByRole('row');
    await rows.filter({ hasText: `${ADMIN.username}(you)` }).waitFor();
    // The only curator cannot be removed: nothing offers it.
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await expectAccessible(page, 'the curators');
    await suite.shot(page, '01-list');

    await page.getByRole('link', { name: 'Add a curator' }).click();
    await page.getByRole('heading', { name: 'Add a curator', level: 1 }).waitFor();
    await page.getByLabel('Username').fill(sibling);
    await page.getByLabel(/^Password/).fill('short');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Must be 8 characters at least').waitFor();
    await page.getByLabel(/^Password/).fill('a long family secret');
    await expectAccessible(page, 'adding a curator');
    await page.getByRole('button', { name: 'Save' }).click();
    await notification(page, `Curator ${sibling} added. They can sign in now.`).waitFor();
    await rows.filter({ hasText: sibling }).waitFor();

    // The sibling, on their own browser.
    const theirs = await suite.newPage(await suite.newContext(false));
    await gotoTurnedAway(theirs, '/admin');
    await login(theirs, sibling, 'a long family secret');
    await theirs.waitForURL('**/admin');
    await theirs.getByText(`Welcome, ${sibling}`).waitFor();

    await rows
      .filter({ hasText: sibling })
      .getByRole('button', { name: `Remove ${sibling}` })
      .click();
    await confirm(page, 'They lose access at once and are signed out everywhere. What they edited stays.');
    await notification(page, `Curator ${sibling} removed.`).waitFor();
    await rows.filter({ hasText: sibling }).waitFor({ state: 'detached' });

    // Their next step finds the session gone: the login page, and their password no longer works.
    await theirs.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Curators' }).click();
    await theirs.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await expect.poll(() => new URL(theirs.url()).pathname).toBe('/login');
    const form = theirs.getByRole('form', { name: 'Admin Login' });
    await form.getByRole('status').filter({ hasText: 'Your session ended' }).waitFor();
    await login(theirs, sibling, 'a long family secret');
    await form.getByRole('alert').waitFor();
    expect(new URL(theirs.url()).pathname).toBe('/login');
  });

  it('gives a curator a new password from the list', async () => {
    const colleague = uniqueWord('colleague');
    await suite.api.agent.post('/api/curators/').send({ username: colleague, password: 'first password here' }).expect(201);
    const page = await suite.newPage();
    await page.goto('/admin/curators');
    const row = page.getByRole('row').filter({ hasText: colleague });
    await row.getByRole('button', { name: 'Reset password' }).click();
    const dialog = page.getByRole('dialog', { name: `A new password for ${colleague}` });
    await dialog.getByLabel(/^Password/).fill('second password here');
    await expectAccessible(page, 'a new password');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await notification(page, `The password of ${colleague} is changed; they were signed out everywhere.`).waitFor();
    const theirs = await suite.newPage(await suite.newContext(false));
    await theirs.goto('/login');
    await login(theirs, colleague, 'second password here');
    await theirs.getByText(`Welcome, ${colleague}`).waitFor();
  });
});
