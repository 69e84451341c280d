/**
 * Revision history: every save of a poem or a publication keeps its version with the curator and
 * the time; Restore brings one back as a new version; a deleted poem and a reorder are undone from
 * the history; two curators saving one poem at once both keep their version, and the later save is
 * told it overwrote the newer one. Bad requests get a 4xx JSON error and change nothing.
 */
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Poem, Publication } from '../../contracts/catalog.js';
import type { PoemHistory, PublicationHistory } from '../../contracts/history.js';
import { hashPassword } from '../../src/auth/infrastructure/password-hasher.js';
import { UsersRepository } from '../../src/auth/infrastructure/users.repository.js';
import { CatalogCommands } from '../../src/catalog/application/catalog-commands.js';
import {
  ADMIN,
  csrfAgent,
  dbTargets,
  staffAgent,
  startTestApp,
  type TestAgent,
  type TestApp,
  withoutCsrfHeader,
} from '../support/test-app.js';

const SIBLING = { username: 'sibling', password: 'another long passphrase here' };

describe.each(dbTargets())('revision history on %s', (target) => {
  let t: TestApp;
  let staff: TestAgent;
  let sibling: TestAgent;
  let run = 0;

  beforeAll(async () => {
    t = await startTestApp(target);
    ({ agent: staff } = await staffAgent(t));
    await t.app.get(UsersRepository).upsert(SIBLING.username, await hashPassword(SIBLING.password));
    ({ agent: sibling } = await csrfAgent(t));
    await sibling.post('/api/auth/login/').send(SIBLING).expect(200);
  });
  afterAll(async () => t?.close());

  async function book(fields: Record<string, unknown> = {}): Promise<Publication> {
    return (
      await staff
        .post('/api/publications/')
        .send({ title: `Book ${++run}`, ...fields })
        .expect(201)
    ).body;
  }

  async function typedPoem(pub: Publication, title: string, body = `${title}\nsecond line`): Promise<Poem> {
    return (await staff.post(`/api/publications/${pub.id}/poems/`).send({ title, body }).expect(201)).body;
  }

  const poemHistory = async (id: number): Promise<PoemHistory> => (await staff.get(`/api/poems/${id}/history`).expect(200)).body;
  const bookHistory = async (id: number): Promise<PublicationHistory> =>
    (await staff.get(`/api/publications/${id}/history`).expect(200)).body;
  const titles = async (id: number) =>
    (await staff.get(`/api/publications/${id}/poems/?admin=true`).expect(200)).body.map((p: Poem) => p.title);

  function expectJsonError(res: { status: number; body: Record<string, unknown> }, status: number, message: RegExp) {
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ statusCode: status });
    expect(String(res.body.message)).toMatch(message);
  }

  it('keeps every edit of a poem with its curator and time, and restores one as a new version', async () => {
    const pub = await book();
    const poem = await typedPoem(pub, 'Winter Orchard', 'Bare branches write\nagainst the white sky');
    expect(poem.revision).toBe(1);
    const before = Date.now();
    const saved = await staff
      .put(`/api/poems/${poem.id}/`)
      .send({ title: 'Winter Orchards', body: 'Bare branches write\nagainst a white sky', base_revision: 1 })
      .expect(200);
    expect(saved.body).toMatchObject({ title: 'Winter Orchards', revision: 2 });
    expect(saved.body.overwrote).toBeUndefined();

    const history = await poemHistory(poem.id);
    expect(history.current).toBe(2);
    expect(history.revisions.map((r) => [r.revision, r.action, r.username, r.snapshot.title])).toEqual([
      [1, 'create', ADMIN.username, 'Winter Orchard'],
      [2, 'edit', ADMIN.username, 'Winter Orchards'],
    ]);
    expect(Date.parse(history.revisions[1].created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect((await staff.get(`/api/poems/${poem.id}/history/1`).expect(200)).body.snapshot).toMatchObject({
      title: 'Winter Orchard',
      body: 'Bare branches write\nagainst the white sky',
      deleted: false,
    });

    // A Save with nothing changed makes no version.
    await staff.put(`/api/poems/${poem.id}/`).send({ title: 'Winter Orchards', base_revision: 2 }).expect(200);
    expect((await poemHistory(poem.id)).revisions).toHaveLength(2);

    const restored = await staff.post(`/api/poems/${poem.id}/history/1/restore`).expect(200);
    expect(restored.body).toMatchObject({
      restored_from: 1,
      revision: 3,
      record: { title: 'Winter Orchard', body: 'Bare branches write\nagainst the white sky' },
    });
    expect((await staff.get(`/api/poems/${poem.id}/`).expect(200)).body).toMatchObject({ title: 'Winter Orchard', revision: 3 });
    expect((await poemHistory(poem.id)).revisions.map((r) => r.action)).toEqual(['create', 'edit', 'revert']);
  });

  it('gives a poem from before the history (a scan) its first version when it is first edited', async () => {
    const pub = await book();
    const [scanned] = await t.app.get(CatalogCommands).addPoems(pub.id, [{ title: 'Read by the scanner', body: 'teh river' }]);
    const untouched = await poemHistory(scanned.id);
    expect(untouched.revisions.map((r) => [r.revision, r.action, r.snapshot.body])).toEqual([[1, 'original', 'teh river']]);
    await staff.put(`/api/poems/${scanned.id}/`).send({ body: 'the river', base_revision: 0 }).expect(200);
    const edited = await poemHistory(scanned.id);
    expect(edited.revisions.map((r) => [r.revision, r.action, r.username, r.snapshot.body])).toEqual([
      [1, 'original', null, 'teh river'],
      [2, 'edit', ADMIN.username, 'the river'],
    ]);
  });

  it('saves both of two curators editing one poem, telling the later one it overwrote a newer version', async () => {
    const pub = await book();
    const poem = await typedPoem(pub, 'Shared Poem', 'first text');
    const mine = await staff.put(`/api/poems/${poem.id}/`).send({ body: 'my correction', base_revision: 1 }).expect(200);
    expect(mine.body.overwrote).toBeUndefined();
    const theirs = await sibling.put(`/api/poems/${poem.id}/`).send({ body: 'their correction', base_revision: 1 }).expect(200);
    expect(theirs.body).toMatchObject({ body: 'their correction', revision: 3, overwrote: { revision: 2, username: ADMIN.username } });

    const history = await poemHistory(poem.id);
    expect(history.revisions.map((r) => [r.revision, r.username, r.snapshot.body, r.overwrote])).toEqual([
      [1, ADMIN.username, 'first text', null],
      [2, ADMIN.username, 'my correction', null],
      [3, SIBLING.username, 'their correction', 2],
    ]);
    // Both versions can be compared, and the overwritten one restored.
    expect((await staff.get(`/api/poems/${poem.id}/history/2`).expect(200)).body.snapshot.body).toBe('my correction');
    await staff.post(`/api/poems/${poem.id}/history/2/restore`).expect(200);
    expect((await staff.get(`/api/poems/${poem.id}/`).expect(200)).body.body).toBe('my correction');
  });

  it('keeps both versions of two saves sent at the same moment', async () => {
    const pub = await book();
    const poem = await typedPoem(pub, 'Raced Poem', 'start');
    const answers = await Promise.all([
      staff.put(`/api/poems/${poem.id}/`).send({ body: 'from the first', base_revision: 1 }),
      sibling.put(`/api/poems/${poem.id}/`).send({ body: 'from the second', base_revision: 1 }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.filter((a) => a.body.overwrote).map((a) => a.body.overwrote.revision)).toEqual([2]);
    const bodies = (await poemHistory(poem.id)).revisions.map((r) => r.snapshot.body);
    expect(bodies[0]).toBe('start');
    expect(bodies.slice(1).sort()).toEqual(['from the first', 'from the second']);
  });

  it('brings back a deleted poem from its history, under its id, slug and place', async () => {
    const pub = await book();
    const poems = [await typedPoem(pub, 'One'), await typedPoem(pub, 'Two'), await typedPoem(pub, 'Three')];
    const gone = await staff.delete(`/api/poems/${poems[1].id}/`).expect(200);
    expect(gone.body).toMatchObject({ id: poems[1].id, revision: 2 });
    await staff.get(`/api/poems/${poems[1].id}/`).expect(404);
    expect(await titles(pub.id)).toEqual(['One', 'Three']);

    const history = await bookHistory(pub.id);
    expect(history.deleted_poems).toEqual([
      { id: poems[1].id, title: 'Two', restorable_revision: 1, deleted_at: expect.any(String), username: ADMIN.username },
    ]);
    expect((await poemHistory(poems[1].id)).revisions.map((r) => [r.action, r.snapshot.deleted])).toEqual([
      ['create', false],
      ['delete', true],
    ]);
    // The version that deleted it is not a version to restore.
    expectJsonError(await staff.post(`/api/poems/${poems[1].id}/history/2/restore`), 409, /deletion/);

    const back = await staff.post(`/api/poems/${poems[1].id}/history/1/restore`).expect(200);
    expect(back.body.record).toMatchObject({ id: poems[1].id, slug: poems[1].slug, title: 'Two', revision: 3 });
    expect(await titles(pub.id)).toEqual(['One', 'Two', 'Three']);
    expect((await bookHistory(pub.id)).deleted_poems).toEqual([]);
    expect((await t.http().get(`/api/poems/${poems[1].slug}/`)).status).toBe(404); // still a draft's poem
  });

  it('records details, trash, restore and publishing of a book, and undoes a reorder from its history', async () => {
    const pub = await book({ title: 'Harbour Lights' });
    const [a, b, c] = [await typedPoem(pub, 'A'), await typedPoem(pub, 'B'), await typedPoem(pub, 'C')];
    await staff
      .put(`/api/publications/${pub.id}/`)
      .send({ title: 'Harbour Light', authors: ['Ana Poet'] })
      .expect(200);
    await staff.post(`/api/publications/${pub.id}/publish/`).expect(200);
    await staff
      .post(`/api/publications/${pub.id}/reorder_poems/`)
      .send({ poem_ids: [c.id, a.id, b.id] })
      .expect(200);
    expect(await titles(pub.id)).toEqual(['C', 'A', 'B']);
    await staff.delete(`/api/publications/${pub.id}/`).expect(200);
    await staff.post(`/api/publications/${pub.id}/restore/`).expect(200);

    const history = await bookHistory(pub.id);
    expect(history.revisions.map((r) => [r.revision, r.action, r.username])).toEqual([
      [1, 'create', ADMIN.username],
      [2, 'details', ADMIN.username],
      [3, 'publish', ADMIN.username],
      [4, 'reorder', ADMIN.username],
      [5, 'trash', ADMIN.username],
      [6, 'untrash', ADMIN.username],
    ]);
    expect(history.revisions[1].snapshot).toMatchObject({ title: 'Harbour Light', authors: ['Ana Poet'], status: 'draft' });
    expect(history.revisions[2].snapshot.poems.map((p) => p.title)).toEqual(['A', 'B', 'C']);
    expect(history.revisions[4].snapshot.deleted_at).not.toBeNull();

    // Undo the reorder: restore the version before it.
    const undone = await staff.post(`/api/publications/${pub.id}/history/3/restore`).expect(200);
    expect(undone.body).toMatchObject({
      restored_from: 3,
      revision: 7,
      record: { title: 'Harbour Light', status: 'published', deleted_at: null },
    });
    expect(await titles(pub.id)).toEqual(['A', 'B', 'C']);
    // The reader follows at once.
    const visible = (await t.http().get(`/api/publications/${pub.slug}/poems/`).expect(200)).body.map((p: Poem) => p.title);
    expect(visible).toEqual(['A', 'B', 'C']);

    // A publication save on an older version still saves and says so.
    const late = await sibling.put(`/api/publications/${pub.id}/`).send({ notes: 'Second printing', base_revision: 6 }).expect(200);
    expect(late.body).toMatchObject({ notes: 'Second printing', revision: 8, overwrote: { revision: 7, username: ADMIN.username } });
  });

  it("keeps a book's language in its versions, and a version from before books had one leaves it as it is", async () => {
    const pub = await book({ title: 'Buch der Lieder' });
    await staff.put(`/api/publications/${pub.id}/`).send({ language: 'de' }).expect(200);
    const history = await bookHistory(pub.id);
    expect(history.revisions.map((r) => [r.action, r.snapshot.language])).toEqual([
      ['create', 'en'],
      ['details', 'de'],
    ]);
    const restored = await staff.post(`/api/publications/${pub.id}/history/1/restore`).expect(200);
    expect(restored.body.record).toMatchObject({ language: 'en' });

    // A version saved before there were languages: restoring it keeps the book's language.
    await staff.put(`/api/publications/${pub.id}/`).send({ language: 'de' }).expect(200);
    await t.app
      .get(DataSource)
      .query(`UPDATE revisions SET snapshot = snapshot - 'language' WHERE subject = 'publication' AND subject_id = $1 AND revision = 1`, [
        pub.id,
      ]);
    expect((await bookHistory(pub.id)).revisions[0].snapshot.language).toBeUndefined();
    const older = await staff.post(`/api/publications/${pub.id}/history/1/restore`).expect(200);
    expect(older.body.record).toMatchObject({ title: 'Buch der Lieder', language: 'de' });
  });

  it("keeps a poem's own language in its versions and restores it; a version from before poems had one is in the book's", async () => {
    const pub = await book({ title: 'Zweisprachig' });
    const poem = await typedPoem(pub, 'Lied');
    await staff.put(`/api/poems/${poem.id}/`).send({ language: 'de' }).expect(200);
    await staff.put(`/api/poems/${poem.id}/`).send({ language: null, body: 'Lied\nchanged' }).expect(200);
    const history = await poemHistory(poem.id);
    expect(history.revisions.map((r) => [r.action, r.snapshot.language])).toEqual([
      ['create', undefined],
      ['edit', 'de'],
      ['edit', undefined],
    ]);
    const restored = await staff.post(`/api/poems/${poem.id}/history/2/restore`).expect(200);
    expect(restored.body.record).toMatchObject({ language: 'de', body: 'Lied\nsecond line' });
    const back = await staff.post(`/api/poems/${poem.id}/history/1/restore`).expect(200);
    expect(back.body.record).toMatchObject({ language: null });

    // Deleted and brought back, it keeps its language.
    await staff.put(`/api/poems/${poem.id}/`).send({ language: 'fr' }).expect(200);
    const gone = await staff.delete(`/api/poems/${poem.id}/`).expect(200);
    const again = await staff.post(`/api/poems/${poem.id}/history/${gone.body.revision - 1}/restore`).expect(200);
    expect(again.body.record).toMatchObject({ id: poem.id, language: 'fr' });
  });

  it('answers bad history requests with a clear 4xx JSON error and changes nothing', async () => {
    const pub = await book();
    const poem = await typedPoem(pub, 'Steady');
    const unchanged = async () => {
      expect((await staff.get(`/api/poems/${poem.id}/`).expect(200)).body).toMatchObject({ title: 'Steady', revision: 1 });
      expect((await poemHistory(poem.id)).revisions).toHaveLength(1);
    };
    expectJsonError(await staff.put(`/api/poems/${poem.id}/`).send({ title: 'X', base_revision: 'one' }), 400, /base_revision/);
    expectJsonError(await staff.put(`/api/poems/${poem.id}/`).send({ title: 'X', base_revision: -1 }), 400, /base_revision/);
    expectJsonError(await staff.get(`/api/poems/${poem.id}/history/zero`), 400, /revision must be a whole number/);
    expectJsonError(await staff.post(`/api/poems/${poem.id}/history/0/restore`), 400, /revision/);
    expectJsonError(await staff.get(`/api/poems/${poem.id}/history/9`), 404, /No such version/);
    expectJsonError(await staff.post(`/api/poems/${poem.id}/history/9/restore`), 404, /No such version/);
    expectJsonError(await staff.get(`/api/poems/999999/history`), 404, /Poem not found/);
    expectJsonError(await staff.post(`/api/publications/${pub.id}/history/5/restore`), 404, /No such version/);
    expectJsonError(await staff.get(`/api/publications/no-such-book/history`), 404, /Publication not found/);
    // Restoring without the CSRF token, or without signing in, is refused.
    expect((await withoutCsrfHeader(t, staff).post(`/api/poems/${poem.id}/history/1/restore`)).status).toBe(403);
    expectJsonError(await t.http().get(`/api/poems/${poem.id}/history`), 401, /credentials/);
    expectJsonError(await t.http().get(`/api/publications/${pub.id}/history`), 401, /credentials/);
    await unchanged();
  });
});
