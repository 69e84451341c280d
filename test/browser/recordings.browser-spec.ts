/**
 * Recordings of a poem, in Chromium against the real server: a curator uploads one in Edit Poem
 * and sees it listed with its length; once the book is published a visitor hears it under the poem.
 * A curator records a reading with Chromium's fake microphone, hears it back and keeps it; marks
 * where each line starts while a recording plays; a visitor then reads along. The published
 * recordings on a page of their own, reached from every page's footer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../support/audio-fixtures.js';
import type { Locator } from 'playwright-core';
import { formatDuration, type RecordingResponse } from '../../contracts/recordings.js';
import {
  confirm,
  expectAccessible,
  expectText,
  notification,
  seedPublication,
  startAdminSuite,
  type AdminSuite,
} from './support/admin-browser.js';

describe('recordings of a poem', () => {
  let suite: AdminSuite;

  beforeAll(async () => {
    // A microphone that plays a tone, for MediaRecorder to record; it is asked for as usual, and a
    // context has it only when a test grants it (headless Chromium refuses what is not granted).
    suite = await startAdminSuite('recordings', {}, ['--use-fake-device-for-media-stream']);
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
    await playMuted(audio);
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
    await suite.shot(visitor, '06-recordings-page');

    await visitor.getByRole('link', { name: 'Morning Song', exact: true }).click();
    await visitor.waitForURL(`**/publication/${publication.slug}/${poem.slug}`);
    await visitor.getByRole('heading', { level: 3, name: 'Listen — read by Ruth Ash, 1987' }).waitFor();
  });

  it('a curator records a reading in Edit Poem, hears it back and keeps it; nothing recorded is left unasked', async () => {
    const { publication, poems } = await seedPublication(
      suite,
      { title: 'Songs Recorded Here' },
      { poems: [{ title: 'Kitchen Song', body: 'a kettle\nand a window' }] },
    );
    const page = await suite.newPage();
    // The microphone refused: the admin says so and records nothing.
    await page.goto(`/admin/publication/${publication.slug}/poems/${poems[0]!.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit Poem' });
    const section = dialog.getByRole('region', { name: 'Recordings' });
    await section.getByRole('button', { name: 'Record a reading' }).click();
    await section.getByRole('alert').filter({ hasText: 'The microphone was refused.' }).waitFor();

    await page.context().grantPermissions(['microphone']);
    await section.getByRole('button', { name: 'Record a reading' }).click();
    const recordingFrom = Date.now();
    const timer = section.getByRole('timer');
    await expect.poll(() => timer.innerText()).toBe('Recording 0:01');
    const meter = section.getByRole('progressbar', { name: 'Sound level' });
    await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await expectAccessible(page, 'Edit Poem while recording');
    await suite.shot(page, '03-recording');
    await section.getByRole('button', { name: 'Stop' }).click();
    // As long as it ran: the checks above take their time while it records, longer on a busy machine.
    const recordedSeconds = (Date.now() - recordingFrom) / 1000;

    // Heard back before it is kept.
    const heard = section.getByLabel('Your recording, not kept yet');
    await playMuted(heard);
    await expect.poll(() => heard.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);
    await expectAccessible(page, 'Edit Poem with a reading recorded');
    // Leaving with it unkept asks first; staying keeps it.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await expectText(ask.locator('.MuiDialogContentText-root'), 'A reading you recorded has not been kept. Leave and lose it?');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    await heard.waitFor();
    // Discard asks too.
    await section.getByRole('button', { name: 'Discard' }).click();
    await confirm(page, 'The reading you recorded will be lost: it has not been kept.', 'Cancel');

    await section.getByLabel('Read by', { exact: true }).fill('Ruth Ash');
    await section.getByRole('button', { name: 'Keep recording' }).click();
    await notification(page, 'Recording added').waitFor();
    const item = section.getByRole('listitem').filter({ hasText: 'Read by Ruth Ash' });
    const [kept] = (await suite.api.agent.get(`/api/poems/${poems[0]!.id}/recordings/`).expect(200)).body as RecordingResponse[];
    expect(kept).toMatchObject({ mime_type: 'audio/webm', reader: 'Ruth Ash' });
    expect(kept!.duration_seconds).toBeGreaterThan(0.9);
    expect(kept!.duration_seconds).toBeLessThanOrEqual(recordedSeconds + 0.5);
    // Its length as the list shows it (m:ss), the length kept.
    await expect.poll(() => item.getByTestId('recording-facts').innerText()).toBe(formatDuration(kept!.duration_seconds));
    // Kept: the recorder is back to its start, and leaving asks nothing.
    await section.getByRole('button', { name: 'Record a reading' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('a curator marks where each line starts while the recording plays; a visitor then reads along', async () => {
    const lines = ['the lamps come on', 'one by one', 'and the dark goes home'];
    const { publication, poems } = await seedPublication(
      suite,
      { title: 'Songs Read Along' },
      {
        poems: [
          { title: 'Lamp Song', body: `${lines[0]}\n${lines[1]}\n\n${lines[2]}` },
          { title: 'Dark Song', body: 'no lamp\nno song\nno one' },
        ],
      },
    );
    const poem = poems[0]!;
    await suite.api.agent
      .post(`/api/poems/${poem.id}/recordings/`)
      .field('reader', 'Maria Poet')
      .attach('file', wav(4), 'lamps.wav')
      .expect(201);
    const page = await suite.newPage();
    await page.goto(`/admin/publication/${publication.slug}/poems/${poem.id}`);
    await page.getByRole('button', { name: 'Mark lines: read by Maria Poet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark lines: read by Maria Poet' });
    const player = dialog.getByLabel('The recording read by Maria Poet');
    const count = dialog.getByTestId('marks-count');
    const time = (n: number) => dialog.getByLabel(`Start of line ${n}`);
    await expectText(count, '0 of 3 lines marked');

    // Played half as fast again; a key (Space, then Enter) or a tap as each line begins.
    await playMuted(player, 1.5);
    const markButton = dialog.getByRole('button', { name: /^Mark line/ });
    await expect.poll(() => markButton.evaluate((b) => b === document.activeElement)).toBe(true);
    for (const [at, press] of [
      [0.2, () => page.keyboard.press(' ')],
      [1, () => page.keyboard.press('Enter')],
      [1.8, () => markButton.click()],
    ] as const) {
      await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(at);
      await press();
    }
    await expectText(count, '3 of 3 lines marked');
    // Slower from here, so that what is heard next lasts long enough to be seen on a busy machine.
    await player.evaluate((a: HTMLAudioElement) => {
      a.pause();
      a.playbackRate = 0.5;
    });
    const marks = await Promise.all([1, 2, 3].map((n) => time(n).inputValue().then(seconds)));
    // Each mark is the moment its key or tap came: after the time waited for, and in order (how
    // long after depends on how busy the machine is, so no gap between them is assumed).
    expect(marks[0]).toBeGreaterThanOrEqual(0.2);
    expect(marks[1]).toBeGreaterThanOrEqual(Math.max(1, marks[0]!));
    expect(marks[2]).toBeGreaterThanOrEqual(Math.max(1.8, marks[1]!));

    // Each mark adjusted: a tenth later, typed, set to the moment playing; out of order, refused.
    await dialog.getByRole('button', { name: 'Line 3 0.1 s later' }).click();
    await expect.poll(() => time(3).inputValue().then(seconds)).toBeCloseTo(marks[2]! + 0.1, 1);
    await time(1).fill('0:00.1');
    await time(1).press('Enter');
    await time(3).fill('0:00.1');
    await time(3).press('Enter');
    await dialog.getByText(/^Lines are marked in order: from 0:0\d\.\d to 0:04\.0$/).waitFor();
    await time(3).press('Escape');
    await player.evaluate((a: HTMLAudioElement) => {
      a.currentTime = 1;
    });
    await dialog.getByRole('button', { name: 'Line 2 starts now' }).click();
    await expect.poll(() => time(2).inputValue()).toBe('0:01.0');
    // A line heard from its mark, and shown as the one being read.
    await dialog.getByRole('button', { name: 'Play from line 3' }).click();
    await dialog.locator('li[aria-current="true"]').filter({ hasText: lines[2]! }).waitFor();
    await player.evaluate((a: HTMLAudioElement) => a.pause());
    await expectAccessible(page, 'Mark lines');
    await suite.shot(page, '04-mark-lines');
    await dialog.getByRole('button', { name: 'Save marks' }).click();
    await notification(page, 'Line marks saved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('recording-marks').filter({ hasText: 'Read along: 3 of 3 lines marked' }).waitFor();
    const [saved] = (await suite.api.agent.get(`/api/poems/${poem.id}/recordings/`).expect(200)).body as RecordingResponse[];
    expect(saved!.line_marks.slice(0, 2)).toEqual([0.1, 1]);
    // Shown to the tenth, kept to the millisecond.
    expect(saved!.line_marks[2]).toBeCloseTo(marks[2]! + 0.1, 1);

    // The visitor: nothing changes until the recording plays; then the line being read is shown.
    await suite.commands.setStatus(publication.id, 'published');
    const visitor = await suite.newPage(await suite.newContext(false));
    await visitor.goto(`/poem/${poem.slug}`);
    const verse = visitor.locator('.verse .verse-line');
    const audio = visitor.getByRole('article').locator('audio');
    await expect.poll(() => verse.nth(0).getAttribute('role')).toBeNull();
    await playMuted(audio, 0.5);
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.3);
    // Paused, the line shown is the one whose mark came last.
    const pausedAt = await audio.evaluate((a: HTMLAudioElement) => {
      a.pause();
      return a.currentTime;
    });
    const reading = visitor.locator('.verse-line[aria-current="true"]');
    await expectText(reading, lines[saved!.line_marks.filter((mark) => mark <= pausedAt).length - 1]!);
    // Shown by a bar beside it as well as a tint; no fading for a visitor who asks for less motion.
    const look = await reading.evaluate((l) => {
      const style = getComputedStyle(l);
      return { bar: style.boxShadow, fading: Number.parseFloat(style.transitionDuration) };
    });
    expect(look.bar).not.toBe('none');
    expect(look.fading).toBeLessThan(0.001);
    await expectAccessible(visitor, 'poem page reading along');
    await suite.shot(visitor, '05-reading-along');
    // A line clicked is heard from its mark; the arrow keys and Enter do the same.
    await verse.nth(2).click();
    await expectText(reading, lines[2]!);
    expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThanOrEqual(saved!.line_marks[2]! - 0.01);
    await visitor.keyboard.press('ArrowUp');
    await visitor.keyboard.press('Enter');
    await expectText(reading, lines[1]!);
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime < 2)).toBe(true);

    // Inside the book, a step to the next poem (its lines drawn in the same elements) leaves them plain.
    await visitor.goto(`/publication/${publication.slug}/${poem.slug}`);
    await playMuted(audio, 0.5);
    await reading.waitFor();
    await visitor.keyboard.press('ArrowRight');
    await visitor.getByRole('heading', { level: 2, name: 'Dark Song' }).waitFor();
    await expect.poll(() => visitor.locator('.verse-line[role], .verse-line[aria-current], .verse-line[tabindex]').count()).toBe(0);
  });
});

/** Plays an audio element without sound, at the rate given or its own. */
const playMuted = (audio: Locator, rate?: number) =>
  audio.evaluate((a: HTMLAudioElement, playbackRate) => {
    a.muted = true;
    if (playbackRate) a.playbackRate = playbackRate;
    return a.play();
  }, rate);

/** A mark as the dialog shows it ("0:01.3"), in seconds. */
const seconds = (text: string) => {
  const [m, s] = text.split(':');
  return Number(m) * 60 + Number(s);
};
