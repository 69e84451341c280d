import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.js';
import type { CsrfSources } from './csrf.js';
import { createDataProvider, toList } from './data-provider.js';
import { createHttpClient, withTrailingSlash } from './http-client.js';
import type { BrowserEnv } from './session.js';

interface Call { url: string; method: string; headers: Headers; body: BodyInit | null | undefined }

function setup(opts: { token?: string | null; path?: string } = {}) {
  const calls: Call[] = [];
  const replies: Array<() => Response> = [];
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: init?.body });
    const next = replies.shift();
    if (!next) throw new Error(`unexpected request ${url}`);
    return next();
  });
  const csrf: CsrfSources = { cookie: () => (opts.token === undefined ? 'tok123' : opts.token), meta: () => null, component: () => null, hiddenField: () => null };
  const alerts: string[] = [];
  const gone: string[] = [];
  const env: BrowserEnv = {
    pathname: () => opts.path ?? '/admin',
    alert: (t) => alerts.push(t),
    go: (p) => gone.push(p),
    setTimeout: (fn) => fn(),
  };
  const log = { warn: vi.fn(), error: vi.fn() };
  const http = createHttpClient({ fetch: fetchMock as unknown as typeof fetch, csrf, env, log });
  const dp = createDataProvider(http);
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    replies.push(() => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }));
  return { dp, calls, json, alerts, gone, log, replies };
}

const pub = (id: number) => ({ id, title: `P${id}`, status: 'draft' });

describe('admin data provider', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it('lists publications as admin, with the status filter, reading X-Total-Count', async () => {
    t.json(200, [pub(1), pub(2)], { 'X-Total-Count': '5' });
    const res = await t.dp.getList('publications', { filter: { status: 'draft' }, pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' } });
    expect(t.calls[0].url).toBe('/api/publications/?admin=true&status=draft');
    expect(t.calls[0].method).toBe('GET');
    expect(res).toEqual({ data: [pub(1), pub(2)], total: 5 });
  });

  it('lists all active publications without a status, total from Content-Range', async () => {
    t.json(200, [pub(1)], { 'Content-Range': 'publications 0-0/1' });
    const res = await t.dp.getList('publications', { filter: {}, pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' } });
    expect(t.calls[0].url).toBe('/api/publications/?admin=true');
    expect(res.total).toBe(1);
  });

  it('reads the trash as {count, results} with page and page_size', async () => {
    t.json(200, { count: 41, results: [pub(3)] });
    const res = await t.dp.getList('publications', { filter: { status: 'trash' }, pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'ASC' } });
    expect(t.calls[0].url).toBe('/api/publications/trash/?admin=true&page=1&page_size=20');
    expect(res).toEqual({ data: [pub(3)], total: 41 });
  });

  it('accepts a list as an array, as {results}, and anything else as empty', async () => {
    expect(toList([1, 2])).toEqual([1, 2]);
    expect(toList({ results: [3] })).toEqual([3]);
    expect(toList({ items: [4] })).toEqual([]);
    expect(toList(null)).toEqual([]);
    expect(toList('nope')).toEqual([]);
    t.json(200, { unexpected: true });
    const res = await t.dp.getList('publications', { filter: {}, pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' } });
    expect(res).toEqual({ data: [], total: 0 });
  });

  it('gets one publication as admin and its poems', async () => {
    t.json(200, pub(4));
    t.json(200, { results: [{ id: 9, title: 'A' }] });
    expect((await t.dp.getOne('publications', { id: 'my-slug' })).data).toEqual(pub(4));
    const poems = await t.dp.getManyReference('poems', { target: 'publication_id', id: 4, filter: {}, pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } });
    expect(t.calls.map((c) => c.url)).toEqual(['/api/publications/my-slug/?admin=true', '/api/publications/4/poems/?admin=true']);
    expect(poems.data).toEqual([{ id: 9, title: 'A' }]);
  });

  it('creates, updates and deletes with trailing slashes, JSON and the CSRF header', async () => {
    t.json(201, { id: 12 });
    t.json(200, { id: 5, title: 'Changed' });
    t.json(204, undefined);
    const created = await t.dp.create('publications', { data: { title: 'New', authors: ['X'] } });
    expect(created.data).toEqual({ id: 12, title: 'New', authors: ['X'] });
    await t.dp.update('poems', { id: 5, data: { title: 'Changed', body: ' a\n  b' }, previousData: { id: 5 } });
    await t.dp.delete('publications', { id: 12, previousData: { id: 12 } });
    expect(t.calls).toHaveLength(3);
    const [create, update, del] = t.calls;
    expect(create).toMatchObject({ url: '/api/publications/', method: 'POST' });
    expect(JSON.parse(String(create.body))).toEqual({ title: 'New', authors: ['X'] });
    expect(create.headers.get('Content-Type')).toBe('application/json');
    expect(update).toMatchObject({ url: '/api/poems/5/', method: 'PUT' });
    expect(JSON.parse(String(update.body)).body).toBe(' a\n  b');
    expect(del).toMatchObject({ url: '/api/publications/12/', method: 'DELETE' });
    for (const call of [create, update, del]) expect(call.headers.get('X-CSRFToken')).toBe('tok123');
  });

  it('calls the custom verbs on their endpoints', async () => {
    for (let i = 0; i < 7; i++) t.json(200, { publication: pub(1), status: 'published' });
    await t.dp.publish(1);
    await t.dp.saveDraft(1);
    expect(await t.dp.togglePublish(1)).toEqual({ publication: pub(1), status: 'published' });
    await t.dp.restore(1);
    await t.dp.permanentDelete(1);
    await t.dp.clearPoems(1);
    await t.dp.reprocess(1);
    expect(t.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/publications/1/publish/',
      'POST /api/publications/1/save_draft/',
      'POST /api/publications/1/toggle_publish/',
      'POST /api/publications/1/restore/',
      'DELETE /api/publications/1/permanent_delete/',
      'POST /api/publications/1/clear_poems/',
      'POST /api/publications/1/reprocess/',
    ]);
    expect(t.calls.every((c) => c.headers.get('X-CSRFToken') === 'tok123')).toBe(true);
  });

  it('uploads pages as multipart page_0..page_n with the CSRF field, then polls the job to its result', async () => {
    t.json(202, { job_id: 'j1' });
    t.json(200, { job_id: 'j1', state: 'active', progress: { pages_done: 1, pages_total: 2 } });
    t.json(200, {
      job_id: 'j1', state: 'completed', progress: { pages_done: 2, pages_total: 2 },
      result: { extracted_poems: 1, duplicates_ignored: 1, duplicates: [{ title: 'D', matched_poem: { id: 3, title: 'Orig' }, similarity: 0.97 }], poems: [{ id: 8 }] },
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

  it('accepts a synchronous scan answer and reports a failed job as an error', async () => {
    t.json(200, { extracted_poems: 2, duplicates_ignored: 0, poems: [{ id: 1 }, { id: 2 }] });
    const sync = await t.dp.batchUploadPages(4, [new File(['a'], 'a.jpg')], { sleep: async () => {} });
    expect(sync.poems).toHaveLength(2);
    expect(sync.duplicates).toEqual([]);
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
    t.replies.push(() => { throw new TypeError('Failed to fetch'); });
    const net = await t.dp.getList('publications', { filter: {}, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' } }).catch((e) => e);
    expect(net).toMatchObject({ status: 0, isNetwork: true });
    expect(t.log.error).toHaveBeenCalledWith(expect.stringContaining('backend may be unavailable'));
  });

  it('on 401/403 on an admin path alerts the server detail once and goes to /login', async () => {
    t.json(403, { detail: 'CSRF token missing or incorrect.' });
    await expect(t.dp.publish(1)).rejects.toMatchObject({ status: 403 });
    expect(t.alerts).toEqual(['CSRF token missing or incorrect.']);
    expect(t.gone).toEqual(['/login']);
    t.json(401, {});
    await expect(t.dp.getOne('publications', { id: 1 })).rejects.toMatchObject({ status: 401 });
    expect(t.alerts[1]).toBe('Your session has expired. Please log in again.');
  });

  it('does not redirect for 401 while on /login', async () => {
    const onLogin = setup({ path: '/login' });
    onLogin.json(401, { detail: 'no' });
    await expect(onLogin.dp.publish(1)).rejects.toMatchObject({ status: 401 });
    expect(onLogin.alerts).toEqual([]);
    expect(onLogin.gone).toEqual([]);
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
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))) as unknown as typeof fetch,
      csrf: { cookie: () => 't', meta: () => null, component: () => null, hiddenField: () => null },
      env: { pathname: () => '/admin', alert: () => {}, go: () => {}, setTimeout: (fn) => fn() },
      log: slow.log,
    });
    const err = await http('/api/auth/check/', { timeoutMs: 20 }).catch((e) => e);
    expect(err).toMatchObject({ status: 0, isNetwork: true, body: { timeout: true } });
    expect(slow.log.warn).toHaveBeenCalledWith(expect.stringContaining('timed out after 20 ms'));
  });

  it('adds the trailing slash before the query string', () => {
    expect(withTrailingSlash('/api/publications/5')).toBe('/api/publications/5/');
    expect(withTrailingSlash('/api/publications?admin=true')).toBe('/api/publications/?admin=true');
    expect(withTrailingSlash('/api/publications/')).toBe('/api/publications/');
  });
});
