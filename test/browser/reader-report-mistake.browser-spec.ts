/**
 * Report a mistake, as a reader and a curator see it: words selected in a poem are quoted in the
 * report, sent in place (or, without the script, as a plain form answered with a page); the
 * report waits in the admin's inbox, counted in the app bar, shown as text only; it opens the
 * poem's editor at its line, and Resolve (after a confirm) closes it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  confirm,
  expectAccessible,
  notification,
  seedPublication,
  startAdminSuite,
  uniqueWord,
  type AdminSuite,
} from './support/admin-browser.js';

const SCRIPT = '<img src=x onerror="window.reported = 1">';

describe('reporting a mistake', () => {
  let suite: AdminSuite;

  beforeAll(async () => {
    suite = await startAdminSuite('reader-report-mistake');
  });
  afterEach(async (ctx) => suite?.afterTest(ctx.task));
  afterAll(async () => suite?.close());

  it('goes from a poem page to the inbox, opens the editor at its line, and is resolved', async () => {
    const title = uniqueWord('Gulls');
    const { poems } = await seedPublication(
      suite,
      {},
      { poems: [{ title, body: 'The tide comes in\n  and On! the gulls\n\nThe tide goes out' }], status: 'published' },
    );
    const poem = poems[0]!;

    // A reader selects the wrong words, then opens the form: they are quoted for them.
    const reader = await suite.newPage(await suite.newContext(false));
    // The form is hydrated after the page: React would report a mismatch as a console error.
    const errors: string[] = [];
    reader.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await reader.goto(`/poem/${poem.id}`);
    await reader.getByRole('button', { name: 'Share' }).waitFor();
    // The form is served ready to use; its script loads at the reader's first touch (here the selection).
    const box = (await reader.locator('.verse-line').nth(1).boundingBox())!;
    await reader.mouse.move(box.x + 2, box.y + box.height / 2);
    await reader.mouse.down();
    await reader.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 });
    await reader.mouse.up();
    await reader.waitForFunction(() =>
      Object.keys(document.querySelector('.report-mistake')!).some((key) => key.startsWith('__reactFiber')),
    );
    await reader.getByText('Report a mistake').click();
    const form = reader.locator('.report-form');
    await expect.poll(() => form.getByLabel('Words that look wrong').inputValue()).toBe('and On! the gulls');
    await form.getByLabel('Note').fill(`Should be "Oh!" ${SCRIPT}`);
    await form.getByLabel('Your name (optional)').fill('Ann');
    await expectAccessible(reader, 'the report form');
    await suite.shot(reader, '00-report-form');
    await form.getByRole('button', { name: 'Send report' }).click();
    await form.getByRole('status').filter({ hasText: 'Your report was sent to the curators' }).waitFor();
    expect(await form.getByLabel('Note').inputValue()).toBe('');
    expect(errors).toEqual([]);

    // Without the script the same form is a plain one, answered with a page.
    const bare = await suite.browser.newContext({ baseURL: suite.base, javaScriptEnabled: false });
    try {
      const plain = await bare.newPage();
      await plain.goto(`/poem/${poem.id}`);
      await plain.getByText('Report a mistake').click();
      await plain.getByLabel('Note').fill('A comma is missing after "in"');
      await plain.getByRole('button', { name: 'Send report' }).click();
      await plain.getByRole('heading', { name: 'Thank you' }).waitFor();
      await plain.getByRole('link', { name: 'Back to the poem' }).click();
      await plain.getByRole('heading', { name: title }).waitFor();
    } finally {
      await bare.close();
    }

    // The curator sees both in the inbox, counted in the app bar; the reader's words are text.
    const page = await suite.newPage();
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Reports, 2 open' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'and On! the gulls' });
    await row.getByText(`Should be "Oh!" ${SCRIPT}`).waitFor();
    await row.getByText(`${title}`).waitFor();
    await row.getByText('line 2').waitFor();
    expect(await page.evaluate(() => (window as unknown as { reported?: number }).reported)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await expectAccessible(page, 'the reports inbox');
    await suite.shot(page, '01-inbox');

    // Opening it opens the poem's editor with the caret on the reported line.
    await row.getByRole('link', { name: `Open in the editor: ${title}` }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Poem' });
    const body = editor.getByLabel('Poem Text');
    await expect
      .poll(() => body.evaluate((box: HTMLTextAreaElement) => box.value.slice(box.selectionStart, box.selectionEnd)))
      .toBe('  and On! the gulls');
    expect(await body.evaluate((box) => box === document.activeElement)).toBe(true);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });

    // Resolved after a confirm, it leaves the open reports, and the count goes down.
    await nav.getByRole('link', { name: 'Reports, 2 open' }).click();
    await row.getByRole('button', { name: 'Resolve' }).click();
    await confirm(page, 'It leaves the open reports. Resolve it once the poem is corrected.');
    await notification(page, 'Report resolved.').waitFor();
    await row.waitFor({ state: 'detached' });
    await nav.getByRole('link', { name: 'Reports, 1 open' }).waitFor();
    await page.getByRole('button', { name: 'Resolved' }).click();
    await page.getByRole('row').filter({ hasText: 'and On! the gulls' }).getByText(`Resolved by curator`).waitFor();
    await expectAccessible(page, 'the resolved reports');
  });
});
