/**
 * Recordings of a poem over the API, on both databases and both stores: each kind of sound kept
 * with its type and length read from its bytes, anything else refused with nothing kept, served
 * with ranges, an ETag and long caching, hidden from visitors while the book is a draft.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess, manifestOf, storedFiles, tarEntries, writeTemp } from '../support/archive-backup.js';
import { adts, flac, m4a, mp3, opus, vorbis, wav, webm } from '../support/audio-fixtures.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import { binary, createPublication, dbTargets, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';

type Store = 'files' | 's3';
const cases: Array<[string, Store]> = dbTargets().flatMap((db) => [[db, 'files'] as [string, Store], [db, 's3'] as [string, Store]]);
// S3 once is enough for the store's part (it is the same port); files on each database.
const runs = cases.filter(([db, store]) => store === 'files' || db === cases[0][0]);

let s3: S3TestServer | undefined;
afterAll(async () => s3?.close());

describe.each(runs)('recordings of a poem (%s, %s store)', (db, store) => {
  let t: TestApp;
  let staff: TestAgent;
  const dataDir = mkdtempSync(join(tmpdir(), 'recordings-'));

  beforeAll(async () => {
    let env: Record<string, string> = { DATA_DIR: dataDir, MAX_AUDIO_MB: '1' };
    if (store === 's3') {
      s3 ??= await startS3Server();
      env = { ...env, ...s3.env(await s3.createBucket(`recordings-${process.pid}-${db}`)) };
    }
    t = await startTestApp(db as 'pglite' | 'postgres', { env });
    ({ agent: staff } = await staffAgent(t));
  });
  afterAll(async () => t?.close());

  async function draftPoem(body = 'First line\nsecond line\n\nthird line'): Promise<{ publicationId: number; poemId: number }> {
    const publicationId = await createPublication(staff, `Voices ${Math.random()}`);
    const poem = await staff.post(`/api/publications/${publicationId}/poems/`).send({ title: 'Heard', body, page_numbers: [] }).expect(201);
    return { publicationId, poemId: poem.body.id };
  }

  const upload = (poemId: number, data: Buffer, name: string, fields: Record<string, string> = {}) => {
    let req = staff.post(`/api/poems/${poemId}/recordings/`);
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req.attach('file', data, name);
  };
  const storedRecordings = () => {
    const dir = join(dataDir, 'pages', 'recordings');
    return existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((f) => /\.\w+$/.test(String(f))) : [];
  };

  it('keeps each kind of sound with its type and length read from its bytes, in the order added', async () => {
    const { poemId } = await draftPoem();
    const kinds: Array<[string, Buffer, string]> = [
      ['reading.mp3', mp3(1.5), 'audio/mpeg'],
      ['reading.aac', adts(1.5), 'audio/aac'],
      ['reading.m4a', m4a(1.5), 'audio/mp4'],
      ['reading.opus', opus(1.5), 'audio/ogg'],
      ['reading.ogg', vorbis(1.5), 'audio/ogg'],
      ['reading.webm', webm(1.5), 'audio/webm'],
      ['reading.flac', flac(1.5), 'audio/flac'],
      ['reading.wav', wav(1.5), 'audio/wav'],
    ];
    for (const [name, data, type] of kinds) {
      const res = await upload(poemId, data, name, { reader: 'Ruth Ash', recorded: 'spring 1992', source: 'a cassette', notes: name });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ mime_type: type, reader: 'Ruth Ash', recorded: 'spring 1992', source: 'a cassette', notes: name });
      expect(res.body.duration_seconds).toBeGreaterThan(1);
      expect(res.body.duration_seconds).toBeLessThan(1.6);
    }
    const list = (await staff.get(`/api/poems/${poemId}/recordings/`).expect(200)).body;
    expect(list.map((r: { notes: string; position: number }) => [r.position, r.notes])).toEqual(kinds.map(([name], i) => [i + 1, name]));
    expect(list[0]).toMatchObject({ reader: 'Ruth Ash', line_marks: [], url: `/api/recordings/${list[0].id}/file` });
  });

  it('refuses a file that is no recording, an empty one and one over MAX_AUDIO_MB, keeping nothing', async () => {
    const { poemId } = await draftPoem();
    const before = storedRecordings().length;
    const notAudio = await upload(poemId, Buffer.from('<html>not a song</html>'.repeat(20)), 'song.mp3');
    expect(notAudio.status).toBe(415);
    expect(notAudio.body).toMatchObject({ code: 'RECORDING.UNSUPPORTED_AUDIO' });
    expect(notAudio.body.message).toMatch(/not a sound recording/);
    const empty = await upload(poemId, Buffer.alloc(0), 'silence.wav');
    expect([empty.status, empty.body.code]).toEqual([400, 'RECORDING.EMPTY_FILE']);
    const large = await upload(poemId, wav(70, 8000), 'long.wav');
    expect([large.status, large.body.code]).toEqual([413, 'RECORDING.TOO_LARGE']);
    expect(large.body.message).toMatch(/at most 1 MB/);
    const noFile = await staff.post(`/api/poems/${poemId}/recordings/`).field('reader', 'x');
    expect([noFile.status, noFile.body.code]).toEqual([400, 'RECORDING.NO_FILE']);
    await t.http().post(`/api/poems/${poemId}/recordings/`).attach('file', wav(1), 'a.wav').expect(403);
    expect((await staff.get(`/api/poems/${poemId}/recordings/`).expect(200)).body).toEqual([]);
    expect(storedRecordings().length).toBe(before);
    expect(readdirSync(join(dataDir, 'uploads'))).toEqual([]);
  });

  it('serves ranges (206) with an ETag, hides a draft from visitors and caches long once published', async () => {
    const { publicationId, poemId } = await draftPoem();
    const data = wav(2);
    const { url } = (await upload(poemId, data, 'take.wav').expect(201)).body;
    const part = await staff.get(url).set('Range', 'bytes=100-1099').buffer(true).parse(binary).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${data.length}`);
    expect((part.body as Buffer).equals(data.subarray(100, 1100))).toBe(true);
    const whole = await staff.get(url).buffer(true).parse(binary).expect(200);
    expect((whole.body as Buffer).equals(data)).toBe(true);
    expect(whole.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    await staff.get(url).set('If-None-Match', whole.headers.etag).expect(304);
    await staff.get(url).set('Range', `bytes=${data.length}-`).expect(416);

    await t.http().get(url).expect(404);
    await t.http().get(`/api/poems/${poemId}/recordings/`).expect(404);
    await staff.post(`/api/publications/${publicationId}/publish/`).expect(200);
    const heard = await t.http().get(url).set('Range', 'bytes=-10').buffer(true).parse(binary).expect(206);
    expect((heard.body as Buffer).equals(data.subarray(data.length - 10))).toBe(true);
    expect(heard.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.http().get(`/api/poems/${poemId}/recordings/`).expect(200)).body).toHaveLength(1);
  });

  it("shows a published poem's page with a recording as soon as it is added, changed or removed (no cached page keeps the old)", async () => {
    const { publicationId, poemId } = await draftPoem();
    await staff.post(`/api/publications/${publicationId}/publish/`).expect(200);
    const { slug } = (await staff.get(`/api/poems/${poemId}/`).expect(200)).body;
    const page = async () => (await t.http().get(`/poem/${slug}`).expect(200)).text;
    expect(await page()).not.toContain('Listen — read by');
    const kept = (await upload(poemId, wav(1), 'take.wav', { reader: 'Ruth Ash' }).expect(201)).body;
    expect(await page()).toContain('Listen — read by Ruth Ash');
    await staff.put(`/api/recordings/${kept.id}/`).send({ reader: 'Tom Ash' }).expect(200);
    expect(await page()).toContain('Listen — read by Tom Ash');
    await staff.delete(`/api/recordings/${kept.id}/`).expect(204);
    expect(await page()).not.toContain('Listen — read by');
  });

  it('edits details and line marks, reorders, and removes a recording with its file', async () => {
    const { poemId } = await draftPoem();
    const a = (await upload(poemId, wav(2), 'a.wav').expect(201)).body;
    const b = (await upload(poemId, wav(1), 'b.wav').expect(201)).body;
    const edited = await staff
      .put(`/api/recordings/${a.id}/`)
      .send({ reader: '', notes: 'At the funeral', line_marks: [0, 0.8, 1.5] })
      .expect(200);
    expect(edited.body).toMatchObject({ reader: null, notes: 'At the funeral', line_marks: [0, 0.8, 1.5], recorded: '' });
    const bad = await staff.put(`/api/recordings/${a.id}/`).send({ line_marks: [0, 1.5, 0.8] });
    expect([bad.status, bad.body.code]).toEqual([400, 'RECORDING.INVALID_LINE_MARKS']);
    const reordered = await staff
      .put(`/api/poems/${poemId}/recordings/order/`)
      .send({ recording_ids: [b.id, a.id] })
      .expect(200);
    expect(reordered.body.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    await staff
      .put(`/api/poems/${poemId}/recordings/order/`)
      .send({ recording_ids: [a.id] })
      .expect(409);
    await t.http().delete(`/api/recordings/${a.id}/`).expect(403);
    await staff.delete(`/api/recordings/${a.id}/`).expect(204);
    await staff.get(a.url).expect(404);
    const left = (await staff.get(`/api/poems/${poemId}/recordings/`).expect(200)).body;
    expect(left.map((r: { id: number; position: number }) => [r.id, r.position])).toEqual([[b.id, 1]]);
  });

  // Defined on the embedded database only: restoring is the same code on both, proven on both by
  // archive-backup.e2e-spec.ts; here it is the recordings' rows and files that are at stake. An
  // archive moves between the stores through a backup (docs/operations.md), so each run restores
  // into the other store: files to the bucket, the bucket to files.
  if (db === 'pglite')
    it('carries recordings through a backup and its restore into the other store, byte for byte', async () => {
      const { poemId } = await draftPoem('One\ntwo');
      const data = opus(1.2);
      const kept = (await upload(poemId, data, 'take.opus', { reader: 'Ruth Ash' }).expect(201)).body;
      await staff
        .put(`/api/recordings/${kept.id}/`)
        .send({ line_marks: [0, 0.6] })
        .expect(200);
      const backup = (await staff.get('/api/archive/backup').buffer(true).parse(binary).expect(200)).body as Buffer;
      expect((await manifestOf(backup)).format_version).toBe(3);

      const place = { dataDir: mkdtempSync(join(tmpdir(), 'recordings-restored-')) };
      s3 ??= await startS3Server();
      const bucket = store === 'files' ? await s3.createBucket(`moved-${process.pid}`) : undefined;
      const env = bucket ? s3.env(bucket) : {};
      // One opening of the restored archive: restore, then back it up again.
      const { run, again } = await inProcess(
        place,
        async (archive) => ({ run: await archive.restore(writeTemp('backup.tar', backup)), again: await archive.exportBytes() }),
        env,
      );
      expect(run.stderr).toBe('');
      expect(again.equals(backup)).toBe(true);
      // The recording went to the other store, under the key it had.
      const key = (await tarEntries(backup)).find((e) => e.name.startsWith('audio/'))!.name.slice('audio/'.length);
      if (bucket) {
        expect(await s3.keys(bucket)).toContain(key);
        expect(storedFiles(join(place.dataDir, 'pages'))).toEqual([]);
      } else expect(storedFiles(join(place.dataDir, 'pages'))).toContain(key);

      const restored = await startTestApp('pglite', { env: { DATA_DIR: place.dataDir, ...env }, persistent: true });
      try {
        const { agent } = await staffAgent(restored);
        const [recording] = (await agent.get(`/api/poems/${poemId}/recordings/`).expect(200)).body;
        expect(recording).toMatchObject({ id: kept.id, reader: 'Ruth Ash', line_marks: [0, 0.6], mime_type: 'audio/ogg' });
        const sound = await agent.get(recording.url).buffer(true).parse(binary).expect(200);
        expect((sound.body as Buffer).equals(data)).toBe(true);
      } finally {
        await restored.close();
      }
    });
});
