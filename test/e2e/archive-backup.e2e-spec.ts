/**
 * Backup and restore on both databases: the admin's download and `npm run archive -- export` give
 * the same bytes; the file restores (`import`) into an empty archive with every id, slug, time,
 * position, photo and login kept, and exports again byte for byte; a restore into an archive that
 * is not empty is refused and changes nothing. Pages are scanned through the real upload path,
 * read by the OpenAI adapter from a stub. Damaged, foreign and hostile files:
 * archive-backup-refusals.e2e-spec.ts.
 *
 * The command line runs as a process where it is the point (its export, the restore of a fresh
 * install, a restore across databases); the other restores run its code in this process, which
 * answers with the same lines without starting a process and a database each time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_TABLES } from '../../src/archive/domain/archive-format.js';
import {
  archiveCli,
  exportWithCli,
  inProcess,
  manifestOf,
  restoreInProcess,
  SECOND_ADMIN,
  sourceArchive,
  storedFiles,
  tarEntries,
  tarOf,
  viewOf,
  withoutColumn,
  writeTemp,
} from '../support/archive-backup.js';
import { csrfAgent, dbTargets, staffAgent, type DbTarget } from '../support/test-app.js';

describe.each(dbTargets())('backup and restore on %s', (target: DbTarget) => {
  const suite = sourceArchive(target);

  it('answers the admin a download of the whole archive, for staff only', async () => {
    expect(suite.anonymous.status).toBe(401);
    expect(suite.anonymous.type).toBe('application/json');
    expect(suite.anonymous.body.message).toBe('Authentication credentials were not provided.');

    expect(suite.download.status).toBe(200);
    expect(suite.download.headers['content-type']).toBe('application/x-tar');
    expect(suite.download.headers['content-disposition']).toMatch(/^attachment; filename="poetry-archive-backup-\d{4}-\d{2}-\d{2}\.tar"$/);
    expect(suite.download.headers['cache-control']).toBe('no-store');
    const manifest = await manifestOf(suite.download.body);
    expect(manifest).toMatchObject({
      format: 'poetry-archive-backup',
      format_version: 3,
      // Versions: the harbour book's creation, reorder and publishing; the typed poem's creation; the
      // scanned poem's first version and its correction; the struck poem's creation and deletion;
      // the drafts' creation and trash, and their poem's creation (the book deleted forever took its own).
      tables: {
        publications: { rows: 2 },
        poems: { rows: 5 },
        scan_pages: { rows: 2 },
        poem_pages: { rows: 3 },
        users: { rows: 2 },
        revisions: { rows: 11 },
      },
      next_ids: { publications: 4 },
      pages: { files: 2 },
      site_settings: { siteName: 'The Harbour Archive' },
    });
    const names = (await tarEntries(suite.download.body)).map((e) => e.name);
    expect(names.filter((n) => n.startsWith('pages/'))).toHaveLength(2);
    // Password hashes only, never a password.
    expect(suite.download.body.includes(Buffer.from(SECOND_ADMIN.password))).toBe(false);
    expect(suite.download.body.includes(Buffer.from('$argon2'))).toBe(true);
  });

  it('backs up every column of the tables it keeps, but those it leaves out on purpose', () => {
    for (const table of ARCHIVE_TABLES) expect(suite.columns[table.name], table.name).toEqual([...table.columns, ...(table.leftOut ?? [])]);
  });

  it('exports the same bytes from the command line as the admin downloads', () => {
    expect(exportWithCli(suite.source, { SITE_SETTINGS_FILE: suite.siteSettings }).equals(suite.download.body)).toBe(true);
  });

  it('restores into a fresh install every publication, poem, photo, time and login, and exports it again byte for byte', async () => {
    const place = await suite.emptyPlace();
    // A new machine, started once: it made its first admin, and a visitor saw an empty archive.
    let t = await suite.startOn(place);
    expect((await t.http().get('/api/publications/').expect(200)).body).toEqual([]);
    // The embedded database takes one process at a time; PostgreSQL restores under the running site.
    if (target === 'pglite') await t.close();

    const run = archiveCli(['import', writeTemp('backup.tar', suite.download.body)], place);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Restored 2 publications, 5 poems and 2 page photos');
    expect(run.stdout).toContain("Admin accounts: curator, archivist (in place of this archive's curator)");
    const settingsFile = join(place.dataDir, 'site-settings.json');
    expect(run.stdout).toContain(`Site settings written to ${settingsFile}`);
    expect(JSON.parse(readFileSync(settingsFile, 'utf8'))).toEqual(JSON.parse(readFileSync(suite.siteSettings, 'utf8')));

    try {
      if (target === 'postgres') {
        // The running site drops its cached empty list as soon as the change notification reaches it.
        const site = t;
        const titles = async () =>
          ((await site.http().get('/api/publications/').expect(200)).body as Array<{ title: string }>).map((p) => p.title);
        await expect.poll(titles, { timeout: 5000 }).toEqual(['Songs of the Harbour']);
      }
      expect(exportWithCli(place, { SITE_SETTINGS_FILE: settingsFile }).equals(suite.download.body)).toBe(true);
      if (target === 'pglite') t = await suite.startOn(place);
      const { agent } = await staffAgent(t);
      // A poem's own language among what comes back as it was.
      expect(suite.sourceView.publications[0]!.poems).toContainEqual(
        expect.objectContaining({ title: 'Élégie — für Ada', language: 'fr' }),
      );
      expect(await viewOf(agent)).toEqual(suite.sourceView);
      const other = await csrfAgent(t);
      await other.agent.post('/api/auth/login/').send(SECOND_ADMIN).expect(200);
      // The next new publication takes the next id, not that of one deleted before the backup.
      const created = await agent.post('/api/publications/').send({ title: 'After the Restore' }).expect(201);
      expect(created.body.id).toBe(4);
    } finally {
      await t.close();
    }
  });

  it('restores a backup made before the history (format version 1), whose records then start their history', async () => {
    const v2 = await tarEntries(suite.download.body);
    const manifest = JSON.parse(v2[0].data.toString('utf8'));
    manifest.format_version = 1;
    delete manifest.tables.revisions;
    delete manifest.next_ids.revisions;
    delete manifest.tables.recordings;
    delete manifest.next_ids.recordings;
    delete manifest.tables.poem_reports;
    delete manifest.next_ids.poem_reports;
    // Nor had poems a status, or what their scan read of each line.
    const statusColumns = ['proofreading_status', 'proofread_by', 'proofread_by_name', 'proofread_at', 'reading'];
    for (const table of ['publications', 'poems'])
      manifest.tables[table].columns = manifest.tables[table].columns.filter(
        (c: string) => c !== 'revision' && c !== 'language' && !statusColumns.includes(c),
      );
    // Page photos could not be turned then either.
    manifest.tables.scan_pages.columns = manifest.tables.scan_pages.columns.filter((c: string) => c !== 'rotation');
    const v1 = [
      { name: 'archive.json', data: Buffer.from(JSON.stringify(manifest)) },
      ...v2
        .slice(1)
        .filter((e) => !e.name.startsWith('data/revisions/') && !e.name.startsWith('data/poem_reports/'))
        .map((e) => (/^data\/(publications|poems)\//.test(e.name) ? { ...e, data: withoutColumn(e.data, 'revision') } : e))
        .map((e) => (e.name.startsWith('data/publications/') ? { ...e, data: withoutColumn(e.data, 'language') } : e))
        .map((e) =>
          e.name.startsWith('data/poems/')
            ? { ...e, data: [...statusColumns, 'language'].reduce((data, c) => withoutColumn(data, c), e.data) }
            : e,
        )
        .map((e) => (e.name.startsWith('data/scan_pages/') ? { ...e, data: withoutColumn(e.data, 'rotation') } : e)),
    ];
    const place = await suite.emptyPlace();
    const run = await restoreInProcess(place, writeTemp('v1.tar', await tarOf(v1)));
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Restored 2 publications, 5 poems and 2 page photos');
    const t = await suite.startOn(place);
    try {
      const { agent } = await staffAgent(t);
      const view = await viewOf(agent);
      const withoutHistory = (v: typeof view) =>
        v.publications.map(({ pub, poems, pages }) => ({
          pub: { ...pub, revision: undefined, language: undefined },
          poems: poems.map((p) => ({ ...p, revision: undefined, language: undefined })),
          pages: pages.map((p) => ({ ...p, rotation: undefined })),
        }));
      expect(withoutHistory(view)).toEqual(withoutHistory(suite.sourceView));
      // Poems had no language of their own then: each is in its book's.
      expect(new Set(view.publications.flatMap((p) => p.poems.map((poem) => poem.language)))).toEqual(new Set([null]));
      // Every page photo stands as uploaded (the source had one turned).
      expect(new Set(view.publications.flatMap((p) => p.pages.map((page) => page.rotation)))).toEqual(new Set([0]));
      // Each record's history starts with the version it was restored as; the next save adds to it.
      const poem = view.publications[0].poems[0] as { id: number; title: string };
      const history = (await agent.get(`/api/poems/${poem.id}/history`).expect(200)).body;
      expect(history.revisions.map((r: { action: string; snapshot: { title: string } }) => [r.action, r.snapshot.title])).toEqual([
        ['original', poem.title],
      ]);
      await agent.put(`/api/poems/${poem.id}/`).send({ notes: 'Restored from an old backup.', base_revision: 0 }).expect(200);
      const after = (await agent.get(`/api/poems/${poem.id}/history`).expect(200)).body;
      expect(after.revisions.map((r: { action: string; username: string | null }) => [r.action, r.username])).toEqual([
        ['original', null],
        ['edit', 'curator'],
      ]);
    } finally {
      await t.close();
    }
  });

  it("restores a backup made before page photos could be turned and books and poems had a language (format version 2 without rotation and language): photos stand as uploaded, books are English, poems in their book's", async () => {
    const entries = await tarEntries(suite.download.body);
    const manifest = JSON.parse(entries[0]!.data.toString('utf8'));
    manifest.tables.scan_pages.columns = manifest.tables.scan_pages.columns.filter((c: string) => c !== 'rotation');
    manifest.tables.publications.columns = manifest.tables.publications.columns.filter((c: string) => c !== 'language');
    manifest.tables.poems.columns = manifest.tables.poems.columns.filter((c: string) => c !== 'language');
    const older = [
      { name: 'archive.json', data: Buffer.from(JSON.stringify(manifest)) },
      ...entries
        .slice(1)
        .map((e) => (e.name.startsWith('data/scan_pages/') ? { ...e, data: withoutColumn(e.data, 'rotation') } : e))
        .map((e) => (/^data\/(publications|poems)\//.test(e.name) ? { ...e, data: withoutColumn(e.data, 'language') } : e)),
    ];
    const place = await suite.emptyPlace();
    const run = await restoreInProcess(place, writeTemp('unturned.tar', await tarOf(older)));
    expect(run.status, run.stderr).toBe(0);
    const t = await suite.startOn(place);
    try {
      const { agent } = await staffAgent(t);
      const view = await viewOf(agent);
      const unturned = (v: typeof view) => ({
        ...v,
        visitor: { ...v.visitor, language: 'en' },
        publications: v.publications.map((p) => ({
          ...p,
          pub: { ...p.pub, language: 'en' },
          poems: p.poems.map((poem) => ({ ...poem, language: null })),
          pages: p.pages.map((page) => ({ ...page, rotation: 0 })),
        })),
      });
      expect(suite.sourceView.publications[0]!.pages.map((page) => page.rotation)).toContain(90);
      expect(suite.sourceView.publications[0]!.pub).toMatchObject({ language: 'de' });
      expect(view).toEqual(unturned(suite.sourceView));
    } finally {
      await t.close();
    }
  });

  it('refuses to restore into an archive that is not empty, and changes nothing', async () => {
    const file = writeTemp('backup.tar', suite.download.body);
    const run = await restoreInProcess(suite.source, file);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('The archive is not empty (it holds 2 publications, 5 poems, 2 page photos');
    expect(run.stderr).toContain('Nothing was restored.');
    const after = await inProcess(suite.source, (archive) => archive.exportBytes(), { SITE_SETTINGS_FILE: suite.siteSettings });
    expect(after.equals(suite.download.body)).toBe(true);
  });

  it('serves a stored photo only as the image type its bytes are: a file swapped for a page is not served', async () => {
    const place = await suite.emptyPlace();
    expect((await restoreInProcess(place, writeTemp('backup.tar', suite.download.body))).status).toBe(0);
    const pagesDir = join(place.dataDir, 'pages');
    const t = await suite.startOn(place);
    try {
      const { agent } = await staffAgent(t);
      const view = await viewOf(agent);
      const url = view.publications[0]!.pages[0]!.url as string;
      const jpeg = await agent.get(url).buffer(true).expect(200);
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
      // Every photo swapped for a page in the page store, behind the archive's back.
      for (const file of storedFiles(pagesDir)) writeFileSync(join(pagesDir, file), '<!doctype html><script>alert(1)</script>');
      const html = await agent.get(url);
      expect(html.status).toBe(404);
      expect(html.headers['content-type']).toMatch(/application\/json/);
    } finally {
      await t.close();
    }
  });

  if (target === 'pglite' && process.env.DATABASE_URL) {
    it('restores a backup of the embedded database into PostgreSQL, exporting again byte for byte', async () => {
      const place = await suite.emptyPlace('postgres');
      const run = archiveCli(['import', writeTemp('backup.tar', suite.download.body)], place);
      expect(run.status, run.stderr).toBe(0);
      expect(exportWithCli(place, { SITE_SETTINGS_FILE: join(place.dataDir, 'site-settings.json') }).equals(suite.download.body)).toBe(
        true,
      );
    });
  }
});
