/**
 * The catalog calls the admin's own screens make: searching, sorting and paging the lists, typing a
 * poem in, reordering poems (and the reader following the order), removing only given poems.
 * Every bad request gets a 4xx JSON error and leaves the catalog as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Poem, Publication } from '../../contracts/catalog.js';
import { CatalogCommands } from '../../src/catalog/application/catalog-commands.js';
import { toPoemResponse } from '../../src/catalog/application/catalog-responses.js';
import { dbTargets, staffAgent, startTestApp, type TestAgent, type TestApp, withoutCsrfHeader } from '../support/test-app.js';

describe.each(dbTargets())('catalog editing API on %s', (target) => {
  let t: TestApp;
  let staff: TestAgent;
  /** Keeps titles of one test from matching another's searches. */
  let run = 0;

  beforeAll(async () => {
    t = await startTestApp(target);
    ({ agent: staff } = await staffAgent(t));
  });
  afterAll(async () => t?.close());

  async function publication(fields: Record<string, unknown> = {}): Promise<Publication> {
    const res = await staff
      .post('/api/publications/')
      .send({ title: `Book ${++run}`, ...fields })
      .expect(201);
    return res.body;
  }

  async function withPoems(titles: string[], fields: Record<string, unknown> = {}): Promise<{ pub: Publication; poems: Poem[] }> {
    const pub = await publication(fields);
    const added = await t.app.get(CatalogCommands).addPoems(
      pub.id,
      titles.map((title) => ({ title, body: `${title}\nsecond line` })),
    );
    const poems = added.map(toPoemResponse);
    return { pub, poems };
  }

  /** Titles in reading order, as staff see them (or as a visitor does). */
  const poemTitles = async (ref: string | number, visitor = false) =>
    (await (visitor ? t.http() : staff).get(`/api/publications/${ref}/poems/${visitor ? '' : '?admin=true'}`).expect(200)).body.map(
      (p: Poem) => p.title,
    );

  /** The catalog as the admin sees it, to show that a refused request changed nothing. */
  async function snapshot(ref: number) {
    const pub = (await staff.get(`/api/publications/${ref}/?admin=true`).expect(200)).body;
    const poems = (await staff.get(`/api/publications/${ref}/poems/?admin=true`).expect(200)).body;
    return { updated_at: pub.updated_at, poems: poems.map((p: Poem) => [p.id, p.position, p.title, p.body]) };
  }

  function expectJsonError(res: { status: number; body: Record<string, unknown> }, status: number, message: RegExp) {
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ statusCode: status });
    expect(String(res.body.message)).toMatch(message);
    expect(res.body.error).toBe(res.body.message);
  }

  describe('the admin list', () => {
    it('finds publications by a word of the title or of an author, ignoring case and taking % literally', async () => {
      const tag = `Zephyr${++run}`;
      const byTitle = await publication({ title: `Songs of the ${tag}`, authors: ['Ann Lee'] });
      const byAuthor = await publication({ title: 'Unrelated', authors: ['Someone', `Mary ${tag}son`] });
      await publication({ title: 'Nothing to see' });
      const found = (await staff.get(`/api/publications/?admin=true&q=${tag.toLowerCase()}`).expect(200)).body.map(
        (p: Publication) => p.id,
      );
      expect(found.sort()).toEqual([byTitle.id, byAuthor.id].sort());
      const viaFilter = await staff
        .get(`/api/publications/?admin=true&filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`)
        .expect(200);
      expect(viaFilter.body).toHaveLength(2);
      expect(viaFilter.headers['x-total-count']).toBe('2');
      const percent = await publication({ title: `100% ${tag}` });
      const literal = (await staff.get(`/api/publications/?admin=true&q=${encodeURIComponent(`0% ${tag}`)}`).expect(200)).body;
      expect(literal.map((p: Publication) => p.id)).toEqual([percent.id]);
      expect((await staff.get(`/api/publications/?admin=true&q=${encodeURIComponent('%')}${tag}x`).expect(200)).body).toEqual([]);
    });

    it('sorts by title without case and by poem count, and pages with the total in the headers', async () => {
      const tag = `Sortable${++run}`;
      await withPoems(['a', 'b', 'c'], { title: `beta ${tag}` });
      await withPoems(['a'], { title: `Alpha ${tag}` });
      await withPoems(['a', 'b'], { title: `Gamma ${tag}` });
      const list = async (sort: unknown, range?: string) =>
        staff
          .get(`/api/publications/?admin=true&q=${tag}&sort=${encodeURIComponent(JSON.stringify(sort))}${range ? `&range=${range}` : ''}`)
          .expect(200);
      expect((await list(['title', 'ASC'])).body.map((p: Publication) => p.title)).toEqual([`Alpha ${tag}`, `beta ${tag}`, `Gamma ${tag}`]);
      expect((await list(['poem_count', 'DESC'])).body.map((p: Publication) => p.poem_count)).toEqual([3, 2, 1]);
      const page = await list(['title', 'DESC'], '[1,1]');
      expect(page.body.map((p: Publication) => p.title)).toEqual([`beta ${tag}`]);
      expect(page.headers['x-total-count']).toBe('3');
      expect(page.headers['content-range']).toBe('publications 1-1/3');
    });

    it('searches, sorts and pages the trash with page and page_size', async () => {
      const tag = `Trashed${++run}`;
      for (const title of ['Cedar', 'ash', 'Birch']) {
        const p = await publication({ title: `${title} ${tag}` });
        await staff.delete(`/api/publications/${p.id}/`).expect(200);
      }
      const sorted = await staff
        .get(`/api/publications/trash/?q=${tag}&sort=${encodeURIComponent('["title","ASC"]')}&page=2&page_size=2`)
        .expect(200);
      expect(sorted.body.count).toBe(3);
      expect(sorted.body.results.map((p: Publication) => p.title)).toEqual([`Cedar ${tag}`]);
      const newestFirst = (await staff.get(`/api/publications/trash/?q=${tag}`).expect(200)).body.results.map((p: Publication) => p.title);
      expect(newestFirst).toEqual([`Birch ${tag}`, `ash ${tag}`, `Cedar ${tag}`]);
    });

    it.each([
      ['an unknown sort field', 'sort=["password","ASC"]', /sort must be/],
      ['a sort order that is not ASC or DESC', 'sort=["title","UP"]', /sort must be/],
      ['a sort that is not JSON', 'sort=title', /sort must be valid JSON/],
      ['an over-long search', `q=${'x'.repeat(201)}`, /q must be at most 200/],
      ['a search in the filter that is not text', `filter=${encodeURIComponent('{"q":5}')}`, /q must be text/],
    ])('refuses %s with a 400 JSON error', async (_name, query, message) => {
      expectJsonError(await staff.get(`/api/publications/?admin=true&${query}`), 400, message);
    });

    it('refuses a bad trash sort or search with a 400 JSON error', async () => {
      expectJsonError(await staff.get('/api/publications/trash/?sort=["poems","ASC"]'), 400, /sort must be/);
      expectJsonError(await staff.get(`/api/publications/trash/?q=${'y'.repeat(201)}`), 400, /q must be at most 200/);
    });
  });

  describe('typing a poem in', () => {
    it('adds it after the last poem with its counts, indentation kept, and the reader shows it last', async () => {
      const { pub } = await withPoems(['First', 'Second']);
      await staff.post(`/api/publications/${pub.id}/publish/`).expect(200);
      const body = 'Typed by hand\n    indented four\n\nnew stanza';
      const res = await staff
        .post(`/api/publications/${pub.slug}/poems/`)
        .send({ title: 'Third', body, page_numbers: [12] })
        .expect(201);
      expect(res.body).toMatchObject({
        title: 'Third',
        body,
        notes: '',
        line_count: 3,
        word_count: 7,
        page_numbers: [12],
        position: 3,
        publication_id: pub.id,
      });
      expect(await poemTitles(pub.slug, true)).toEqual(['First', 'Second', 'Third']);
      const page = await t.http().get(`/publication/${pub.slug}`).expect(200);
      expect(page.text.indexOf('Second')).toBeLessThan(page.text.indexOf('Third'));
    });

    it.each([
      ['no title', { body: 'x' }, /title/],
      ['a blank title', { title: '  ', body: 'x' }, /title is required/],
      ['no text', { title: 'Empty' }, /body/],
      ['blank text', { title: 'Empty', body: '\n  \n' }, /body is required/],
      ['text that is not a string', { title: 'T', body: ['x'] }, /body must be a string/],
      ['an over-long title', { title: 'x'.repeat(501), body: 'x' }, /title/],
      ['page numbers that are not whole numbers', { title: 'T', body: 'x', page_numbers: [1.5] }, /page number/],
      ['a page number of 0', { title: 'T', body: 'x', page_numbers: [0] }, /page numbers start at 1/],
    ])('refuses %s with a 400 JSON error and adds nothing', async (_name, body, message) => {
      const { pub } = await withPoems(['Only']);
      const before = await snapshot(pub.id);
      expectJsonError(await staff.post(`/api/publications/${pub.id}/poems/`).send(body), 400, message);
      expect(await snapshot(pub.id)).toEqual(before);
    });

    it('refuses a publication in trash (409) and an unknown one (404)', async () => {
      const { pub } = await withPoems(['Kept']);
      await staff.delete(`/api/publications/${pub.id}/`).expect(200);
      const res = await staff.post(`/api/publications/${pub.id}/poems/`).send({ title: 'No', body: 'x' });
      expectJsonError(res, 409, /in trash/);
      expect(res.body.code).toBe('CATALOG.IN_TRASH');
      expect(await poemTitles(pub.id)).toEqual(['Kept']);
      expectJsonError(await staff.post('/api/publications/999999/poems/').send({ title: 'No', body: 'x' }), 404, /not found/);
    });

    it('needs a staff session and a CSRF token', async () => {
      const { pub } = await withPoems([]);
      await t.http().post(`/api/publications/${pub.id}/poems/`).send({ title: 'No', body: 'x' }).expect(403);
      await withoutCsrfHeader(t, staff).post(`/api/publications/${pub.id}/poems/`).send({ title: 'No', body: 'x' }).expect(403);
      expect(await poemTitles(pub.id)).toEqual([]);
    });
  });

  describe('reordering poems', () => {
    it('stores the new order, answers the poems in it, and the public API and reader page follow it', async () => {
      const { pub, poems } = await withPoems(['One', 'Two', 'Three']);
      await staff.post(`/api/publications/${pub.id}/publish/`).expect(200);
      // A visitor's cached copy must not outlive the change.
      const cached = await t.http().get(`/api/publications/${pub.slug}/poems/`).expect(200);
      const [one, two, three] = poems.map((p) => p.id);
      const res = await staff
        .post(`/api/publications/${pub.slug}/reorder_poems/`)
        .send({ poem_ids: [three, one, two] })
        .expect(200);
      expect(res.body.map((p: Poem) => [p.title, p.position])).toEqual([
        ['Three', 1],
        ['One', 2],
        ['Two', 3],
      ]);
      const visitor = await t.http().get(`/api/publications/${pub.slug}/poems/`).set('If-None-Match', cached.headers.etag).expect(200);
      expect(visitor.body.map((p: Poem) => p.title)).toEqual(['Three', 'One', 'Two']);
      const page = (await t.http().get(`/publication/${pub.slug}`).expect(200)).text;
      expect(page.indexOf('>Three<')).toBeLessThan(page.indexOf('>One<'));
      expect(page.indexOf('>One<')).toBeLessThan(page.indexOf('>Two<'));
    });

    it.each([
      ['a poem missing', (ids: number[]) => ids.slice(0, 2), 409, /every poem of this publication exactly once/],
      ['a poem of another publication', (ids: number[], other: number) => [...ids, other], 409, /every poem/],
      ['a poem twice', (ids: number[]) => [...ids, ids[0]], 400, /each poem once/],
      ['an id that is not a whole number', (ids: number[]) => [...ids.slice(0, 2), 'three'], 400, /whole number/],
      ['no list', () => undefined, 400, /poem_ids must be a list/],
    ])('refuses an order with %s and keeps the old one', async (_name, build, status, message) => {
      const { pub, poems } = await withPoems(['A', 'B', 'C']);
      const { poems: others } = await withPoems(['Elsewhere']);
      const before = await snapshot(pub.id);
      const ids = poems.map((p) => p.id).reverse();
      const body = (build as (ids: number[], other: number) => unknown)(ids, others[0].id);
      const res = await staff.post(`/api/publications/${pub.id}/reorder_poems/`).send(body === undefined ? {} : { poem_ids: body });
      expectJsonError(res, status, message);
      expect(await snapshot(pub.id)).toEqual(before);
    });

    it('names the ids that did not fit, and refuses unknown fields', async () => {
      const { pub, poems } = await withPoems(['A', 'B']);
      const res = await staff.post(`/api/publications/${pub.id}/reorder_poems/`).send({ poem_ids: [poems[1].id, 999999] });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'CATALOG.POEM_ORDER_MISMATCH', unknown_poem_ids: [999999], missing_poem_ids: [poems[0].id] });
      expectJsonError(
        await staff.post(`/api/publications/${pub.id}/reorder_poems/`).send({ poem_ids: [poems[1].id, poems[0].id], ids: [] }),
        400,
        /Unknown field "ids"/,
      );
      expect(await poemTitles(pub.id)).toEqual(['A', 'B']);
    });
  });

  describe('clearing poems', () => {
    it('removes only the poems listed, keeping the rest in their order', async () => {
      const { pub, poems } = await withPoems(['Old one', 'Old two', 'Session one', 'Session two']);
      const res = await staff
        .post(`/api/publications/${pub.id}/clear_poems/`)
        .send({ poem_ids: [poems[2].id, poems[3].id] })
        .expect(200);
      expect(res.body).toEqual({ deleted_poems: 2 });
      expect(await poemTitles(pub.id)).toEqual(['Old one', 'Old two']);
      const pubAfter = (await staff.get(`/api/publications/${pub.id}/?admin=true`).expect(200)).body;
      expect(pubAfter.poem_count).toBe(2);
    });

    it('removes nothing for an empty list, and every poem without a body (as before)', async () => {
      const { pub } = await withPoems(['x', 'y']);
      expect((await staff.post(`/api/publications/${pub.id}/clear_poems/`).send({ poem_ids: [] }).expect(200)).body).toEqual({
        deleted_poems: 0,
      });
      expect(await poemTitles(pub.id)).toEqual(['x', 'y']);
      expect((await staff.post(`/api/publications/${pub.id}/clear_poems/`).expect(200)).body).toEqual({
        deleted_poems: 2,
      });
      expect(await poemTitles(pub.id)).toEqual([]);
    });

    it.each([
      ['a poem of another publication', 'foreign', 409, /not in this publication; nothing was removed/],
      ['an unknown poem', 'unknown', 409, /not in this publication/],
      ['a poem twice', 'twice', 400, /each poem once/],
      ['ids that are not numbers', 'text', 400, /whole number/],
      ['a list that is not a list', 'scalar', 400, /poem_ids must be a list/],
      ['a misspelt field (which would otherwise clear everything)', 'misspelt', 400, /Unknown field "ids"/],
      ['a body that is not an object', 'array', 400, /./],
    ])('refuses %s and removes nothing', async (_name, kind, status, message) => {
      const { pub, poems } = await withPoems(['Keep me', 'And me']);
      const { poems: others } = await withPoems(['Not yours']);
      const own = poems[0].id;
      const bodies: Record<string, unknown> = {
        foreign: { poem_ids: [own, others[0].id] },
        unknown: { poem_ids: [own, 999999] },
        twice: { poem_ids: [own, own] },
        text: { poem_ids: ['1'] },
        scalar: { poem_ids: own },
        misspelt: { ids: [own] },
        array: [own],
      };
      const before = await snapshot(pub.id);
      const res = await staff.post(`/api/publications/${pub.id}/clear_poems/`).send(bodies[kind] as object);
      expectJsonError(res, status, message);
      expect(await snapshot(pub.id)).toEqual(before);
      expect(await poemTitles(others[0].publication_id)).toEqual(['Not yours']);
    });
  });

  describe('editing a publication', () => {
    it('changes every field with PUT, and the public page shows the new author', async () => {
      const pub = await publication({ authors: ["A BOY'S WILL"] });
      await staff.post(`/api/publications/${pub.id}/publish/`).expect(200);
      const fields = {
        title: 'A Corrected Title',
        authors: ['Robert Frost'],
        publisher: 'Holt',
        publication_date: '1913',
        isbn: '978-1',
        notes: 'First book',
      };
      const res = await staff.put(`/api/publications/${pub.id}/`).send(fields).expect(200);
      expect(res.body).toMatchObject({ ...fields, slug: pub.slug });
      const page = (await t.http().get(`/publication/${pub.slug}`).expect(200)).text;
      expect(page).toContain('Robert Frost');
      expect(page).not.toContain("A BOY'S WILL");
    });

    it.each([
      ['a blank title', { title: ' ' }, /title is required/],
      ['too many authors', { authors: Array.from({ length: 51 }, (_, i) => `A${i}`) }, /authors/],
      ['an over-long author', { authors: ['x'.repeat(301)] }, /author/],
      ['an over-long ISBN', { isbn: '9'.repeat(41) }, /isbn/],
      ['an over-long publication date', { publication_date: 'x'.repeat(101) }, /publication_date/],
    ])('refuses %s with a 400 JSON error and changes nothing', async (_name, body, message) => {
      const pub = await publication({ authors: ['Kept Author'] });
      const before = (await staff.get(`/api/publications/${pub.id}/?admin=true`).expect(200)).body;
      expectJsonError(await staff.put(`/api/publications/${pub.id}/`).send(body), 400, message);
      expect((await staff.get(`/api/publications/${pub.id}/?admin=true`).expect(200)).body).toEqual(before);
    });
  });
});
