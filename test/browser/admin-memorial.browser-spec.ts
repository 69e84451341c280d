/**
 * The memorial in the admin, as a curator would edit it: the poet's name, dates and biography,
 * a portrait cropped in the browser, and the public home and About pages showing it at once,
 * without a restart.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SITE } from '../../reader/test-support/site-app.js';
import { expectAccessible as expectReaderAccessible } from './support/axe.js';
import { expectAccessible, expectText, notification, SCREEN_TIMEOUT, startAdminSuite, type AdminSuite } from './support/admin-browser.js';

/** A real photo: a dark figure on a light ground, written as the JPEG a phone would send. */
async function portraitPhoto(): Promise<string> {
  const figure = await sharp({ create: { width: 500, height: 700, channels: 3, background: '#3b2f2f' } })
    .png()
    .toBuffer();
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#e8e0d0' } })
    .composite([{ input: figure, left: 550, top: 300 }])
    .jpeg({ quality: 90 })
    .toBuffer();
  const file = join(mkdtempSync(join(tmpdir(), 'portrait-')), 'grandmother.jpg');
  writeFileSync(file, photo);
  return file;
}

describe('the memorial in the admin', () => {
  let suite: AdminSuite;
  const visitors: BrowserContext[] = [];

  beforeAll(async () => {
    suite = await startAdminSuite('admin-memorial');
  });
  afterEach(async (ctx) => {
    for (const context of visitors.splice(0)) await context.close().catch(() => undefined);
    await suite?.afterTest(ctx.task);
  });
  afterAll(async () => suite?.close());

  /** A visitor's browser (axe is injected as a script tag, which the site's CSP rightly refuses). */
  async function visitor(): Promise<BrowserContext> {
    const context = await suite.browser.newContext({
      baseURL: suite.base,
      bypassCSP: true,
      locale: 'en-US',
      viewport: { width: 1280, height: 900 },
    });
    context.setDefaultTimeout(SCREEN_TIMEOUT);
    visitors.push(context);
    return context;
  }

  it('edits the memorial with a portrait, and the home and About pages change without a restart', async () => {
    const reader = await (await visitor()).newPage();
    await reader.goto('/');
    await reader.getByText(TEST_SITE.poet.name, { exact: true }).first().waitFor();

    const page = await suite.newPage();
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Memorial' }).click();
    await page.getByRole('heading', { name: 'The Memorial', level: 1 }).waitFor();
    const name = page.getByLabel("Poet's name");
    await expect.poll(() => name.inputValue()).toBe(TEST_SITE.poet.name);
    await expectAccessible(page, 'the memorial settings');

    await page.getByRole('button', { name: 'Choose a photo' }).waitFor();
    // What is not a photo is refused at once, saying why; the crop does not open.
    const crop = page.getByRole('dialog', { name: 'Crop the portrait' });
    const input = page.getByTestId('portrait-file');
    await input.setInputFiles({ name: 'letter.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Dear family, the photo follows.\n') });
    const refusal = page.getByRole('alert').filter({ hasText: 'letter.jpg' });
    await expectText(
      refusal.locator('.MuiAlert-message'),
      'letter.jpg is not a photo: its contents are not a JPEG, PNG or WebP image, whatever its name says. Choose a photo.',
    );
    await input.setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
    });
    await expectText(
      page.getByRole('alert').filter({ hasText: 'scan.pdf' }).locator('.MuiAlert-message'),
      'scan.pdf is a PDF document, not a photo. Choose a JPEG, PNG or WebP photo.',
    );
    await refusal.waitFor({ state: 'detached' });
    expect(await crop.count()).toBe(0);
    await expectAccessible(page, 'a refused portrait');
    await input.setInputFiles(await portraitPhoto());
    await page.getByRole('alert').filter({ hasText: 'scan.pdf' }).waitFor({ state: 'detached' });
    await crop.getByRole('slider', { name: 'Zoom' }).waitFor();
    await expectAccessible(page, 'the portrait crop dialog');
    await suite.shot(page, '01-crop');
    await crop.getByRole('button', { name: 'Save portrait' }).click();
    await notification(page, 'The portrait is saved; the public pages show it now.').waitFor();
    await crop.waitFor({ state: 'detached' });

    await name.fill('Marguerite Ash');
    await page.getByLabel('Line under the name').fill('Poet and Translator');
    await page.getByLabel('Born').fill('1925-11-02');
    await page.getByLabel('Died').fill('2011-04-30');
    await page
      .getByLabel('Biography')
      .fill('She translated *Rilke* and wrote of harbours.\n\nHer letters are at [the harbour library](https://library.example/ash).');
    const preview = page.getByTestId('biography-preview');
    await preview.locator('em', { hasText: 'Rilke' }).waitFor();
    await preview.getByRole('link', { name: 'the harbour library' }).waitFor();
    await page.getByLabel("Home page's opening line").fill('Every poem Marguerite Ash published, gathered by her family.');
    await suite.shot(page, '02-edited');
    await page.getByRole('button', { name: 'Save' }).click();
    await notification(page, 'The memorial is saved; the public pages show it now.').waitFor();

    // The visitor's home page, reloaded: the new memorial, with its portrait, no restart.
    await reader.reload();
    await reader.getByText('Every poem Marguerite Ash published, gathered by her family.').waitFor();
    const portrait = reader.getByRole('img', { name: 'Portrait of Marguerite Ash' });
    await portrait.waitFor();
    await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    await reader.locator('.memorial em', { hasText: 'Rilke' }).waitFor();
    await expectReaderAccessible(reader, 'home with the memorial');

    await reader.getByRole('link', { name: 'About Marguerite Ash' }).click();
    await reader.getByRole('heading', { name: 'About Marguerite Ash', level: 1 }).waitFor();
    await reader.getByText('November 2, 1925').waitFor();
    await reader.getByText('Poet and Translator').waitFor();
    await reader.getByRole('link', { name: 'the harbour library' }).waitFor();
    await expect
      .poll(() => reader.getByRole('img', { name: 'Portrait of Marguerite Ash' }).evaluate((img: HTMLImageElement) => img.naturalHeight))
      .toBe(800);
    await expectReaderAccessible(reader, 'About the poet');
    await reader.screenshot({ path: join('test-artifacts/screenshots', 'admin-memorial-03-about.png'), fullPage: true });
  });

  it('asks before leaving the screen with unsaved changes, and keeps them on Stay', async () => {
    const page = await suite.newPage();
    await page.goto('/admin/settings');
    const footer = page.getByLabel('Footer credit');
    await expect.poll(() => footer.inputValue()).not.toBe('');
    await footer.fill('Kept by the Ash family.');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Publications' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await ask.waitFor();
    await expectAccessible(page, 'the unsaved changes question');
    await ask.getByRole('button', { name: 'Stay' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/admin/settings');
    expect(await footer.inputValue()).toBe('Kept by the Ash family.');

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Publications' }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
    const saved = (await suite.api.agent.get('/api/settings/memorial').expect(200)).body;
    expect(saved.footer_credit).not.toBe('Kept by the Ash family.');
  });

  it('refuses script in the biography with a clear message, and the public page stays as it was', async () => {
    const before = (await suite.api.agent.get('/api/settings/memorial').expect(200)).body;
    const page = await suite.newPage();
    await page.goto('/admin/settings');
    const biography = page.getByLabel('Biography');
    await expect.poll(() => biography.inputValue()).toBe(before.biography);
    await biography.fill('Loved by all. <script>alert("hi")</script>');
    // The preview shows the tag as text: nothing runs.
    await page.getByTestId('biography-preview').getByText('<script>alert("hi")</script>', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await notification(page, /cannot hold HTML/).waitFor();
    expect(await biography.inputValue()).toBe('Loved by all. <script>alert("hi")</script>');
    expect((await suite.api.agent.get('/api/settings/memorial').expect(200)).body).toEqual(before);
  });
});
