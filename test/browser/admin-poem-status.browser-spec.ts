/**
 * Proofreading in the admin. A status for every poem, as two curators share the proofreading: the
 * first marks a poem Proofread and is not offered Checked; the second, on their own browser, marks
 * it Checked. The cards, the filter and the book's progress on its detail page and the dashboard
 * follow. And a scanned poem's text tied to its page: the words the reading doubted marked and
 * walked by keys, the caret's line outlined on the photo, a line clicked on the photo taking the
 * caret to it, and Looks right clearing a mark.
 */
import type { Locator, Page } from 'playwright-core';
import { renderBookPages, sampleBook } from '../support/page-photos/page-photos.mjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  expectAccessible,
  gotoTurnedAway,
  login,
  notification,
  scanPages,
  seedPublication,
  startAdminSuite,
  uniqueWord,
  type AdminSuite,
} from './support/admin-browser.js';

const poemCard = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const progress = (page: Page) => page.locator('[data-proofreading-progress]').first();
/** A poem's status as its chip says it (its icon aside). */
const statusIn = (scope: Locator) => scope.locator('[data-poem-status]').textContent();

describe('poem statuses in the admin', () => {
  let suite: AdminSuite;

  beforeAll(async () => {
    suite = await startAdminSuite('admin-poem-status');
  });
  afterEach(async (ctx) => suite?.afterTest(ctx.task));
  afterAll(async () => suite?.close());

  it('two curators take a poem from As scanned to Checked; the one who proofread it cannot check it', async () => {
    const sibling = uniqueWord('sibling');
    await suite.api.agent.post('/api/curators/').send({ username: sibling, password: 'a long family secret' }).expect(201);
    const title = uniqueWord('Tide Book ');
    const { publication, poems } = await seedPublication(
      suite,
      { title },
      {
        poems: [
          { title: 'Low Tide', body: 'The boats lie down\n  on their sides' },
          { title: 'Gulls', body: 'white\nwhite' },
        ],
      },
    );
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    await expect.poll(() => progress(page).innerText()).toBe('0 of 2 proofread, 0 checked');
    await expect.poll(() => statusIn(poemCard(page, 'Low Tide'))).toBe('Status: As scanned');

    await poemCard(page, 'Low Tide').getByRole('link', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Poem' });
    await dialog.getByText('Checked comes after a curator has proofread the poem.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Mark checked' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Mark proofread' }).click();
    await notification(page, 'Poem marked proofread').waitFor();
    await expect.poll(() => statusIn(dialog)).toBe('Status: Proofread');
    await dialog.getByText(new RegExp(`^Proofread by ${ADMIN.username}, `)).waitFor();
    // Checked is a second curator's: not offered to the one who proofread it, who is told why.
    await dialog.getByText('You proofread this poem: a second curator checks it.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Mark checked' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'Edit Poem with its status');
    await suite.shot(page, '01-proofread');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => statusIn(poemCard(page, 'Low Tide'))).toBe('Status: Proofread');
    await expect.poll(() => progress(page).innerText()).toBe('1 of 2 proofread, 0 checked');
    // The server refuses it too, whatever the screen offers.
    const own = await suite.api.agent.put(`/api/poems/${poems[0].id}/status/`).send({ status: 'checked' });
    expect(own.status).toBe(403);

    // The filter shows the poems of one status.
    await page.getByLabel('Show poems').click();
    await page.getByRole('option', { name: 'As scanned' }).click();
    // The menu fades out after the choice: axe would measure its half-faded options' contrast. A
    // closing menu is hidden from roles at once, so its options are waited for by their markup.
    await page.locator('[role="option"]').first().waitFor({ state: 'detached' });
    await poemCard(page, 'Low Tide').waitFor({ state: 'detached' });
    await poemCard(page, 'Gulls').waitFor();
    await page.getByText('Show all statuses to change the order.').waitFor();
    await expectAccessible(page, 'poems of one status');

    // The second curator, on their own browser.
    const theirs = await suite.newPage(await suite.newContext(false));
    await gotoTurnedAway(theirs, '/admin');
    await login(theirs, sibling, 'a long family secret');
    await theirs.getByText(`Welcome, ${sibling}`).waitFor();
    await theirs.goto(`/admin/publication/${publication.slug}/poems/${poems[0].id}`);
    const their = theirs.getByRole('dialog', { name: 'Edit Poem' });
    await their.getByText(new RegExp(`^Proofread by ${ADMIN.username}, `)).waitFor();
    await their.getByRole('button', { name: 'Mark checked' }).click();
    await notification(theirs, 'Poem marked checked').waitFor();
    await expect.poll(() => statusIn(their)).toBe('Status: Checked');
    await their.getByText('Saving a change to its title or text returns it to Proofread, for another curator to check.').waitFor();
    await their.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => statusIn(poemCard(theirs, 'Low Tide'))).toBe('Status: Checked');
    await expect.poll(() => progress(theirs).innerText()).toBe('1 of 2 proofread, 1 checked');
    await expectAccessible(theirs, 'the book with a checked poem');
    await suite.shot(theirs, '02-checked');

    // The history says who marked what; the dashboard card shows the book's progress.
    await poemCard(theirs, 'Low Tide').getByRole('link', { name: 'History: Low Tide' }).click();
    const versions = theirs.getByRole('table', { name: 'Versions' });
    await expect
      .poll(() => versions.locator('[data-revision="3"] td').nth(2).innerText())
      .toMatch(new RegExp(`^Marked checked by ${sibling}, `));
    expect(await versions.locator('[data-revision="2"] td').nth(2).innerText()).toMatch(
      new RegExp(`^Marked proofread by ${ADMIN.username}, `),
    );
    await theirs.goto('/admin');
    const card = theirs.getByRole('article').filter({ hasText: title });
    await expect.poll(() => card.locator('[data-proofreading-progress]').innerText()).toBe('1 of 2 proofread, 1 checked');
  });

  it('marks the words the reading doubted, walks them by keys, ties each line to its place on the photo, and clears a mark that looks right', async () => {
    const title = uniqueWord('Harbour Book ');
    const { publication } = await seedPublication(suite, { title });
    const lantern = {
      title: 'The Lantern',
      body: 'A lantern swings above the door,\nthe lovliest light the harbour knew;\nit burned for sailors gone before\nand burns, beautifull, for you.',
    };
    const rendered = await renderBookPages(sampleBook({ title, poems: [lantern] }), { maxPages: 1, seed: 3 });
    const [poem] = (await scanPages(suite, publication.id, [rendered.pages[0]!.image])).poems;
    const reading = (await suite.api.agent.get(`/api/poems/${poem!.id}/proofreading/`).expect(200)).body as {
      lines: Array<{
        line: number;
        text: string;
        box: { x: number; y: number; width: number; height: number };
        doubts: Array<{ start: number; end: number }>;
      }>;
    };
    const doubted = reading.lines.flatMap((l) => l.doubts.map((d) => l.text.slice(d.start, d.end)));
    expect(doubted).toEqual(expect.arrayContaining(['lovliest', 'beautifull,']));

    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}/poems/${poem!.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit Poem' });
    const text = dialog.getByLabel('Poem Text');
    await dialog.getByText(`${doubted.length} doubtful words`).waitFor();
    // Each mark lies under its word, drawn as a wavy underline.
    const marks = dialog.locator('.doubt-marks mark');
    await expect.poll(() => marks.allInnerTexts()).toEqual(doubted);
    expect(await marks.first().evaluate((m) => getComputedStyle(m).textDecorationStyle)).toBe('wavy');

    // F8 walks the marks from the caret, selecting each word in the text; Shift+F8 walks back.
    const selected = () => text.evaluate((t: HTMLTextAreaElement) => t.value.slice(t.selectionStart, t.selectionEnd));
    await text.focus();
    await text.evaluate((t: HTMLTextAreaElement) => t.setSelectionRange(0, 0));
    await page.keyboard.press('F8');
    await expect.poll(selected).toBe(doubted[0]);
    const current = dialog.locator('[data-current-doubt]');
    await expect.poll(() => current.innerText()).toMatch(new RegExp(`^Doubtful word 1 of ${doubted.length}: “${doubted[0]}”, line \\d+: `));
    await page.keyboard.press('F8');
    await expect.poll(selected).toBe(doubted[1]);
    await page.keyboard.press('Shift+F8');
    await expect.poll(selected).toBe(doubted[0]);

    // The caret's line is outlined on the photo: the outline lies on that line of type.
    const outline = dialog.locator('[data-line-outline]');
    const photo = dialog.getByRole('img', { name: /Photograph of/ }).first();
    await outline.waitFor();
    await dialog.getByText('200%').waitFor();
    const boxOnPhoto = async () => {
      const [o, p] = await Promise.all([outline.boundingBox(), photo.boundingBox()]);
      return { top: (o!.y - p!.y) / p!.height, height: o!.height / p!.height };
    };
    const first = await boxOnPhoto();
    expect(first.height).toBeLessThan(0.05);
    // Down one line of text: the outline moves down the page.
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await boxOnPhoto()).top).toBeGreaterThan(first.top + first.height / 2);

    // A click on a line of the photo puts the caret at the start of that line of text.
    const target = reading.lines.find((l) => l.text.includes('sailors'))!;
    const natural = await photo.evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
    const shown = (await photo.boundingBox())!;
    await photo.scrollIntoViewIfNeeded();
    const { box } = target;
    await photo.click({
      position: { x: ((box.x + box.width / 3) / natural.w) * shown.width, y: ((box.y + box.height / 2) / natural.h) * shown.height },
    });
    const caretLine = () => text.evaluate((t: HTMLTextAreaElement) => t.value.slice(0, t.selectionStart).split('\n').length - 1);
    await expect.poll(caretLine).toBe(target.line);
    await expect.poll(() => text.evaluate((t) => t === document.activeElement)).toBe(true);
    await expectAccessible(page, 'Edit Poem with its doubtful words');
    await suite.shot(page, '03-doubtful-words');

    // Looks right clears the word's mark and leaves the text as it was.
    const before = await text.inputValue();
    await text.evaluate((t: HTMLTextAreaElement) => t.setSelectionRange(0, 0));
    await page.keyboard.press('F8');
    await expect.poll(selected).toBe(doubted[0]);
    await dialog.getByRole('button', { name: 'Looks right' }).click();
    await expect.poll(() => current.innerText()).toBe(`“${doubted[0]}” looks right: its mark is cleared.`);
    await expect.poll(() => marks.allInnerTexts()).toEqual(doubted.slice(1));
    expect(await text.inputValue()).toBe(before);
    const after = (await suite.api.agent.get(`/api/poems/${poem!.id}/proofreading/`).expect(200)).body as typeof reading;
    expect(after.lines.flatMap((l) => l.doubts.map((d) => l.text.slice(d.start, d.end)))).toEqual(doubted.slice(1));
  });

  it('Proofread this book goes through the poems in order, saving and marking with Ctrl+Enter, and resumes where the curator stopped', async () => {
    const title = uniqueWord('Long Book ');
    const { publication, poems } = await seedPublication(
      suite,
      { title },
      {
        poems: [
          { title: 'One', body: 'first' },
          { title: 'Two', body: 'second' },
          { title: 'Three', body: 'third' },
        ],
      },
    );
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}`);
    await page.getByRole('link', { name: 'Proofread this book' }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Proofread “${title}”`) });
    await dialog.getByText('Poem 1 of 3').waitFor();
    await expect.poll(() => dialog.getByLabel('Title').inputValue()).toBe('One');
    await expectAccessible(page, 'Proofread this book');
    await suite.shot(page, '04-proofread-book');

    // A correction, saved with Ctrl+Enter: the poem is saved and marked proofread, and the next one opens.
    const text = dialog.getByLabel('Poem Text');
    await text.fill('first, corrected');
    await page.keyboard.press('Control+Enter');
    await dialog.getByText('Poem 2 of 3').waitFor();
    await expect.poll(() => dialog.getByLabel('Title').inputValue()).toBe('Two');
    const poem = async (id: number) =>
      (await suite.api.agent.get(`/api/poems/${id}/`).expect(200)).body as { body: string; status: string };
    expect(await poem(poems[0].id)).toMatchObject({ body: 'first, corrected', status: 'proofread' });
    // Nothing to change: Save and next marks it and goes on.
    await dialog.getByRole('button', { name: 'Save and next' }).click();
    await dialog.getByText('Poem 3 of 3').waitFor();
    expect((await poem(poems[1].id)).status).toBe('proofread');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => progress(page).innerText()).toBe('2 of 3 proofread, 0 checked');

    // Next time, even after a reload, the book opens where this curator stopped.
    await page.reload();
    await page.getByRole('link', { name: 'Proofread this book' }).click();
    await dialog.getByText('Poem 3 of 3').waitFor();
    await dialog.getByRole('button', { name: 'Save and finish' }).click();
    await notification(page, 'That was the last poem of the book.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => progress(page).innerText()).toBe('3 of 3 proofread, 0 checked');
  });
});
