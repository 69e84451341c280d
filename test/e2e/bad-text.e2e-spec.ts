/**
 * Text the archive must refuse with a clear 400 (never a 500), leaving the catalog as it was:
 * NUL and other control characters, bidirectional overrides, titles with nothing visible, text
 * that is not Unicode (bytes that are not UTF-8, lone surrogates: never stored as U+FFFD), JSON
 * nested deeper than any real request. Poem bodies keep their line breaks and indentation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Poem, Publication } from '../../contracts/catalog.js';
import { ADMIN, csrfAgent, dbTargets, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';

const NUL = '\u0000';
const RLO = '\u202E';

describe.each(dbTargets())('bad text on %s', (target) => {
  let t: TestApp;
  let staff: TestAgent;
  let run = 0;

  beforeAll(async () => {
    t = await startTestApp(target);
    ({ agent: staff } = await staffAgent(t));
  });
  afterAll(async () => t?.close());

  async function publication(): Promise<Publication> {
    return (
      await staff
        .post('/api/publications/')
        .send({ title: `Bad text ${++run}` })
        .expect(201)
    ).body;
  }

  async function poemOf(pub: Publication): Promise<Poem> {
    return (await staff.post(`/api/publications/${pub.id}/poems/`).send({ title: 'Kept', body: 'line one\n  line two' }).expect(201)).body;
  }

  function expect400(res: { status: number; body: Record<string, unknown>; headers: Record<string, string> }, field: RegExp) {
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ statusCode: 400 });
    expect(String(res.body.message)).toMatch(field);
  }

  const count = async () => (await staff.get('/api/publications/?admin=true').expect(200)).body.length as number;

  it.each([
    ['title', { title: `A${NUL}B` }, /^title must not contain the NUL/],
    ['notes', { title: 'Fine', notes: `x${NUL}` }, /^notes must not contain the NUL/],
    ['an author', { title: 'Fine', authors: ['Ann', `B${NUL}`] }, /^authors\[1\] must not contain the NUL/],
    ['the title, another control character', { title: 'Bell\u0007' }, /title must not contain control characters/],
    ['the title, a form feed', { title: 'Page\fbreak' }, /title must not contain control characters/],
    ['the publisher, an escape', { title: 'Fine', publisher: 'Press\u001b[31m' }, /publisher must not contain control characters/],
    ['notes, a C1 control', { title: 'Fine', notes: 'a\u0085b' }, /notes must not contain control characters/],
    [
      'an author, a bidi override',
      { title: 'Fine', authors: [`${RLO}eeL nnA`] },
      /each of authors must not contain control characters or bidirectional overrides/,
    ],
    [
      'the title, a bidi override',
      { title: `${RLO}txet desrever` },
      /title must not contain control characters or bidirectional overrides/,
    ],
    ['the title, a bidi isolate', { title: '\u2067x\u2069' }, /title must not contain/],
    ['the title, only zero-width spaces', { title: '\u200B\u200B\u200B' }, /title is required/],
    ['the title, only invisible fillers and joiners', { title: '\u3164\u200D\u2060\uFEFF \u00A0' }, /title is required/],
  ])('refuses a new publication with %s, naming the field', async (_what, body, message) => {
    const before = await count();
    const res = await staff.post('/api/publications/').send(body);
    expect400(res, message);
    expect(await count()).toBe(before);
  });

  it('refuses NUL and control characters in a poem, and a poem that shows nothing, changing nothing', async () => {
    const pub = await publication();
    const poem = await poemOf(pub);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ body: `one${NUL}two` }, /^body must not contain the NUL/],
      [{ notes: `n${NUL}` }, /^notes must not contain the NUL/],
      [{ title: `T${NUL}` }, /^title must not contain the NUL/],
      [{ body: 'one\u0008two' }, /body must not contain control characters/],
      [{ body: `${RLO}one` }, /body must not contain control characters or bidirectional overrides/],
      [{ title: '\u200B' }, /title must not be empty/],
    ];
    for (const [body, message] of cases) {
      expect400(await staff.put(`/api/poems/${poem.id}/`).send(body), message);
    }
    expect400(await staff.post(`/api/publications/${pub.id}/poems/`).send({ title: 'New', body: '\u200B\n\u2060' }), /body is required/);
    expect400(
      await staff.post(`/api/publications/${pub.id}/poems/`).send({ title: 'New', body: `x${NUL}` }),
      /^body must not contain the NUL/,
    );
    const after = (await staff.get(`/api/poems/${poem.id}/?admin=true`).expect(200)).body;
    expect(after).toMatchObject({ title: 'Kept', body: 'line one\n  line two' });
    expect((await staff.get(`/api/publications/${pub.id}/poems/?admin=true`).expect(200)).body).toHaveLength(1);
  });

  it('keeps line breaks, tabs, indentation and right-to-left marks', async () => {
    const pub = await publication();
    const body = 'First line\r\n\tindented with a tab\n    four spaces\n\nשיר\u200F and more';
    const res = await staff.post(`/api/publications/${pub.id}/poems/`).send({ title: 'שיר \u200Fone', body, notes: 'a\n\tb' }).expect(201);
    expect(res.body.body).toBe(body);
    expect(res.body.title).toBe('שיר \u200Fone');
    expect(res.body.notes).toBe('a\n\tb');
    // A title read from a photo may carry a line break; it is kept, not refused.
    const book = await staff.post('/api/publications/').send({ title: 'Title\nand subtitle' }).expect(201);
    expect(book.body.title).toBe('Title\nand subtitle');
  });

  it('refuses NUL in the address, the query and the login form with 400, never 500', async () => {
    expect400(await t.http().get('/api/publications/a%00b/'), /address must not contain the NUL/);
    expect400(await t.http().get('/api/poems/%00/'), /address must not contain the NUL/);
    expect400(await staff.get('/api/publications/?admin=true&q=a%00'), /^q must not contain the NUL/);
    const { agent, token: csrf } = await csrfAgent(t);
    expect400(
      await agent.post('/api/auth/login/').send({ username: `${ADMIN.username}${NUL}`, password: 'x' }),
      /^username must not contain the NUL/,
    );
    expect400(
      await agent.post('/api/auth/login/').type('form').send(`username=a%00&password=b&csrfmiddlewaretoken=${csrf}`),
      /^username must not contain the NUL/,
    );
    const reader = await t.http().get('/publication/a%00b');
    expect(reader.status).toBe(400);
  });

  /** A JSON body sent as these very bytes (supertest would re-encode a string). */
  const rawJson = (method: 'post' | 'put', path: string, ...parts: Array<string | number[]>) =>
    staff[method](path)
      .set('Content-Type', 'application/json')
      .serialize((bytes: Buffer) => bytes as unknown as string)
      .send(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p)))));

  it.each([
    ['a byte that starts no character (0xFF)', [0xff]],
    ['a character cut short (0xC3 alone)', [0xc3]],
    ['an overlong slash (0xC0 0xAF)', [0xc0, 0xaf]],
    ['a surrogate spelt in UTF-8 (0xED 0xA0 0x80)', [0xed, 0xa0, 0x80]],
  ])('refuses a title holding %s on the wire, naming it, and stores nothing', async (_what, bytes) => {
    const before = await count();
    // A real U+FFFD before it is well-formed text and does not confuse which field is wrong.
    expect400(
      await rawJson('post', '/api/publications/', '{"publisher":"Fine \uFFFD kept","title":"Bad ', bytes, ' bytes"}'),
      /^title must be valid Unicode text/,
    );
    expect(await count()).toBe(before);
  });

  it('refuses lone surrogates and bad bytes in a poem, a list and the query, and keeps a real U+FFFD and astral characters', async () => {
    const pub = await publication();
    const poem = await poemOf(pub);
    // JSON's own escapes can spell half of a surrogate pair.
    expect400(await rawJson('put', `/api/poems/${poem.id}/`, '{"body":"one\\ud800two"}'), /^body must be valid Unicode text/);
    expect400(await rawJson('put', `/api/poems/${poem.id}/`, '{"title":"x","notes":"\\udfff"}'), /^notes must be valid Unicode text/);
    expect400(
      await rawJson('post', '/api/publications/', '{"title":"Fine","authors":["Ann","B', [0xe2, 0x82], '"]}'),
      /^authors\[1\] must be valid Unicode text/,
    );
    expect400(await staff.get('/api/publications/?admin=true&q=caf%E9'), /^q must be valid Unicode text/);
    expect400(await t.http().get('/api/search/?q=%ED%A0%80'), /^q must be valid Unicode text/);
    expect((await t.http().get('/search?q=%FF')).status).toBe(400);
    expect((await staff.get(`/api/poems/${poem.id}/?admin=true`).expect(200)).body.body).toBe('line one\n  line two');
    // Well-formed text is kept exactly: U+FFFD sent as such, a pair spelt as escapes, astral characters.
    const kept = await rawJson('put', `/api/poems/${poem.id}/`, '{"title":"\\ud83c\\udf19 Moon \uFFFD","body":"🌙 night\\n  moon"}');
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.title).toBe('🌙 Moon \uFFFD');
    expect(kept.body.body).toBe('🌙 night\n  moon');
  });

  it('refuses JSON nested 100,000 levels deep with a 400 JSON answer, and accepts ordinary nesting', async () => {
    for (const depth of [65, 50_000, 100_000]) {
      const deep = '{"title":"Deep","notes":' + '['.repeat(depth) + ']'.repeat(depth) + '}';
      const res = await staff.post('/api/publications/').set('Content-Type', 'application/json').send(deep);
      expect400(res, /nested more than 64 levels deep/);
    }
    // Brackets inside strings are text, not nesting.
    const title = '['.repeat(200) + ' brackets';
    const ok = await staff
      .post('/api/publications/')
      .send({ title: title.slice(0, 300), authors: ['{"}'] })
      .expect(201);
    expect(ok.body.title).toBe(title.slice(0, 300));
    // The server still answers normally afterwards.
    await t.http().get('/api/health/').expect(200);
  });
});
