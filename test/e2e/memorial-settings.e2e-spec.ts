import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { TEST_SITE, writeSiteSettings } from '../../reader/test-support/site-app.js';
import { csrfAgent, dbTargets, staffAgent, startTestApp, type TestAgent, type TestApp, withoutCsrfHeader } from '../support/test-app.js';

/** The memorial as a curator saves it from the admin's settings screen. */
const EDITED = {
  site_name: 'The Marguerite Ash Archive',
  poet_name: 'Marguerite Ash',
  birth_date: '1925-11-02',
  death_date: '2011-04-30',
  poet_title: 'Poet and Translator',
  biography:
    'She translated *Rilke* and wrote of **harbours**.\n\nHer letters are kept at [the harbour library](https://library.example/ash).',
  hero_text: 'Every poem Marguerite Ash published, gathered by her family.',
  footer_credit: 'Kept by the Ash family.',
};

/** A photo whose left half is red and right half blue, so the crop the portrait keeps can be seen in it. */
async function twoColourPhoto(): Promise<Buffer> {
  const half = (colour: string) =>
    sharp({ create: { width: 600, height: 900, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#000' } })
    .composite([
      { input: await half('#d01010'), left: 0, top: 0 },
      { input: await half('#1010d0'), left: 600, top: 0 },
    ])
    .jpeg()
    .toBuffer();
}

describe.each(dbTargets())('the memorial settings (%s)', (target) => {
  let t: TestApp;
  let staff: TestAgent;
  const dataDir = mkdtempSync(join(tmpdir(), 'memorial-'));
  const env = { SITE_SETTINGS_FILE: writeSiteSettings(), DATA_DIR: dataDir };

  beforeAll(async () => {
    ensureReaderBuilt();
    t = await startTestApp(target, { env, persistent: true });
    ({ agent: staff } = await staffAgent(t));
  });
  afterAll(async () => t?.close());

  const home = async () => (await t.http().get('/').expect(200)).text;
  const current = async () => (await staff.get('/api/settings/memorial').expect(200)).body;

  it('starts from the settings file, and only staff read or change them', async () => {
    const settings = await current();
    expect(settings).toMatchObject({
      id: 'memorial',
      site_name: TEST_SITE.siteName,
      poet_name: TEST_SITE.poet.name,
      birth_date: TEST_SITE.poet.birthDate,
      death_date: TEST_SITE.poet.deathDate,
      poet_title: TEST_SITE.poet.title,
      biography: `${TEST_SITE.biography.career[0]}\n\n${TEST_SITE.biography.family[0]}`,
      footer_credit: TEST_SITE.footerCredit,
      portrait_url: null,
    });
    await t.http().get('/api/settings/memorial').expect(401);
    const visitor = await csrfAgent(t);
    await visitor.agent.put('/api/settings/memorial').send(EDITED).expect(401);
    // A curator's session without the CSRF token changes nothing either.
    await withoutCsrfHeader(t, staff).put('/api/settings/memorial').send(EDITED).expect(403);
    expect((await current()).poet_name).toBe(TEST_SITE.poet.name);
  });

  it('shows a save on the public pages at once, the cached home page included', async () => {
    expect(await home()).toContain(TEST_SITE.poet.name);
    const saved = (await staff.put('/api/settings/memorial').send(EDITED).expect(200)).body;
    expect(saved).toMatchObject({ ...EDITED, portrait_url: null });
    const page = await home();
    expect(page).toContain('Marguerite Ash');
    expect(page).not.toContain(TEST_SITE.poet.name);
    expect(page).toContain('She translated <em>Rilke</em> and wrote of <strong>harbours</strong>.');
    expect(page).toContain('<a href="https://library.example/ash" rel="noopener">the harbour library</a>');
    expect(page).toContain(EDITED.hero_text);
    expect(page).toContain(EDITED.footer_credit);
    expect(page).toContain(EDITED.site_name);
    expect(page).toMatch(/November 2, 1925/);
    expect(page).toContain('href="/about"');
  });

  it('keeps a portrait cropped to 4:5 from the part of the photo chosen', async () => {
    const res = await staff
      .put('/api/settings/memorial/portrait')
      .field('crop_x', '700')
      .field('crop_y', '100')
      .field('crop_width', '400')
      .field('crop_height', '500')
      .attach('portrait', await twoColourPhoto(), { filename: 'ash.jpg', contentType: 'image/jpeg' })
      .expect(200);
    const url: string = res.body.portrait_url;
    expect(url).toMatch(/^\/api\/settings\/portrait\/portrait-[0-9a-f]{20}\.jpg$/);
    const image = await t.http().get(url).expect(200).expect('Content-Type', 'image/jpeg');
    const meta = await sharp(image.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([640, 800]);
    // The right half was chosen: the portrait is blue throughout.
    const { channels } = await sharp(image.body as Buffer).stats();
    expect(channels[2]!.mean).toBeGreaterThan(150);
    expect(channels[0]!.mean).toBeLessThan(60);
    expect(await home()).toContain(`src="${url}"`);
    const about = (await t.http().get('/about').expect(200)).text;
    expect(about).toContain(`src="${url}"`);
    expect(about).toContain('About Marguerite Ash');
    expect(about).toContain('She translated <em>Rilke</em>');
    expect(about).toMatch(/April 30, 2011/);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const before = await current();
    const page = await home();
    const expectUnchanged = async () => {
      expect(await current()).toEqual(before);
      expect(await home()).toBe(page);
    };

    const script = await staff
      .put('/api/settings/memorial')
      .send({ ...EDITED, poet_name: 'Someone Else', biography: 'Hello <script>alert(1)</script>' })
      .expect(400);
    expect(script.body).toMatchObject({ code: 'SETTINGS.UNSAFE_BIOGRAPHY', field: 'biography' });
    expect(script.body.message).toMatch(/cannot hold HTML/);
    const link = await staff
      .put('/api/settings/memorial')
      .send({ ...EDITED, biography: '[me](javascript:alert(1))' })
      .expect(400);
    expect(link.body.code).toBe('SETTINGS.UNSAFE_BIOGRAPHY');
    const dates = await staff
      .put('/api/settings/memorial')
      .send({ ...EDITED, death_date: '1900-01-01' })
      .expect(400);
    expect(dates.body.message).toMatch(/birth_date is after death_date/);
    const badDay = await staff
      .put('/api/settings/memorial')
      .send({ ...EDITED, birth_date: '1925-02-30' })
      .expect(400);
    expect(badDay.body.message).toMatch(/birth_date must be a date/);
    const blank = await staff
      .put('/api/settings/memorial')
      .send({ ...EDITED, poet_name: '   ' })
      .expect(400);
    expect(blank.body.message).toMatch(/poet_name is required/);

    const pdf = await staff
      .put('/api/settings/memorial/portrait')
      .attach('portrait', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), { filename: 'ash.jpg', contentType: 'image/jpeg' })
      .expect(415);
    expect(pdf.body.message).toMatch(/JPEG, PNG or WebP/);

    // 40 MB, twice the upload limit: refused once the limit is passed.
    const huge = Buffer.alloc(40 * 1024 * 1024, 0x5a);
    (await twoColourPhoto()).copy(huge);
    const tooLarge = await staff
      .put('/api/settings/memorial/portrait')
      .attach('portrait', huge, { filename: 'huge.jpg', contentType: 'image/jpeg' })
      .expect(413);
    expect(tooLarge.body.message).toMatch(/larger than 20 MB/);

    const outside = await staff
      .put('/api/settings/memorial/portrait')
      .field('crop_x', '1000')
      .field('crop_y', '0')
      .field('crop_width', '400')
      .field('crop_height', '500')
      .attach('portrait', await twoColourPhoto(), { filename: 'ash.jpg', contentType: 'image/jpeg' })
      .expect(400);
    expect(outside.body.message).toMatch(/crop goes outside the photo \(1200 × 900/);
    await staff.put('/api/settings/memorial/portrait').expect(400);
    await expectUnchanged();
  });

  it("keeps the curators' settings over the file's on a restart", async () => {
    const before = await current();
    await t.close();
    t = await startTestApp(target, { env, persistent: true, reset: false });
    ({ agent: staff } = await staffAgent(t));
    expect(await current()).toEqual(before);
    expect(await home()).toContain('Marguerite Ash');
    await t.http().get(before.portrait_url).expect(200);
  });

  it('removes the portrait, and an old address answers 404', async () => {
    const old = (await current()).portrait_url as string;
    const res = await staff.delete('/api/settings/memorial/portrait').expect(200);
    expect(res.body.portrait_url).toBeNull();
    await t.http().get(old).expect(404);
    expect(await home()).not.toContain(old);
  });
});
