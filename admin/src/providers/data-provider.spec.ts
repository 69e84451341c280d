import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asList } from '../../../contracts/catalog.js';
import { ApiError, isNetworkError } from '../../../contracts/errors.js';
import type { CsrfSources } from './csrf.js';
import { BulkActionError, createDataProvider } from './data-provider.js';
import { callerHandlesAuth, createHttpClient, withTrailingSlash } from './http-client.js';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

function setup(opts: { token?: string | null } = {}) {
  const calls: Call[] = [];
  const replies: Array<() => Response> = [];
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: init?.body });
    const next = replies.shift();
    if (!next) throw new Error(`unexpected request ${url}`);
    return next();
  });
  const csrf: CsrfSources = {
    cookie: () => (opts.token === undefined ? 'tok123' : opts.token),
    meta: () => null,
    component: () => null,
    hiddenField: () => null,
  };
  const log = { warn: vi.fn(), error: vi.fn() };
  const http = createHttpClient({ fetch: fetchMock as unknown as typeof fetch, csrf, log });
  const dp = createDataProvider(http);
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    replies.push(
      () =>
        new Response(body === undefined ? null : JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json', ...headers },
        }),
    );
  return { dp, calls, json, log, replies };
}

const pub = (id: number) => ({ id, title: `P${id}`, status: 'draft' });

describe('admin data provider', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  const search = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

  it('lists publications as admin with the status filter, search, sort and the page as a range, reading X-Total-Count', async () => {
    t.json(200, [pub(1), pub(2)], { 'X-Total-Count': '45' });
    const res = await t.dp.getList('publications', {
      filter: { status: 'draft', q: ' songs ' },
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'title', order: 'ASC' },
    });
    expect(t.calls[0].url.startsWith('/api/publications/?')).toBe(true);
    expect(search(t.calls[0].url)).toEqual({ admin: 'true', status: 'draft', q: 'songs', sort: '["title","ASC"]', range: '[40,59]' });
    expect(t.calls[0].method).toBe('GET');
    expect(res).toEqual({ data: [pub(1), pub(2)], total: 45 });
  });

  it('lists all active publications without a status or sort by id, total from Content-Range', async () => {
    t.json(200, [pub(1)], { 'Content-Range': 'publications 0-0/1' });
    const res = await t.dp.getList('publications', {
      filter: {},
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
    });
    expect(t.calls[0].url).toBe('/api/publications/?admin=true&range=%5B0%2C24%5D');
    expect(res.total).toBe(1);
  });

  it('pages the trash with page and page_size, sorted and searched, reading {count, results}', async () => {
    t.json(200, { count: 45, results: [pub(3)] });
    const res = await t.dp.getList('publications', {
      filter: { status: 'trash', q: 'x' },
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'deleted_at', order: 'DESC' },
    });
    expect(t.calls[0].url.startsWith('/api/publications/trash/?')).toBe(true);
    expect(search(t.calls[0].url)).toEqual({ page: '2', page_size: '20', sort: '["deleted_at","DESC"]', q: 'x' });
    expect(res).toEqual({ data: [pub(3)], total: 45 });
  });

  it('accepts a list as an array, as {results}, and anything else as empty', async () => {
    expect(asList([1, 2])).toEqual([1, 2]);
    expect(asList({ results: [3] })).toEqual([3]);
    expect(asList({ items: [4] })).toEqual([]);
    expect(asList(null)).toEqual([]);
    expect(asList('nope')).toEqual([]);
    t.json(200, { unexpected: true });
    const res = await t.dp.getList('publications', {
      filter: {},
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
    });
    expect(res).toEqual({ data: [], total: 0 });
  });

  it('gets one publication as admin and its poems', async () => {
    t.json(200, pub(4));
    t.json(200, { results: [{ id: 9, title: 'A' }] });
    expect((await t.dp.getOne('publications', { id: 'my-slug' })).data).toEqual(pub(4));
    const poems = await t.dp.getManyReference('poems', {
      target: 'publication_id',
      id: 4,
      filter: {},
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
    });
    expect(t.calls.map((c) => c.url)).toEqual(['/api/publications/my-slug/?admin=true', '/api/publications/4/poems/?admin=true']);
    expect(poems.data).toEqual([{ id: 9, title: 'A' }]);
  });

  it("creates, updates and deletes with trailing slashes, JSON and the CSRF header, sending only the API's fields", async () => {
    t.json(201, { id: 12, title: 'New', authors: ['X'] });
    t.json(200, { id: 5, title: 'Changed' });
    t.json(200, { id: 12, title: 'Renamed' });
    t.json(200, { message: 'Publication moved to trash', publication: { id: 12, deleted_at: '2024-01-01T00:00:00Z' } });
    const created = await t.dp.create('publications', { data: { title: 'New', authors: ['X'] } });
    expect(created.data).toEqual({ id: 12, title: 'New', authors: ['X'] });
    await t.dp.update('poems', { id: 5, data: { title: 'Changed', body: ' a\n  b', line_count: 2 }, previousData: { id: 5 } });
    // react-admin's form sends the whole record, emptied fields as null.
    await t.dp.update('publications', {
      id: 12,
      data: { id: 12, slug: 'new', title: 'Renamed', publisher: null, authors: [' A ', ''], poem_count: 3 },
      previousData: { id: 12 },
    });
    const trashed = await t.dp.delete('publications', { id: 12, previousData: { id: 12 } });
    expect(trashed.data).toMatchObject({ id: 12, deleted_at: '2024-01-01T00:00:00Z' });
    const [create, update, edit, del] = t.calls;
    expect(create).toMatchObject({ url: '/api/publications/', method: 'POST' });
    expect(JSON.parse(String(create.body))).toEqual({ title: 'New', authors: ['X'] });
    expect(create.headers.get('Content-Type')).toBe('application/json');
    expect(update).toMatchObject({ url: '/api/poems/5/', method: 'PUT' });
    expect(JSON.parse(String(update.body))).toEqual({ title: 'Changed', body: ' a\n  b' });
    expect(edit).toMatchObject({ url: '/api/publications/12/', method: 'PUT' });
    expect(JSON.parse(String(edit.body))).toEqual({ title: 'Renamed', publisher: '', authors: [' A ', ''] });
    expect(del).toMatchObject({ url: '/api/publications/12/', method: 'DELETE' });
    for (const call of t.calls) expect(call.headers.get('X-CSRFToken')).toBe('tok123');
  });

  it('turns a page photo with one PUT of its rotation, answering the page', async () => {
    const turned = { id: 31, page_index: 0, page_number: 11, mime_type: 'image/jpeg', url: '/api/scan_pages/31/image/', rotation: 270 };
    t.json(200, turned);
    expect(await t.dp.setPageRotation(31, 270)).toEqual(turned);
    expect(t.calls).toHaveLength(1);
    expect(t.calls[0]).toMatchObject({ url: '/api/scan_pages/31/rotation/', method: 'PUT' });
    expect(JSON.parse(String(t.calls[0]!.body))).toEqual({ rotation: 270 });
    expect(t.calls[0]!.headers.get('X-CSRFToken')).toBe('tok123');
  });

  it("types a poem into its publication and reorders and clears given poems, with their scans' jobs when named", async () => {
    t.json(201, { id: 40, title: 'Typed' });
    t.json(200, [{ id: 2 }, { id: 1 }]);
    t.json(200, { deleted_poems: 1 });
    t.json(200, { deleted_poems: 2 });
    t.json(200, { deleted_poems: 0 });
    await t.dp.create('poems', { data: { publication_id: 7, title: 'Typed', body: 'a\n  b', notes: null } });
    await t.dp.reorderPoems(7, [2, 1]);
    await t.dp.clearPoems(7, [40]);
    await t.dp.clearPoems(7, [41, 42], ['scan-7-abc']);
    await t.dp.clearPoems(7, [], ['scan-7-def']);
    expect(t.calls.map((c) => `${c.method} ${c.url} ${String(c.body)}`)).toEqual([
      'POST /api/publications/7/poems/ {"title":"Typed","body":"a\\n  b","notes":""}',
      'POST /api/publications/7/reorder_poems/ {"poem_ids":[2,1]}',
      'POST /api/publications/7/clear_poems/ {"poem_ids":[40]}',
      'POST /api/publications/7/clear_poems/ {"poem_ids":[41,42],"job_ids":["scan-7-abc"]}',
      'POST /api/publications/7/clear_poems/ {"poem_ids":[],"job_ids":["scan-7-def"]}',
    ]);
  });

  it('sends one poem order after the other, however quickly they are asked for', async () => {
    let release!: () => void;
    t.replies.push(() => new Response('[]', { status: 200 }));
    t.replies.push(() => new Response('[]', { status: 200 }));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = gate.then(() => t.dp.reorderPoems(1, [1, 2]));
    const second = t.dp.reorderPoems(1, [2, 1]);
    release();
    await Promise.all([first, second]);
    expect(t.calls.map((c) => String(c.body))).toEqual(['{"poem_ids":[2,1]}', '{"poem_ids":[1,2]}']);
    // The queue keeps the order of the calls themselves:
    const a = t.dp.reorderPoems(1, [3]);
    const b = t.dp.reorderPoems(1, [4]);
    t.json(200, []);
    t.json(200, []);
    await Promise.all([a, b]);
    expect(t.calls.slice(2).map((c) => String(c.body))).toEqual(['{"poem_ids":[3]}', '{"poem_ids":[4]}']);
  });

  it('calls the custom verbs on their endpoints, and update/delete reach them through meta.verb', async () => {
    for (let i = 0; i < 8; i++) t.json(200, { publication: pub(1), status: 'published' });
    t.json(202, { job_id: 'reprocess-1-abc', status_url: '/api/scans/reprocess-1-abc/' });
    t.json(200, {
      job_id: 'reprocess-1-abc',
      state: 'completed',
      progress: { pages_done: 3, pages_total: 3 },
      result: { extracted_poems: 1, poems: [] },
    });
    await t.dp.publish(1);
    await t.dp.saveDraft(1);
    expect(await t.dp.togglePublish(1)).toEqual({ publication: pub(1), status: 'published' });
    await t.dp.restore(1);
    await t.dp.permanentDelete(1);
    await t.dp.clearPoems(1);
    expect((await t.dp.update('publications', { id: 1, data: {}, previousData: pub(1), meta: { verb: 'toggle_publish' } })).data).toEqual(
      pub(1),
    );
    expect(
      (await t.dp.update('publications', { id: 1, data: { deleted_at: null }, previousData: pub(1), meta: { verb: 'restore' } })).data,
    ).toEqual(pub(1));
    const reprocessed = await t.dp.reprocess(1, { sleep: async () => {} });
    expect(reprocessed).toMatchObject({ extracted_poems: 1, total_scanned: 1, job_id: 'reprocess-1-abc' });
    expect(t.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/publications/1/publish/',
      'POST /api/publications/1/save_draft/',
      'POST /api/publications/1/toggle_publish/',
      'POST /api/publications/1/restore/',
      'DELETE /api/publications/1/permanent_delete/',
      'POST /api/publications/1/clear_poems/',
      'POST /api/publications/1/toggle_publish/',
      'POST /api/publications/1/restore/',
      'POST /api/publications/1/reprocess/?async=true',
      'GET /api/scans/reprocess-1-abc/',
    ]);
    expect(t.calls.filter((c) => c.method !== 'GET').every((c) => c.headers.get('X-CSRFToken') === 'tok123')).toBe(true);
  });

  it('acts on several publications with one call each: publish, unpublish, restore, move to trash and delete forever', async () => {
    for (let i = 0; i < 7; i++) t.json(200, { publication: pub(i), status: 'published', message: 'ok' });
    expect(await t.dp.updateMany('publications', { ids: [1, 2], data: { status: 'published' }, meta: { verb: 'publish' } })).toEqual({
      data: [1, 2],
    });
    await t.dp.updateMany('publications', { ids: [3], data: { status: 'draft' }, meta: { verb: 'save_draft' } });
    await t.dp.updateMany('publications', { ids: [4], data: { deleted_at: null }, meta: { verb: 'restore' } });
    expect(await t.dp.deleteMany('publications', { ids: [5, 6] })).toEqual({ data: [5, 6] });
    await t.dp.deleteMany('publications', { ids: [7], meta: { verb: 'permanent_delete' } });
    expect(t.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/publications/1/publish/',
      'POST /api/publications/2/publish/',
      'POST /api/publications/3/save_draft/',
      'POST /api/publications/4/restore/',
      'DELETE /api/publications/5/',
      'DELETE /api/publications/6/',
      'DELETE /api/publications/7/permanent_delete/',
    ]);
    // A field edit of several at once is not something the archive does.
    await expect(t.dp.updateMany('publications', { ids: [1], data: { title: 'x' } })).rejects.toThrow(/without a verb/);
    await expect(t.dp.deleteMany('poems', { ids: [1] })).rejects.toThrow(/No bulk delete/);
  });

  it('tries every publication of a bulk action and names the ones that failed, with the first reason', async () => {
    t.json(200, { publication: pub(1), status: 'published' });
    t.json(404, { message: 'Publication not found', error: 'Publication not found', code: 'CATALOG.PUBLICATION_NOT_FOUND' });
    t.json(200, { publication: pub(3), status: 'published' });
    const failure = await t.dp
      .updateMany('publications', { ids: [1, 2, 3], data: { status: 'published' }, meta: { verb: 'publish' } })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(BulkActionError);
    expect(failure).toMatchObject({ failedIds: [2], total: 3, message: '1 of 3 failed: Publication not found' });
    expect((failure as BulkActionError).firstError).toMatchObject({ status: 404 });
    expect(t.calls).toHaveLength(3);
  });

  it('uploads pages as multipart page_0..page_n with the CSRF field, then polls the job to its result', async () => {
    t.json(202, { job_id: 'j1' });
    t.json(200, { job_id: 'j1', state: 'active', progress: { pages_done: 1, pages_total: 2 } });
    t.json(200, {
      job_id: 'j1',
      state: 'completed',
      progress: { pages_done: 2, pages_total: 2 },
      result: {
        extracted_poems: 1,
        duplicates_ignored: 1,
        duplicates: [{ title: 'D', matched_poem: { id: 3, title: 'Orig' }, similarity: 0.97 }],
        poems: [{ id: 8 }],
      },
    });
    const files = [new File(['a'], 'one.jpg', { type: 'image/jpeg' }), new File(['b'], 'two.png', { type: 'image/png' })];
    const progress: unknown[] = [];
    const res = await t.dp.batchUploadPages(4, files, { onProgress: (p) => progress.push(p), sleep: async () => {} });
    const upload = t.calls[0];
    expect(upload).toMatchObject({ url: '/api/publications/4/batch_upload_pages/?async=true', method: 'POST' });
    expect(upload.headers.get('X-CSRFToken')).toBe('tok123');
    expect(upload.headers.has('Content-Type')).toBe(false);
    const form = upload.body as FormData;
    expect([...form.keys()]).toEqual(['page_0', 'page_1', 'csrfmiddlewaretoken']);
    expect((form.get('page_1') as File).name).toBe('two.png');
    expect(form.get('csrfmiddlewaretoken')).toBe('tok123');
    expect(t.calls.slice(1).map((c) => c.url)).toEqual(['/api/scans/j1/', '/api/scans/j1/']);
    expect(progress).toEqual([
      { state: 'queued', pagesDone: 0, pagesTotal: 2 },
      { state: 'active', pagesDone: 1, pagesTotal: 2 },
      { state: 'completed', pagesDone: 2, pagesTotal: 2 },
    ]);
    expect(res).toMatchObject({ extracted_poems: 1, duplicates_ignored: 1, job_id: 'j1', poems: [{ id: 8 }] });
    expect(res.duplicates[0].matched_poem.title).toBe('Orig');
  });

  it('imports a whole book: creates the import, sends one file a request with its position, starts it, follows it and retries', async () => {
    const run = { id: 7, publication_id: 4, state: 'receiving' };
    t.json(201, run);
    t.json(201, { position: 1, pages: 1, files_received: 2, pages_total: 2 });
    t.json(202, { ...run, state: 'reading' });
    t.json(200, { ...run, state: 'reading', pages_done: 1 });
    t.json(202, { ...run, state: 'reading' });
    expect(await t.dp.createBookImport(4)).toEqual(run);
    const answer = await t.dp.sendBookImportFile(7, new File(['b'], 'IMG_2.jpg', { type: 'image/jpeg' }), 1);
    expect(answer).toEqual({ position: 1, pages: 1, files_received: 2, pages_total: 2 });
    expect((await t.dp.startBookImport(7)).state).toBe('reading');
    expect((await t.dp.getBookImport(7)).pages_done).toBe(1);
    await t.dp.retryBookImport(7);
    expect(t.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/publications/4/book_imports/',
      'POST /api/book_imports/7/files/',
      'POST /api/book_imports/7/start/',
      'GET /api/book_imports/7/',
      'POST /api/book_imports/7/retry/',
    ]);
    const form = t.calls[1].body as FormData;
    expect([...form.keys()]).toEqual(['position', 'file', 'csrfmiddlewaretoken']);
    expect(form.get('position')).toBe('1');
    expect((form.get('file') as File).name).toBe('IMG_2.jpg');
    expect(t.calls.every((c) => c.headers.get('X-CSRFToken') === 'tok123')).toBe(true);
  });

  it("answers null for a publication that never had a book import, and passes on a refused file's message", async () => {
    t.json(404, { error: 'No book import', code: 'SCAN.BOOK_IMPORT_NOT_FOUND' });
    expect(await t.dp.getPublicationBookImport(4)).toBeNull();
    expect(t.calls[0].url).toBe('/api/publications/4/book_import/');
    t.json(400, { error: 'IMG_2.jpg is empty.', code: 'IMAGE.EMPTY' });
    await expect(t.dp.sendBookImportFile(7, new File([], 'IMG_2.jpg'), 1)).rejects.toMatchObject({
      status: 400,
      body: { error: 'IMG_2.jpg is empty.' },
    });
    t.json(500, { error: 'boom' });
    await expect(t.dp.getPublicationBookImport(4)).rejects.toBeInstanceOf(ApiError);
  });

  it('reports a failed scan job as an error with its status', async () => {
    t.json(202, { job_id: 'j2' });
    t.json(200, {
      job_id: 'j2',
      state: 'failed',
      progress: { pages_done: 0, pages_total: 1 },
      error: { code: 'EXTRACTION.AI_RATE_LIMITED', message: 'AI provider (OpenAI) is limiting requests', status: 429 },
    });
    await expect(t.dp.batchUploadPages(4, [new File(['a'], 'a.jpg')], { sleep: async () => {} })).rejects.toMatchObject({
      message: 'AI provider (OpenAI) is limiting requests',
      status: 429,
    });
  });

  it('sends metadata images as image_0..image_n', async () => {
    t.json(200, { success: true, metadata: { title: 'T' } });
    const res = await t.dp.extractMetadata([new File(['a'], 'cover.jpg'), new File(['b'], 'title.jpg')]);
    expect(t.calls[0].url).toBe('/api/ai_extraction/extract_metadata/');
    expect([...(t.calls[0].body as FormData).keys()]).toEqual(['image_0', 'image_1', 'csrfmiddlewaretoken']);
    expect(res).toEqual({ success: true, metadata: { title: 'T' } });
  });

  it('maps HTTP errors to ApiError with status and the server body', async () => {
    t.json(409, { error: 'Only a publication in the trash can be deleted permanently' });
    const err = await t.dp.permanentDelete(3).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, message: 'Only a publication in the trash can be deleted permanently' });
    t.json(400, { message: ['title should not be empty'] });
    await expect(t.dp.create('publications', { data: {} })).rejects.toMatchObject({ status: 400 });
    t.replies.push(() => {
      throw new TypeError('Failed to fetch');
    });
    const net = await t.dp
      .getList('publications', { filter: {}, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' } })
      .catch((e) => e);
    expect(net).toMatchObject({ status: 0 });
    expect(isNetworkError(net)).toBe(true);
    expect(t.log.error).toHaveBeenCalledWith(expect.stringContaining('backend may be unavailable'));
  });

  it('marks the errors of calls that handle an expired session themselves (uploads), and only those', async () => {
    t.json(401, { detail: 'Authentication credentials were not provided.' });
    t.json(401, { detail: 'Authentication credentials were not provided.' });
    const upload = await t.dp.batchUploadPages(1, [new File(['a'], 'a.jpg')], { sleep: async () => {} }).catch((e) => e);
    const publish = await t.dp.publish(1).catch((e) => e);
    expect([upload.status, callerHandlesAuth(upload)]).toEqual([401, true]);
    expect([publish.status, callerHandlesAuth(publish)]).toEqual([401, false]);
  });

  it('still sends a write without a token, logging it as critical', async () => {
    const bare = setup({ token: null });
    bare.json(200, {});
    await bare.dp.publish(2);
    expect(bare.calls[0].headers.has('X-CSRFToken')).toBe(false);
    expect(bare.log.error).toHaveBeenCalledWith(expect.stringContaining('CRITICAL'));
  });

  it('gives up after the timeout and reports it as a network failure', async () => {
    const slow = setup();
    slow.replies.push(() => new Response('{}'));
    const http = createHttpClient({
      fetch: ((_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
        )) as unknown as typeof fetch,
      csrf: { cookie: () => 't', meta: () => null, component: () => null, hiddenField: () => null },
      log: slow.log,
    });
    const err = await http('/api/auth/check/', { timeoutMs: 20 }).catch((e) => e);
    expect(err).toMatchObject({ status: 0, body: { timeout: true } });
    expect(isNetworkError(err)).toBe(true);
    expect(slow.log.warn).toHaveBeenCalledWith(expect.stringContaining('timed out after 20 ms'));
  });

  it('adds the trailing slash before the query string', () => {
    expect(withTrailingSlash('/api/publications/5')).toBe('/api/publications/5/');
    expect(withTrailingSlash('/api/publications?admin=true')).toBe('/api/publications/?admin=true');
    expect(withTrailingSlash('/api/publications/')).toBe('/api/publications/');
  });
});
