import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Poem, Publication } from '../../contracts/catalog.js';
import { restoreInProcess, writeTemp, type Place } from '../support/archive-backup.js';
import {
  dbTargets,
  downloadBackup,
  staffAgent,
  startTestApp,
  csrfAgent,
  type DbTarget,
  type TestAgent,
  type TestApp,
} from '../support/test-app.js';
import { createScratchDatabase } from '../support/worker-process/scan-helpers.js';

const SECOND = { username: 'sibling', password: 'a long family secret' };

describe.each(dbTargets())('a status for every poem (%s)', (target: DbTarget) => {
  let t: TestApp;
  let first: TestAgent;
  let second: TestAgent;
  let book: number;
  const scratch: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    t = await startTestApp(target);
    ({ agent: first } = await staffAgent(t));
    await first.post('/api/curators/').send(SECOND).expect(201);
    ({ agent: second } = await csrfAgent(t));
    await second.post('/api/auth/login/').send(SECOND).expect(200);
    book = (await first.post('/api/publications/').send({ title: 'Tide Tables' }).expect(201)).body.id;
  });
  afterAll(async () => {
    await t?.close();
    for (const drop of scratch) await drop();
  });

  const addPoem = async (title: string): Promise<Poem> =>
    (
      await first
        .post(`/api/publications/${book}/poems/`)
        .send({ title, body: `${title}\nsecond line` })
        .expect(201)
    ).body;
  const mark = (agent: TestAgent, poem: Poem, status: unknown) => agent.put(`/api/poems/${poem.id}/status/`).send({ status });
  const poemNow = async (poem: Poem): Promise<Poem> => (await first.get(`/api/poems/${poem.id}/`).expect(200)).body;
  const actions = async (poem: Poem) =>
    (
      (await first.get(`/api/poems/${poem.id}/history`).expect(200)).body.revisions as Array<{ action: string; username: string | null }>
    ).map((r) => [r.action, r.username]);

  it('takes a poem from As scanned to Checked by two curators, in its history and its book’s progress', async () => {
    const poem = await addPoem('High Water');
    expect(poem).toMatchObject({ status: 'as_scanned', proofread_by: null, proofread_at: null });
    expect((await mark(first, poem, 'proofread').expect(200)).body).toMatchObject({ status: 'proofread', proofread_by: 'curator' });
    expect((await mark(second, poem, 'checked').expect(200)).body).toMatchObject({ status: 'checked', proofread_by: 'curator' });
    expect(await actions(poem)).toEqual([
      ['create', 'curator'],
      ['proofread', 'curator'],
      ['check', 'sibling'],
    ]);
    const history = (await first.get(`/api/poems/${poem.id}/history/3`).expect(200)).body;
    expect(history.snapshot.status).toBe('checked');
    const pub: Publication = (await first.get(`/api/publications/${book}/?admin=true`).expect(200)).body;
    expect(pub).toMatchObject({ proofread_count: 1, checked_count: 1 });
    const checked = (await first.get(`/api/publications/${book}/poems/?admin=true&status=checked`).expect(200)).body as Poem[];
    expect(checked.map((p) => p.title)).toEqual(['High Water']);
  });

  it('refuses Checked from the curator who proofread it, and bad input, with 4xx JSON and nothing changed', async () => {
    const poem = await addPoem('Low Water');
    const unmarked = await mark(second, poem, 'checked').expect(409);
    expect(unmarked.body).toMatchObject({ code: 'CATALOG.POEM_NOT_PROOFREAD' });
    await mark(first, poem, 'proofread').expect(200);
    const own = await mark(first, poem, 'checked').expect(403);
    expect(own.body).toMatchObject({ code: 'CATALOG.OWN_PROOFREADING', message: expect.stringMatching(/second curator/) });
    expect((await mark(first, poem, 'done').expect(400)).body.message).toMatch(/status must be one of as_scanned, proofread, checked/);
    await first.put(`/api/poems/${poem.id}/status/`).send({}).expect(400);
    await mark(first, { ...poem, id: 99999999 }, 'proofread').expect(404);
    await t.http().put(`/api/poems/${poem.id}/status/`).send({ status: 'as_scanned' }).expect(403);
    await first.get(`/api/publications/${book}/poems/?admin=true&status=finished`).expect(400);
    // A visitor asking for a status is asked to sign in; a visitor's poems carry no status.
    await t.http().get(`/api/publications/${book}/poems/?status=checked`).expect(401);
    expect(await poemNow(poem)).toMatchObject({ status: 'proofread', proofread_by: 'curator' });
    expect(await actions(poem)).toEqual([
      ['create', 'curator'],
      ['proofread', 'curator'],
    ]);
  });

  it('returns a Checked poem to Proofread when its text is edited; the editor cannot check their own edit', async () => {
    const poem = await addPoem('Slack Water');
    await mark(first, poem, 'proofread').expect(200);
    await mark(second, poem, 'checked').expect(200);
    const edited = await second.put(`/api/poems/${poem.id}/`).send({ body: 'Slack Water\nsecond line, mended' }).expect(200);
    expect(edited.body).toMatchObject({ status: 'proofread', proofread_by: 'sibling' });
    expect((await mark(second, poem, 'checked').expect(403)).body.code).toBe('CATALOG.OWN_PROOFREADING');
    await mark(first, poem, 'checked').expect(200);
  });

  it('keeps statuses and proofreaders through backup and restore', async () => {
    const download = await downloadBackup(first).expect(200);
    const statuses = async (agent: TestAgent) =>
      ((await agent.get(`/api/publications/${book}/poems/?admin=true`).expect(200)).body as Poem[]).map((p) => [
        p.title,
        p.status,
        p.proofread_by,
        p.proofread_at,
      ]);
    const before = await statuses(first);
    expect(before.map(([, status]) => status)).toEqual(['checked', 'proofread', 'checked']);

    // A backup made before poems had a status restoring them As scanned: archive-backup's format version 1 restore.
    const restoredFrom = async (file: Buffer) => {
      const place: Place = { dataDir: mkdtempSync(join(tmpdir(), 'poem-status-')) };
      if (target === 'postgres') {
        const db = await createScratchDatabase();
        scratch.push(db.drop);
        place.databaseUrl = db.url;
      }
      const run = await restoreInProcess(place, writeTemp('backup.tar', file));
      expect(run.status, run.stderr).toBe(0);
      const restored = await startTestApp(target, {
        env: { DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl },
        persistent: true,
        reset: false,
      });
      try {
        return await statuses((await staffAgent(restored)).agent);
      } finally {
        await restored.close();
      }
    };
    expect(await restoredFrom(download.body as Buffer)).toEqual(before);
  });
});
