/**
 * The admin on the narrowest phone a curator may hold (320 CSS pixels, as WCAG's reflow asks): every
 * screen fits the width, tables scroll in their own box, and nothing makes the whole page scroll
 * sideways.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedPublication, startAdminSuite, type AdminSuite } from './support/admin-browser.js';

const NARROWEST = { width: 320, height: 640 };

describe('the admin on a 320 px phone', () => {
  let suite: AdminSuite;

  beforeAll(async () => {
    suite = await startAdminSuite('admin-phone');
  });
  afterEach(async (ctx) => suite?.afterTest(ctx.task));
  afterAll(async () => suite?.close());

  it('fits every screen to the width, with no sideways scrolling of the page', async () => {
    const { publication, poems } = await seedPublication(
      suite,
      { title: 'Narrow Margins', publisher: 'Harbour Press', isbn: '9780306406157' },
      { poems: [{ title: 'Small Hours', body: 'the lamp\n  leans over\n\nthe page' }] },
    );
    const book = `/admin/publication/${publication.slug}`;
    const page = await suite.newPage();
    await page.setViewportSize(NARROWEST);

    // Each screen with what shows it has loaded, the widest part of it included.
    const screens: Array<[string, string, (page: Page) => Locator]> = [
      ['dashboard', '/admin', (p) => p.getByRole('heading', { name: 'Narrow Margins' })],
      ['publication', book, (p) => p.getByRole('heading', { name: 'Small Hours' })],
      ['publication history', `${book}/history`, (p) => p.getByRole('row').nth(1)],
      ['edit poem', `${book}/poems/${poems[0]!.id}`, (p) => p.getByRole('dialog', { name: 'Edit Poem' })],
      ['poem history', `${book}/poems/${poems[0]!.id}/history`, (p) => p.getByRole('row').nth(1)],
      ['curators', '/admin/curators', (p) => p.getByRole('row').nth(1)],
      ['reports', '/admin/reports', (p) => p.getByRole('heading', { level: 1 })],
      ['memorial', '/admin/settings', (p) => p.getByRole('heading', { level: 1 })],
      ['new publication', '/admin/publications/create', (p) => p.getByRole('heading', { name: 'Create New Publication' })],
    ];
    for (const [name, path, loaded] of screens) {
      await page.goto(path);
      await loaded(page).first().waitFor();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: name })
        .toBe(0);
    }
    await suite.shot(page, '01-new-publication');
  });
});
