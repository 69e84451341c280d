/**
 * Recordings of a poem, in Chromium against the real server: a curator uploads one in Edit Poem
 * and sees it listed with its length; once the book is published a visitor hears it under the poem.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../support/audio-fixtures.js';
import { expectAccessible, notification, seedPublication, startAdminSuite, type AdminSuite } from './support/admin-browser.js';

describe('recordings of a poem', () => {
  let suite: AdminSuite;

  beforeAll(async () => {
    suite = await startAdminSuite('recordings');
  });
  afterEach(async (ctx) => suite?.afterTest(ctx.task));
  afterAll(async () => suite?.close());

  it('a curator uploads a reading in Edit Poem, and once the book is published a visitor listens to it', async () => {
    const { publication, poems } = await seedPublication(
      suite,
      { title: 'Songs Read Aloud' },
      { poems: [{ title: 'Evening Song', body: 'the lamps come on\none by one' }] },
    );
    const poem = poems[0]!;
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}/poems/${poem.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit Poem' });
    const section = dialog.getByRole('region', { name: 'Recordings' });
    await section.getByText('No recording of this poem yet.').waitFor();
    await section.getByLabel('Sound file').setInputFiles({ name: 'reading.wav', mimeType: 'audio/wav', buffer: wav(3) });
    await section.getByLabel('Read by', { exact: true }).fill('Maria Poet');
    await section.getByLabel('Recorded', { exact: true }).fill('spring 1992');
    await section.getByLabel('Source', { exact: true }).fill('Cassette');
    await section.getByRole('button', { name: 'Upload recording' }).click();
    await notification(page, 'Recording added').waitFor();
    const item = section.getByRole('listitem');
    await item.getByText('Read by Maria Poet').waitFor();
    await expect.poll(() => item.getByTestId('recording-facts').innerText()).toBe('0:03 · spring 1992 · Cassette');
    await expect.poll(() => item.locator('audio').getAttribute('preload')).toBe('none');
    await suite.shot(page, '01-edit-poem');
    await expectAccessible(page, 'Edit Poem with a recording');

    // A draft's recording is not for visitors; published, it is under the poem.
    await suite.commands.setStatus(publication.id, 'published');
    const visitor = await suite.newPage(await suite.newContext(false));
    await visitor.goto(`/poem/${poem.slug}`);
    await visitor.getByRole('heading', { level: 2, name: 'Listen — read by Maria Poet, spring 1992' }).waitFor();
    const audio = visitor.getByRole('article').locator('audio');
    expect(await audio.getAttribute('aria-labelledby')).toBeTruthy();
    // Nothing loads until the listener asks.
    expect(await audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBe(0);
    await visitor.getByLabel('Speed').selectOption('1.5');
    await expectAccessible(visitor, 'poem page with a recording');
    await audio.evaluate((a: HTMLAudioElement) => {
      a.muted = true;
      return a.play();
    });
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
    // The speed chosen on the served page holds once the player's code has come (at that first use).
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => [Math.round(a.duration), a.playbackRate])).toEqual([3, 1.5]);
    await suite.shot(visitor, '02-poem-page');
    // No controls on paper: the printed poem leaves the player out.
    await visitor.emulateMedia({ media: 'print' });
    await audio.waitFor({ state: 'hidden' });
    await visitor.getByRole('heading', { name: /^Listen — / }).waitFor({ state: 'hidden' });
    await visitor.emulateMedia({ media: 'screen' });

    // Read inside the book, the poem brings its recording too.
    await visitor.goto(`/publication/${publication.slug}/${poem.slug}`);
    await visitor.getByRole('heading', { level: 3, name: 'Listen — read by Maria Poet, spring 1992' }).waitFor();
    await expect.poll(() => visitor.getByRole('article').locator('audio').getAttribute('src')).toMatch(/^\/api\/recordings\/\d+\/file$/);
  });

  it('lists the published recordings on a page of their own, reached from the footer of every page, each player loading nothing until played', async () => {
    const { publication, poems } = await seedPublication(
      suite,
      { title: 'Voices Collected' },
      { poems: [{ title: 'Morning Song', body: 'the birds\nbegin' }], status: 'published' },
    );
    const poem = poems[0]!;
    await suite.api.agent
      .post(`/api/poems/${poem.id}/recordings/`)
      .field('reader', 'Ruth Ash')
      .field('recorded', '1987')
      .field('source', 'Radio broadcast')
      .attach('file', wav(2), 'morning.wav')
      .expect(201);
    const visitor = await suite.newPage(await suite.newContext(false));
    await visitor.goto('/');
    await visitor.getByRole('contentinfo').getByRole('link', { name: 'Recordings of the poems' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Recordings' }).waitFor();
    // Served whole, with none of the reader's script: nothing to download but the page and its styles.
    const scripts: string[] = [];
    visitor.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await visitor.reload({ waitUntil: 'networkidle' });
    expect(scripts).toEqual([]);
    const entry = visitor.getByRole('listitem').filter({ hasText: 'Read by Ruth Ash, 1987' });
    await entry.getByText('Radio broadcast · 0:02').waitFor();
    const audio = entry.locator('audio');
    expect(await audio.getAttribute('preload')).toBe('none');
    expect(await audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBe(0);
    // The theme switch is the script's, so it is not offered here.
    await visitor.getByRole('button', { name: 'Dark mode' }).waitFor({ state: 'hidden' });
    await expectAccessible(visitor, 'recordings page');
    await suite.shot(visitor, '03-recordings-page');

    await visitor.getByRole('link', { name: 'Morning Song', exact: true }).click();
    await visitor.waitForURL(`**/publication/${publication.slug}/${poem.slug}`);
    await visitor.getByRole('heading', { level: 3, name: 'Listen — read by Ruth Ash, 1987' }).waitFor();
  });
});
