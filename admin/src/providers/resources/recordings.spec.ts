import { describe, expect, it, vi } from 'vitest';
import type { CsrfSources } from '../csrf.js';
import { createDataProvider } from '../data-provider.js';
import { createHttpClient } from '../http-client.js';

function setup() {
  const calls: Array<{ url: string; method: string; body: BodyInit | null | undefined }> = [];
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? 'GET', body: init?.body });
    return init?.method === 'DELETE'
      ? new Response(null, { status: 204 })
      : new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  const csrf: CsrfSources = { cookie: () => 'tok123', meta: () => null, component: () => null, hiddenField: () => null };
  const http = createHttpClient({ fetch: fetchMock as unknown as typeof fetch, csrf, log: { warn: vi.fn(), error: vi.fn() } });
  return { dp: createDataProvider(http), calls };
}

describe('the recordings of a poem', () => {
  it('uploads the file with its details as the API reads them, an empty reader standing for the poet', async () => {
    const t = setup();
    const file = new File([new Uint8Array([0x52, 0x49, 0x46, 0x46])], 'reading.wav', { type: 'audio/wav' });
    await t.dp.addRecording(7, file, { reader: '', recorded: '1987', source: 'Cassette', notes: '' });
    expect(t.calls[0]).toMatchObject({ url: '/api/poems/7/recordings/', method: 'POST' });
    const form = t.calls[0]!.body as FormData;
    expect(['reader', 'recorded', 'source', 'notes'].map((f) => form.get(f))).toEqual(['', '1987', 'Cassette', '']);
    expect((form.get('file') as File).name).toBe('reading.wav');
    expect(form.get('csrfmiddlewaretoken')).toBe('tok123');
  });

  it('describes, reorders and removes at their addresses', async () => {
    const t = setup();
    await t.dp.updateRecording(3, { reader: null, recorded: 'spring 1992' });
    await t.dp.reorderRecordings(7, [4, 3]);
    await t.dp.removeRecording(3);
    expect(t.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PUT /api/recordings/3/',
      'PUT /api/poems/7/recordings/order/',
      'DELETE /api/recordings/3/',
    ]);
    expect(JSON.parse(String(t.calls[0]!.body))).toEqual({ reader: null, recorded: 'spring 1992' });
    expect(JSON.parse(String(t.calls[1]!.body))).toEqual({ recording_ids: [4, 3] });
  });
});
