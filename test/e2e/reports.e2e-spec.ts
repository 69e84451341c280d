/**
 * Readers' reports of mistakes through the API: taken with no account (as JSON, or as a plain form
 * answered with a page), refused above each limit with nothing stored, never for a draft, never
 * shown on the public site, inert wherever the admin's API shows them, and kept by a backup.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { REPORT_LIMITS, type Report } from '../../contracts/reports.js';
import { ArchiveImporter } from '../../src/archive/application/archive-importer.js';
import { createPublication, dbTargets, POSTGRES_URL, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';

const SCRIPT = '<script>window.reported = 1</script><img src=x onerror="window.reported = 2">';

describe.each(dbTargets())('reports of mistakes (%s)', (target) => {
  let t: TestApp;
  let staff: TestAgent;
  let poemId: number;
  let draftPoemId: number;
  let addresses = 0;
  /** Each test reports from addresses of its own (X-Forwarded-For, trusted here), so hourly counts never mix. */
  const address = () => `198.51.100.${++addresses}`;
  const report = (body: Record<string, unknown>, from = address(), poem = poemId) =>
    t.http().post(`/api/poems/${poem}/reports/`).set('X-Forwarded-For', from).send(body);
  const stored = async () => {
    const all: Report[] = [];
    for (const status of ['open', 'resolved', 'dismissed']) {
      all.push(...((await staff.get(`/api/reports/?status=${status}&page_size=100`).expect(200)).body.results as Report[]));
    }
    return all;
  };

  async function poemIn(publicationId: number, title: string, body: string): Promise<number> {
    return (await staff.post(`/api/publications/${publicationId}/poems/`).send({ title, body, notes: '', page_numbers: [] }).expect(201))
      .body.id;
  }

  beforeAll(async () => {
    ensureReaderBuilt();
    t = await startTestApp(target, { env: { TRUST_PROXY: 'true' } });
    ({ agent: staff } = await staffAgent(t));
    const book = await createPublication(staff, 'Tide Tables');
    poemId = await poemIn(book, 'Gulls', 'The tide comes in\n  and On! the gulls\n\nThe tide goes out');
    await staff.post(`/api/publications/${book}/publish/`).expect(200);
    draftPoemId = await poemIn(await createPublication(staff, 'Unfinished'), 'Draft', 'Not yet');
  });
  afterAll(async () => t?.close());

  it('takes a report as JSON with no account or token, at the line of its words, into the open inbox', async () => {
    const res = await report({ quote: 'On! the', note: 'Oh! in the book', name: 'Ann', email: 'ann@example.org' }).expect(201);
    expect(res.body).toMatchObject({ received: true, message: expect.stringContaining('sent to the curators') });
    const [latest] = (await staff.get('/api/reports/').expect(200)).body.results as Report[];
    expect(latest).toMatchObject({ poem_id: poemId, poem_title: 'Gulls', line: 2, quote: 'On! the', name: 'Ann', status: 'open' });
    await t.http().get('/api/reports/').expect(401);
  });

  it('takes a plain form (no script) and answers with a page that leads back to the poem', async () => {
    const res = await t
      .http()
      .post(`/api/poems/${poemId}/reports/`)
      .set('X-Forwarded-For', address())
      .type('form')
      .send({ note: 'A comma is missing', website: '' })
      .expect(201);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('<h1>Thank you</h1>');
    expect(res.text).toContain(`href="/poem/${poemId}"`);
  });

  it('refuses each limit politely, saying it, with nothing stored', async () => {
    const before = (await stored()).length;
    const long = await report({ quote: 'q'.repeat(REPORT_LIMITS.quote + 1) }).expect(400);
    expect(long.body).toMatchObject({
      code: 'REPORTS.TOO_LONG',
      message: expect.stringContaining(`at most ${REPORT_LIMITS.quote} characters`),
    });
    expect((await report({ note: 'n'.repeat(REPORT_LIMITS.note + 1) }).expect(400)).body.code).toBe('REPORTS.TOO_LONG');
    expect((await report({ note: 'typo', website: 'http://spam.example' }).expect(400)).body.code).toBe('REPORTS.REFUSED');
    expect((await report({ quote: ' ', note: '' }).expect(400)).body.code).toBe('REPORTS.EMPTY');
    // A form refused is answered with a page saying why and every limit.
    const page = await t
      .http()
      .post(`/api/poems/${poemId}/reports/`)
      .set('X-Forwarded-For', address())
      .type('form')
      .send({ note: 'typo', website: 'spam' })
      .expect(400);
    expect(page.text).toContain('Your report was not sent');
    expect(page.text).toContain(`a note up to ${REPORT_LIMITS.note}`);
    expect((await stored()).length).toBe(before);

    const from = address();
    for (let i = 0; i < REPORT_LIMITS.perAddressPerHour; i++) await report({ note: `typo ${i}` }, from).expect(201);
    const hourly = await report({ note: 'one more' }, from).expect(429);
    expect(hourly.body).toMatchObject({
      code: 'REPORTS.TOO_MANY_FROM_ADDRESS',
      message: expect.stringContaining(`at most ${REPORT_LIMITS.perAddressPerHour} reports an hour`),
    });
    expect((await stored()).length).toBe(before + REPORT_LIMITS.perAddressPerHour);
  });

  it('refuses a poem’s reports above its daily limit, from any address, with nothing stored', async () => {
    const today = (await stored()).filter((r) => r.poem_id === poemId).length;
    for (let i = today; i < REPORT_LIMITS.perPoemPerDay; i++) await report({ note: `typo ${i}` }).expect(201);
    const daily = await report({ note: 'one more' }).expect(429);
    expect(daily.body.code).toBe('REPORTS.TOO_MANY_FOR_POEM');
    expect((await stored()).filter((r) => r.poem_id === poemId)).toHaveLength(REPORT_LIMITS.perPoemPerDay);
  });

  it('never takes a report of a draft poem or one that is not there (404), as JSON or a form', async () => {
    expect((await report({ note: 'typo' }, address(), draftPoemId).expect(404)).body.code).toBe('CATALOG.POEM_NOT_FOUND');
    await report({ note: 'typo' }, address(), 99_999_999).expect(404);
    await t.http().post('/api/poems/abc/reports/').type('form').send({ note: 'typo' }).expect(404);
    expect((await stored()).some((r) => r.poem_id === draftPoemId)).toBe(false);
  });

  it('keeps script in a report inert: never on the public page, JSON (not markup) to staff, no echo in a form’s answer', async () => {
    const other = (
      await staff
        .post('/api/publications/')
        .send({ title: 'Harbour', authors: [], publisher: '', publication_date: '', isbn: '', notes: '' })
        .expect(201)
    ).body.id;
    const poem = await poemIn(other, 'Harbour', 'Boats at rest');
    await staff.post(`/api/publications/${other}/publish/`).expect(200);
    await report({ quote: SCRIPT, note: SCRIPT, name: SCRIPT }, address(), poem).expect(201);
    const form = await t
      .http()
      .post(`/api/poems/${poem}/reports/`)
      .set('X-Forwarded-For', address())
      .type('form')
      .send({ note: SCRIPT })
      .expect(201);
    expect(form.text).not.toContain('window.reported');
    const page = await t.http().get(`/poem/${poem}`).expect(200);
    expect(page.text).toContain('Report a mistake');
    expect(page.text).not.toContain('window.reported');
    const list = await staff.get('/api/reports/').expect(200);
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.headers['x-content-type-options']).toBe('nosniff');
    expect((list.body.results as Report[]).find((r) => r.poem_id === poem && r.quote === SCRIPT)).toMatchObject({
      note: SCRIPT,
      name: SCRIPT,
    });
  });

  it('resolves and dismisses an open report once, asking a curator (CSRF and session)', async () => {
    const [one, two] = (await staff.get('/api/reports/?page_size=2').expect(200)).body.results as Report[];
    expect((await staff.put(`/api/reports/${one!.id}/`).send({ status: 'resolved' }).expect(200)).body).toMatchObject({
      status: 'resolved',
      closed_by: 'curator',
    });
    await staff.put(`/api/reports/${two!.id}/`).send({ status: 'dismissed' }).expect(200);
    expect((await staff.put(`/api/reports/${one!.id}/`).send({ status: 'dismissed' }).expect(409)).body.code).toBe(
      'REPORTS.ALREADY_CLOSED',
    );
    await staff.put(`/api/reports/${one!.id}/`).send({ status: 'open' }).expect(400);
    await staff.put('/api/reports/99999999/').send({ status: 'resolved' }).expect(404);
    await t.http().put(`/api/reports/${two!.id}/`).send({ status: 'resolved' }).expect(403);
  });

  it('keeps every report, open and closed, through backup and restore', async () => {
    const before = await stored();
    const backup = (
      await staff
        .get('/api/archive/backup/')
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        })
        .expect(200)
    ).body as Buffer;
    await t.close();
    t = await startTestApp(target, { env: { TRUST_PROXY: 'true', DATABASE_URL: target === 'postgres' ? POSTGRES_URL : undefined } });
    await t.app.get(ArchiveImporter).restore(Readable.from(backup), false);
    ({ agent: staff } = await staffAgent(t));
    expect(await stored()).toEqual(before);
    // The restored archive takes reports on, numbering after the restored ones.
    const next = await report({ note: 'after the restore' }, address(), before.find((r) => r.poem_title === 'Harbour')!.poem_id).expect(
      201,
    );
    expect(next.body.received).toBe(true);
    expect(Math.max(...(await stored()).map((r) => r.id))).toBeGreaterThan(Math.max(...before.map((r) => r.id)));
  });
});
