import { describe, expect, it, vi } from 'vitest';
import type { CsrfSources } from '../csrf.js';
import { createDataProvider } from '../data-provider.js';
import { createHttpClient } from '../http-client.js';

function setup() {
  const calls: Array<{ url: string; method: string; headers: Headers; body: BodyInit | null | undefined }> = [];
  const replies: unknown[] = [];
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: init?.body });
    return new Response(JSON.stringify(replies.shift() ?? {}), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  const csrf: CsrfSources = { cookie: () => 'tok123', meta: () => null, component: () => null, hiddenField: () => null };
  const http = createHttpClient({ fetch: fetchMock as unknown as typeof fetch, csrf, log: { warn: vi.fn(), error: vi.fn() } });
  return { dp: createDataProvider(http), calls, replies };
}

const MEMORIAL = {
  id: 'memorial',
  site_name: 'Ash Archive',
  poet_name: 'Marguerite Ash',
  birth_date: '1925-11-02',
  death_date: '',
  poet_title: '',
  biography: 'She *wrote*.',
  hero_text: 'Her poems.',
  footer_credit: 'The Ash family.',
  portrait_url: '/api/settings/portrait/portrait-0123456789abcdef0123.jpg',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('the settings and curators resources', () => {
  it('reads the memorial and saves only its fields, an emptied date as unknown (null)', async () => {
    const t = setup();
    t.replies.push(MEMORIAL, MEMORIAL);
    expect((await t.dp.getOne('settings', { id: 'memorial' })).data).toEqual(MEMORIAL);
    expect(t.calls[0]).toMatchObject({ url: '/api/settings/memorial/', method: 'GET' });
    await t.dp.update('settings', { id: 'memorial', data: MEMORIAL, previousData: MEMORIAL });
    expect(t.calls[1]).toMatchObject({ url: '/api/settings/memorial/', method: 'PUT' });
    expect(t.calls[1].headers.get('X-CSRFToken')).toBe('tok123');
    const { id: _id, portrait_url: _url, updated_at: _at, ...fields } = MEMORIAL;
    expect(JSON.parse(String(t.calls[1].body))).toEqual({ ...fields, death_date: null });
  });

  it('sends the portrait with the crop as whole pixels and the CSRF field', async () => {
    const t = setup();
    await t.dp.setPortrait(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), {
      x: 10,
      y: 20,
      width: 400,
      height: 500,
    });
    expect(t.calls[0]).toMatchObject({ url: '/api/settings/memorial/portrait/', method: 'PUT' });
    const form = t.calls[0].body as FormData;
    expect(['crop_x', 'crop_y', 'crop_width', 'crop_height'].map((f) => form.get(f))).toEqual(['10', '20', '400', '500']);
    expect(form.get('portrait')).toBeInstanceOf(Blob);
    expect(form.get('csrfmiddlewaretoken')).toBe('tok123');
  });

  it('lists, adds, resets and removes curators', async () => {
    const t = setup();
    const curator = { id: 2, username: 'sibling', created_at: '2026-01-01T00:00:00.000Z', is_you: false };
    t.replies.push([curator], curator, {}, {});
    expect(
      await t.dp.getList('curators', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).toEqual({ data: [curator], total: 1 });
    await t.dp.create('curators', { data: { username: 'sibling', password: 'a long secret', extra: 1 } });
    expect(JSON.parse(String(t.calls[1].body))).toEqual({ username: 'sibling', password: 'a long secret' });
    await t.dp.resetPassword(2, 'another long one');
    expect(t.calls[2]).toMatchObject({ url: '/api/curators/2/password/', method: 'PUT' });
    await t.dp.delete('curators', { id: 2, previousData: curator });
    expect(t.calls[3]).toMatchObject({ url: '/api/curators/2/', method: 'DELETE' });
    expect(t.calls.map((c) => c.url)[0]).toBe('/api/curators/');
  });
});
