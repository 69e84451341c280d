/**
 * The memorial in the backup: its settings and portrait travel with the archive and come back on
 * a fresh one (the pages show them), a backup restored and exported again is byte for byte the
 * same, a backup without them (made before the memorial was kept in the database) still restores,
 * and a memorial the site would refuse (script in the biography, a portrait that is not the one
 * backed up) is refused with nothing changed.
 */
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { pack as tarPack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { TEST_SITE, writeSiteSettings } from '../../reader/test-support/site-app.js';
import { ArchiveImporter } from '../../src/archive/application/archive-importer.js';
import { tarEntries, type TarEntry } from '../support/archive-backup.js';
import {
  scenarioTarget,
  downloadBackup,
  POSTGRES_URL,
  staffAgent,
  startTestApp,
  type DbTarget,
  type TestAgent,
  type TestApp,
} from '../support/test-app.js';

async function tarOf(entries: TarEntry[]): Promise<Buffer> {
  const pack = tarPack();
  for (const e of entries) pack.entry({ name: e.name, size: e.data.length, mtime: new Date(0), ...(e.pax ? { pax: e.pax } : {}) }, e.data);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function download(agent: TestAgent): Promise<Buffer> {
  const res = await downloadBackup(agent).expect(200);
  return res.body as Buffer;
}

describe.each(scenarioTarget())('the memorial in the backup (%s)', (target: DbTarget) => {
  let source: TestApp;
  let backup: Buffer;
  let portraitUrl: string;

  beforeAll(async () => {
    ensureReaderBuilt();
    source = await startTestApp(target, { env: { SITE_SETTINGS_FILE: writeSiteSettings() } });
    const { agent } = await staffAgent(source);
    await agent
      .put('/api/settings/memorial')
      .send({
        site_name: 'The Ash Archive',
        poet_name: 'Marguerite Ash',
        birth_date: '1925-11-02',
        death_date: null,
        poet_title: 'Poet',
        biography: 'Wrote of *harbours*.',
        hero_text: 'Her poems.',
        footer_credit: 'Kept by the Ash family.',
      })
      .expect(200);
    const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#705040' } })
      .jpeg()
      .toBuffer();
    portraitUrl = (await agent.put('/api/settings/memorial/portrait').attach('portrait', photo, 'ash.jpg').expect(200)).body.portrait_url;
    backup = await download(agent);
  });
  afterAll(async () => source?.close());

  /** A fresh archive whose first start made its own memorial, the built-in one (PostgreSQL: the worker's database, emptied). */
  async function fresh(): Promise<TestApp> {
    await source.close().catch(() => undefined);
    return startTestApp(target, { env: { DATABASE_URL: target === 'postgres' ? POSTGRES_URL : undefined } });
  }

  it('writes the memorial and its portrait after the page photos', async () => {
    const names = (await tarEntries(backup)).map((e) => e.name);
    expect(names.at(-2)).toBe('memorial/settings.json');
    expect(names.at(-1)).toMatch(/^memorial\/site\/portrait-[0-9a-f]{20}\.jpg$/);
  });

  it('brings the memorial and portrait back on a fresh archive, and exports the same bytes again', async () => {
    const t = await fresh();
    try {
      await t.app.get(ArchiveImporter).restore(Readable.from(backup), false);
      const { agent } = await staffAgent(t);
      const settings = (await agent.get('/api/settings/memorial').expect(200)).body;
      expect(settings).toMatchObject({
        site_name: 'The Ash Archive',
        poet_name: 'Marguerite Ash',
        birth_date: '1925-11-02',
        death_date: null,
        portrait_url: portraitUrl,
      });
      // The running site shows it at once: the restore is announced like any change.
      const home = (await t.http().get('/').expect(200)).text;
      expect(home).toContain('Marguerite Ash');
      expect(home).toContain('Wrote of <em>harbours</em>.');
      await t.http().get(portraitUrl).expect(200).expect('Content-Type', 'image/jpeg');
      // Byte for byte, but for the manifest's copy of the settings file: this archive runs without
      // one (the restore wrote it to DATA_DIR/site-settings.json; archive-backup.e2e-spec.ts checks
      // a whole file with it).
      const again = await tarEntries(await download(agent));
      const before = await tarEntries(backup);
      const manifest = (entries: TarEntry[]) => ({ ...JSON.parse(entries[0]!.data.toString()), site_settings: 'set aside' });
      expect(manifest(again)).toEqual(manifest(before));
      expect(again.slice(1)).toEqual(before.slice(1));
    } finally {
      await t.close();
    }
  });

  it('restores a backup made before the memorial was kept, its memorial from the settings file it carries', async () => {
    const older = await tarOf((await tarEntries(backup)).filter((e) => !e.name.startsWith('memorial/')));
    const t = await fresh();
    try {
      await t.app.get(ArchiveImporter).restore(Readable.from(older), false);
      const { agent } = await staffAgent(t);
      expect((await agent.get('/api/settings/memorial').expect(200)).body).toMatchObject({
        site_name: TEST_SITE.siteName,
        poet_name: TEST_SITE.poet.name,
        biography: `${TEST_SITE.biography.career[0]}\n\n${TEST_SITE.biography.family[0]}`,
        portrait_url: null,
      });
      expect((await t.http().get('/').expect(200)).text).toContain(TEST_SITE.biography.career[0]);
    } finally {
      await t.close();
    }
  });

  it('refuses a memorial the site would refuse, or a portrait not the one backed up, changing nothing', async () => {
    const entries = await tarEntries(backup);
    const scripted = entries.map((e) =>
      e.name === 'memorial/settings.json'
        ? { ...e, data: Buffer.from(e.data.toString().replace('Wrote of *harbours*.', 'Wrote <script>alert(1)</script>')) }
        : e,
    );
    const swapped = await sharp({ create: { width: 640, height: 800, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();
    const otherPortrait = entries.map((e) => (e.name.startsWith('memorial/site/') ? { ...e, data: swapped } : e));
    const noPortrait = entries.filter((e) => !e.name.startsWith('memorial/site/'));
    const t = await fresh();
    try {
      const importer = t.app.get(ArchiveImporter);
      await expect(importer.restore(Readable.from(await tarOf(scripted)), false)).rejects.toThrow(
        /memorial\/settings\.json field biography is refused \(The biography is Markdown and cannot hold HTML/,
      );
      await expect(importer.restore(Readable.from(await tarOf(otherPortrait)), false)).rejects.toThrow(
        /portrait .* is not the one it was backed up as/,
      );
      await expect(importer.restore(Readable.from(await tarOf(noPortrait)), false)).rejects.toThrow(/its portrait .* is missing/);
      const { agent } = await staffAgent(t);
      expect((await agent.get('/api/settings/memorial').expect(200)).body).toMatchObject({
        site_name: 'Poetry Archive',
        portrait_url: null,
      });
      expect((await agent.get('/api/publications/?admin=true').expect(200)).body).toEqual([]);
      await t.http().get(portraitUrl).expect(404);
    } finally {
      await t.close();
    }
  });
});
