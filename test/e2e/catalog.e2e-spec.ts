import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CatalogCommands } from '../../src/catalog/application/catalog-commands.js';
import { PoemRequestMapper } from '../../src/catalog/http/requests.mapper.js';
import { csrfAgent, dbTargets, staffAgent, startTestApp, type TestAgent, type TestApp, withoutCsrfHeader } from '../support/test-app.js';

const POEM = 'The river keeps\n    its own counsel,\n\nand the stones\nremember rain.';

describe.each(dbTargets())('catalog API on %s', (target) => {
  let t: TestApp;
  let staff: TestAgent;

  beforeAll(async () => {
    t = await startTestApp(target);
    ({ agent: staff } = await staffAgent(t));
  });
  afterAll(async () => t?.close());

  async function createPublication(fields: Record<string, unknown> = {}) {
    const res = await staff
      .post('/api/publications/')
      .send({
        title: 'Collected Poems',
        authors: ['A. Poet'],
        publisher: 'Press',
        publication_date: 'May 1971',
        isbn: '978-0',
        notes: '',
        ...fields,
      })
      .expect(201);
    return res.body;
  }

  async function addPoems(publicationId: number, poems: Array<{ title: string; body: string; page_numbers?: number[] }>) {
    return t.app.get(CatalogCommands).addPoems(publicationId, poems.map(PoemRequestMapper.fromCreateRequest));
  }

  async function published(fields: Record<string, unknown> = {}) {
    const publication = await createPublication(fields);
    await staff.post(`/api/publications/${publication.id}/publish/`).expect(200);
    return publication;
  }

  describe('creating and reading', () => {
    it('creates a draft with every field, a slug, and zero counts', async () => {
      const p = await createPublication({ title: 'Winter Orchard' });
      expect(p).toMatchObject({
        title: 'Winter Orchard',
        slug: 'winter-orchard',
        status: 'draft',
        authors: ['A. Poet'],
        publisher: 'Press',
        publication_date: 'May 1971',
        isbn: '978-0',
        notes: '',
        language: 'en',
        deleted_at: null,
        published_at: null,
        poem_count: 0,
        total_lines: 0,
        total_words: 0,
      });
      expect(p._id).toBe(p.id);
      expect(Date.parse(p.created_at)).not.toBeNaN();
    });

    it('keeps the language a book is written in, as a canonical BCP 47 tag', async () => {
      const p = await createPublication({ title: 'Gedichte', language: 'DE' });
      expect(p.language).toBe('de');
      const changed = await staff.put(`/api/publications/${p.id}/`).send({ language: 'pt-br' }).expect(200);
      expect(changed.body.language).toBe('pt-BR');
      expect((await staff.get(`/api/publications/${p.id}/?admin=true`).expect(200)).body.language).toBe('pt-BR');
      const refused = await staff.put(`/api/publications/${p.id}/`).send({ language: 'German!' }).expect(400);
      expect(refused.body.message).toMatch(/language must be a BCP 47 language tag/);
      expect((await staff.get(`/api/publications/${p.id}/?admin=true`).expect(200)).body.language).toBe('pt-BR');
    });

    it("keeps a poem's own language, a canonical tag or null for its book's; a malformed tag is a 400 that changes nothing", async () => {
      const p = await published({ title: 'Two Tongues' });
      const typed = await staff
        .post(`/api/publications/${p.id}/poems/`)
        .send({ title: 'Lied', body: 'ein Lied', language: 'DE' })
        .expect(201);
      expect(typed.body.language).toBe('de');
      const [poem] = await addPoems(p.id, [{ title: 'Song', body: 'a song' }]);
      expect((await staff.get(`/api/poems/${poem.id}/`).expect(200)).body.language).toBeNull();
      const set = await staff.put(`/api/poems/${poem.id}/`).send({ language: 'pt-br' }).expect(200);
      expect(set.body).toMatchObject({ language: 'pt-BR', body: 'a song' });
      // Visitors are told it too (the reader's `lang`), and an edit without it leaves it.
      expect((await t.http().get(`/api/poems/${poem.slug}/`).expect(200)).body.language).toBe('pt-BR');
      await staff.put(`/api/poems/${poem.id}/`).send({ notes: 'a note' }).expect(200);
      for (const bad of ['Portuguese!', 7, 'x'.repeat(40)]) {
        const refused = await staff.put(`/api/poems/${poem.id}/`).send({ title: 'Changed', language: bad }).expect(400);
        expect(refused.body.message).toMatch(/language must be a BCP 47 language tag/);
      }
      expect((await staff.get(`/api/poems/${poem.id}/`).expect(200)).body).toMatchObject({ title: 'Song', language: 'pt-BR' });
      expect((await staff.put(`/api/poems/${poem.id}/`).send({ language: null }).expect(200)).body.language).toBeNull();
      await staff.put(`/api/poems/${poem.id}/`).send({ language: 'la' }).expect(200);
      expect((await staff.put(`/api/poems/${poem.id}/`).send({ language: '' }).expect(200)).body.language).toBeNull();
      await staff.post(`/api/publications/${p.id}/poems/`).send({ title: 'Bad', body: 'x', language: 'no such!' }).expect(400);
      expect((await staff.get(`/api/publications/${p.id}/?admin=true`).expect(200)).body.poem_count).toBe(2);
    });

    it('makes slugs unique and keeps them when the title changes', async () => {
      const a = await createPublication({ title: 'Night Songs' });
      const b = await createPublication({ title: 'Night Songs' });
      expect(a.slug).toBe('night-songs');
      expect(b.slug).toBe('night-songs-2');
      const renamed = await staff.put(`/api/publications/${a.id}/`).send({ title: 'Night Songs, Revised' }).expect(200);
      expect(renamed.body.title).toBe('Night Songs, Revised');
      expect(renamed.body.slug).toBe('night-songs');
      await staff.get('/api/publications/night-songs/?admin=true').expect(200);
    });

    it('stores strings exactly as sent, hostile ones included', async () => {
      const hostile = '<script>alert("x")</script> \u00e9t\u00e9 \u{1F54A}  spaced  ';
      const p = await createPublication({ title: hostile, notes: "Robert'); DROP TABLE publications;--" });
      const back = await staff.get(`/api/publications/${p.id}/?admin=true`).expect(200);
      expect(back.body.title).toBe(hostile);
      expect(back.body.notes).toBe("Robert'); DROP TABLE publications;--");
    });

    it('keeps poem_count, total_lines and total_words equal to the poems through every change', async () => {
      const p = await createPublication({ title: 'Counting' });
      const [first] = await addPoems(p.id, [
        { title: 'One', body: POEM },
        { title: 'Two', body: 'a b c\nd e' },
      ]);
      let pub = (await staff.get(`/api/publications/${p.id}/?admin=true`)).body;
      expect([pub.poem_count, pub.total_lines, pub.total_words]).toEqual([2, 4 + 2, 11 + 5]);
      const edited = await staff.put(`/api/poems/${first.id}/`).send({ body: 'just one line' }).expect(200);
      expect([edited.body.line_count, edited.body.word_count]).toEqual([1, 3]);
      pub = (await staff.get(`/api/publications/${p.id}/?admin=true`)).body;
      expect([pub.poem_count, pub.total_lines, pub.total_words]).toEqual([2, 3, 8]);
      await staff.delete(`/api/poems/${first.id}/`).expect(200);
      pub = (await staff.get(`/api/publications/${p.id}/?admin=true`)).body;
      expect([pub.poem_count, pub.total_lines, pub.total_words]).toEqual([1, 2, 5]);
      await staff.post(`/api/publications/${p.id}/clear_poems/`).expect(200);
      pub = (await staff.get(`/api/publications/${p.id}/?admin=true`)).body;
      expect([pub.poem_count, pub.total_lines, pub.total_words]).toEqual([0, 0, 0]);
    });

    it('answers poems in publication order with every field, indentation kept', async () => {
      const p = await published({ title: 'Ordered' });
      await addPoems(p.id, [
        { title: 'First', body: POEM, page_numbers: [3] },
        { title: 'Second', body: 'x', page_numbers: [4, 5] },
      ]);
      const poems = (await t.http().get(`/api/publications/${p.slug}/poems/`).expect(200)).body;
      expect(poems.map((x: { title: string }) => x.title)).toEqual(['First', 'Second']);
      expect(poems[0]).toMatchObject({ body: POEM, notes: '', line_count: 4, word_count: 11, publication_id: p.id, page_numbers: [3] });
      expect(poems[1].page_numbers).toEqual([4, 5]);
      const bySlug = (await t.http().get(`/api/poems/${poems[0].slug}/`).expect(200)).body;
      expect(bySlug.id).toBe(poems[0].id);
    });
  });

  describe('who sees what', () => {
    it('hides drafts and trash from visitors by id, slug, poems and poem', async () => {
      const draft = await createPublication({ title: 'Hidden Draft' });
      const [poem] = await addPoems(draft.id, [{ title: 'Secret', body: 'unseen' }]);
      const visitor = t.http();
      for (const path of [
        `/api/publications/${draft.id}/`,
        `/api/publications/${draft.slug}/`,
        `/api/publications/${draft.id}/poems/`,
        `/api/poems/${poem.id}/`,
        `/api/poems/${poem.slug}/`,
      ]) {
        const res = await visitor.get(path).expect(404);
        expect(res.body.message).toMatch(/not found/);
      }
      const list = (await visitor.get('/api/publications/').expect(200)).body;
      expect(list.find((x: { id: number }) => x.id === draft.id)).toBeUndefined();

      const live = await published({ title: 'Soon Trashed' });
      await visitor.get(`/api/publications/${live.slug}/`).expect(200);
      await staff.delete(`/api/publications/${live.id}/`).expect(200);
      await visitor.get(`/api/publications/${live.slug}/`).expect(404);
    });

    it('needs a staff session for admin=true, a status filter and the trash list (401)', async () => {
      for (const path of ['/api/publications/?admin=true', '/api/publications/?status=draft', '/api/publications/trash/']) {
        const res = await t.http().get(path).expect(401);
        expect(res.body.detail).toBeTruthy();
      }
    });

    it('shows staff the drafts with admin=true and filters by status', async () => {
      const d = await createPublication({ title: 'Filter Draft' });
      const p = await published({ title: 'Filter Published' });
      const all = (await staff.get('/api/publications/?admin=true').expect(200)).body.map((x: { id: number }) => x.id);
      expect(all).toEqual(expect.arrayContaining([d.id, p.id]));
      const drafts = (await staff.get('/api/publications/?admin=true&status=draft').expect(200)).body;
      expect(drafts.every((x: { status: string }) => x.status === 'draft')).toBe(true);
      const pubs = (await staff.get('/api/publications/?admin=true&status=published').expect(200)).body;
      expect(pubs.every((x: { status: string }) => x.status === 'published')).toBe(true);
      expect(pubs.map((x: { id: number }) => x.id)).toContain(p.id);
    });

    it('sends react-admin totals on admin lists, exposed to the browser', async () => {
      const res = await staff.get('/api/publications/?admin=true&range=[0,1]').expect(200);
      expect(res.body.length).toBeLessThanOrEqual(2);
      expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(res.body.length);
      expect(res.headers['content-range']).toMatch(/^publications 0-\d+\/\d+$/);
      expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
    });
  });

  describe('lifecycle', () => {
    it('toggles draft <-> published, answering {publication, status}, and sets published_at once', async () => {
      const p = await createPublication({ title: 'Toggle Me' });
      const on = await staff.post(`/api/publications/${p.id}/toggle_publish/`).expect(200);
      expect(on.body.status).toBe('published');
      expect(on.body.publication.status).toBe('published');
      const firstPublished = on.body.publication.published_at;
      expect(firstPublished).toBeTruthy();
      const off = await staff.post(`/api/publications/${p.id}/toggle_publish/`).expect(200);
      expect(off.body.status).toBe('draft');
      const again = await staff.post(`/api/publications/${p.slug}/publish/`).expect(200);
      expect(again.body.publication.published_at).toBe(firstPublished);
      const draft = await staff.post(`/api/publications/${p.id}/save_draft/`).expect(200);
      expect(draft.body.status).toBe('draft');
    });

    it('moves to trash, lists trash with paging, restores, and deletes forever only from trash', async () => {
      const p = await published({ title: 'Trash Cycle' });
      await addPoems(p.id, [{ title: 'Gone Soon', body: 'a' }]);
      await staff.delete(`/api/publications/${p.id}/permanent_delete/`).expect(409);
      const trashed = await staff.delete(`/api/publications/${p.id}/`).expect(200);
      expect(trashed.body.publication.deleted_at).toBeTruthy();
      const trash = (await staff.get('/api/publications/trash/?page=1&page_size=20').expect(200)).body;
      expect(trash.count).toBeGreaterThanOrEqual(1);
      expect(trash.results.map((x: { id: number }) => x.id)).toContain(p.id);
      const active = (await staff.get('/api/publications/?admin=true').expect(200)).body.map((x: { id: number }) => x.id);
      expect(active).not.toContain(p.id);
      await staff.post(`/api/publications/${p.id}/toggle_publish/`).expect(409);
      await staff.post(`/api/publications/${p.id}/restore/`).expect(200);
      await t.http().get(`/api/publications/${p.slug}/`).expect(200);
      await staff.post(`/api/publications/${p.id}/restore/`).expect(409);
      await staff.delete(`/api/publications/${p.id}/`).expect(200);
      await staff.delete(`/api/publications/${p.id}/permanent_delete/`).expect(200);
      await staff.get(`/api/publications/${p.id}/?admin=true`).expect(404);
      const poems = await t.app
        .get(CatalogCommands)
        .addPoems(p.id, [])
        .catch((e: Error) => e);
      expect(poems).toBeInstanceOf(Error);
    });

    it('pages the trash with page and page_size (defaults 1 and 20)', async () => {
      for (let i = 0; i < 3; i++) {
        const p = await createPublication({ title: `Paged ${i}` });
        await staff.delete(`/api/publications/${p.id}/`).expect(200);
      }
      const all = (await staff.get('/api/publications/trash/').expect(200)).body;
      const page2 = (await staff.get('/api/publications/trash/?page=2&page_size=2').expect(200)).body;
      expect(page2.count).toBe(all.count);
      expect(page2.results).toEqual(all.results.slice(2, 4));
    });
  });

  describe('caching of public reads', () => {
    it('answers a repeat visit with 304 and shows a change at once', async () => {
      const p = await published({ title: 'Cached Collection' });
      const first = await t.http().get('/api/publications/').expect(200);
      expect(first.headers.etag).toBeTruthy();
      expect(first.headers['cache-control']).toContain('must-revalidate');
      await t.http().get('/api/publications/').set('If-None-Match', first.headers.etag).expect(304);
      await staff.put(`/api/publications/${p.id}/`).send({ title: 'Cached Collection, Revised' }).expect(200);
      const after = await t.http().get('/api/publications/').set('If-None-Match', first.headers.etag).expect(200);
      expect(after.body.map((x: { title: string }) => x.title)).toContain('Cached Collection, Revised');
    });

    it('never gives staff answers to the public cache', async () => {
      const d = await createPublication({ title: 'Staff Only Draft' });
      const res = await staff.get(`/api/publications/${d.id}/?admin=true`).expect(200);
      expect(res.headers['cache-control']).toContain('no-store');
      await t.http().get(`/api/publications/${d.id}/?admin=true`).expect(401);
    });
  });

  describe('bad input gets a clear 4xx JSON error and changes nothing', () => {
    let before: number;
    beforeEach(async () => {
      before = (await staff.get('/api/publications/?admin=true')).body.length;
    });
    afterAll(async () => undefined);

    it.each([
      ['missing title', { authors: ['x'] }, /title/],
      ['blank title', { title: '   ' }, /title/],
      ['title of the wrong type', { title: 42 }, /title/],
      ['authors not a list', { title: 'x', authors: 'Someone' }, /authors/],
      ['author of the wrong type', { title: 'x', authors: [1] }, /author/],
      ['over-long title', { title: 'x'.repeat(501) }, /title/],
      ['language that is not a BCP 47 tag', { title: 'x', language: 'english please' }, /language/],
      ['language of the wrong type', { title: 'x', language: 7 }, /language/],
    ])('rejects %s', async (_name, body, message) => {
      const res = await staff.post('/api/publications/').send(body).expect(400);
      expect(res.body.message).toMatch(message);
      expect((await staff.get('/api/publications/?admin=true')).body.length).toBe(before);
    });

    it('rejects malformed JSON', async () => {
      const res = await staff.post('/api/publications/').set('Content-Type', 'application/json').send('{"title": ').expect(400);
      expect(res.body.message).toMatch(/Malformed JSON/);
    });

    it('rejects a JSON body that is not an object', async () => {
      await staff.post('/api/publications/').set('Content-Type', 'application/json').send('["title"]').expect(400);
      await staff.post('/api/publications/').set('Content-Type', 'application/json').send('"title"').expect(400);
    });

    it('answers unknown ids and slugs with 404', async () => {
      await staff.get('/api/publications/999999/?admin=true').expect(404);
      await staff.get('/api/publications/no-such-book/?admin=true').expect(404);
      await staff.put('/api/poems/999999/').send({ title: 'x' }).expect(404);
      await staff.post('/api/publications/999999/restore/').expect(404);
      await t
        .http()
        .get('/api/poems/%E0%A4%A/')
        .expect((res) => expect(res.status).toBeLessThan(500));
    });

    it('rejects bad query parameters', async () => {
      await staff.get('/api/publications/?admin=maybe').expect(400);
      await staff.get('/api/publications/?admin=true&status=archived').expect(400);
      await staff.get('/api/publications/trash/?page=0').expect(400);
      await staff.get('/api/publications/trash/?page_size=1000').expect(400);
      await staff.get('/api/publications/trash/?page=abc').expect(400);
      await staff.get('/api/publications/?admin=true&range=[5,1]').expect(400);
      await staff.get('/api/publications/?admin=true&filter={oops').expect(400);
    });

    it('rejects a poem edit of the wrong types', async () => {
      const p = await createPublication({ title: 'Poem Edits' });
      const [poem] = await addPoems(p.id, [{ title: 'Keep', body: POEM }]);
      await staff
        .put(`/api/poems/${poem.id}/`)
        .send({ body: ['x'] })
        .expect(400);
      await staff.put(`/api/poems/${poem.id}/`).send({ title: '' }).expect(400);
      const back = (await staff.get(`/api/poems/${poem.id}/`)).body;
      expect(back.body).toBe(POEM);
    });
  });

  describe('every write endpoint: without a token, without a session, and as staff', () => {
    it('walks the table', async () => {
      const p = await createPublication({ title: 'Permissions' });
      const [poem] = await addPoems(p.id, [{ title: 'Perm Poem', body: 'x y' }]);
      const trashedForDelete = await createPublication({ title: 'Permissions Trash' });
      await staff.delete(`/api/publications/${trashedForDelete.id}/`).expect(200);
      const writes: Array<[string, string, Record<string, unknown> | undefined, number]> = [
        ['post', '/api/publications/', { title: 'By table' }, 201],
        ['put', `/api/publications/${p.id}/`, { notes: 'n' }, 200],
        ['post', `/api/publications/${p.id}/publish/`, undefined, 200],
        ['post', `/api/publications/${p.id}/save_draft/`, undefined, 200],
        ['post', `/api/publications/${p.id}/toggle_publish/`, undefined, 200],
        ['put', `/api/poems/${poem.id}/`, { title: 'Renamed' }, 200],
        ['post', `/api/publications/${p.id}/reorder_poems/`, { poem_ids: [poem.id] }, 200],
        ['post', `/api/publications/${p.id}/poems/`, { title: 'Typed', body: 'by hand' }, 201],
        ['delete', `/api/poems/${poem.id}/`, undefined, 200],
        ['post', `/api/publications/${p.id}/clear_poems/`, { poem_ids: [] }, 200],
        ['post', `/api/publications/${p.id}/clear_poems/`, undefined, 200],
        ['delete', `/api/publications/${p.id}/`, undefined, 200],
        ['post', `/api/publications/${p.id}/restore/`, undefined, 200],
        ['delete', `/api/publications/${trashedForDelete.id}/permanent_delete/`, undefined, 200],
      ];
      const { agent: anonymous } = await csrfAgent(t);
      for (const [method, path, body, okStatus] of writes) {
        const call = (agent: TestAgent) => {
          const req = (agent as unknown as Record<string, (p: string) => ReturnType<TestAgent['get']>>)[method](path);
          return body ? req.send(body) : req;
        };
        const noToken = await call(withoutCsrfHeader(t, staff));
        expect(noToken.status, `${method} ${path} without a CSRF token`).toBe(403);
        const noSession = await call(anonymous);
        expect(noSession.status, `${method} ${path} without a session`).toBe(401);
        const asStaff = await call(staff);
        expect(asStaff.status, `${method} ${path} as staff`).toBe(okStatus);
      }
    });
  });

  it('answers health with a database flag, the queue and the page store, and an index at /api/', async () => {
    const health = (await t.http().get('/api/health/').expect(200)).body;
    expect(health.database).toBe(true);
    expect(health.status).toBe('ok');
    expect(health.queue).toMatchObject({ mode: 'in-process', ok: true, workers: true });
    expect(health.page_store).toEqual({ kind: 'files', ok: true });
    const index = (await t.http().get('/api/').expect(200)).body;
    expect(index.docs).toBe('/api/docs');
    const docs = await t.http().get('/api/docs-json').expect(200);
    expect(Object.keys(docs.body.paths)).toContain('/api/publications/{id}/toggle_publish');
  });
});
