import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListParams, GetListResult, GetManyReferenceParams, RaRecord } from 'react-admin';
import { BATCH_UPLOAD_TIMEOUT_MS, SCAN_POLL_INTERVAL_MS, TRASH_DEFAULT_PAGE, TRASH_PAGE_SIZE } from '../constants.js';
import { ApiError } from './api-error.js';
import { httpClient as defaultHttpClient, type HttpClient } from './http-client.js';
import type {
  HealthAnswer,
  ListFilter,
  MetadataAnswer,
  Poem,
  PoemPage,
  Publication,
  ScanJob,
  ScanProgress,
  ScanResult,
  TogglePublishAnswer,
} from './types.js';

export const API_BASE = '/api';

/** SPEC section 3: a list is a plain array or {results}; anything else is an empty list. */
export function toList<T>(json: unknown): T[] {
  if (Array.isArray(json)) return json as T[];
  if (json && typeof json === 'object' && Array.isArray((json as { results?: unknown }).results)) {
    return (json as { results: T[] }).results;
  }
  return [];
}

/** Total from X-Total-Count or Content-Range (ra-data-simple-rest conventions), else the count field or length. */
export function totalOf(headers: Headers, json: unknown, length: number): number {
  const xTotal = headers.get('x-total-count');
  if (xTotal && Number.isFinite(Number(xTotal))) return Number(xTotal);
  const range = headers.get('content-range');
  const fromRange = range ? Number(range.split('/').pop()) : NaN;
  if (Number.isFinite(fromRange)) return fromRange;
  const count = json && typeof json === 'object' ? (json as { count?: unknown }).count : undefined;
  return typeof count === 'number' ? count : length;
}

function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

const seg = (id: string | number) => encodeURIComponent(String(id));

export interface BatchUploadOptions {
  onProgress?: (progress: ScanProgress) => void;
  signal?: AbortSignal;
  pollIntervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ArchiveDataProvider extends DataProvider {
  publish(id: string | number): Promise<unknown>;
  saveDraft(id: string | number): Promise<unknown>;
  togglePublish(id: string | number): Promise<TogglePublishAnswer>;
  restore(id: string | number): Promise<unknown>;
  permanentDelete(id: string | number): Promise<unknown>;
  clearPoems(id: string | number): Promise<unknown>;
  reprocess(id: string | number): Promise<unknown>;
  batchUploadPages(id: string | number, files: File[], options?: BatchUploadOptions): Promise<ScanResult>;
  getScan(jobId: string): Promise<ScanJob>;
  extractMetadata(files: File[]): Promise<MetadataAnswer>;
  getPoemPages(poemId: string | number): Promise<PoemPage[]>;
  getPublication(id: string | number): Promise<Publication>;
  getPoems(publicationId: string | number): Promise<Poem[]>;
  health(): Promise<HealthAnswer>;
}

function normaliseScanResult(json: unknown): ScanResult {
  const raw = (json ?? {}) as Partial<ScanResult>;
  return {
    extracted_poems: Number(raw.extracted_poems ?? 0),
    duplicates_ignored: Number(raw.duplicates_ignored ?? 0),
    duplicates: Array.isArray(raw.duplicates) ? raw.duplicates : [],
    job_id: raw.job_id,
    poems: toList<Poem>(raw.poems),
  };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createDataProvider(http: HttpClient = defaultHttpClient): ArchiveDataProvider {
  // ra-data-simple-rest speaks the plain REST verbs of the API (getOne/create/update/delete);
  // our client adds the trailing slash, credentials and CSRF header.
  const simple = simpleRestProvider(
    API_BASE,
    async (url: string, options: { method?: string; body?: unknown; signal?: AbortSignal | null } = {}) => {
      const res = await http(url, { method: options.method, body: options.body, signal: options.signal ?? undefined });
      return { status: res.status, headers: res.headers, body: res.body, json: res.json };
    },
    'X-Total-Count',
  );

  async function listPublications(params: GetListParams): Promise<GetListResult> {
    const status = (params.filter?.status || undefined) as ListFilter;
    if (status === 'trash') {
      const page = params.pagination?.page ?? TRASH_DEFAULT_PAGE;
      const pageSize = params.pagination?.perPage ?? TRASH_PAGE_SIZE;
      const res = await http(`${API_BASE}/publications/trash/${query({ admin: true, page, page_size: pageSize })}`, { signal: params.signal });
      const data = toList<Publication>(res.json);
      return { data, total: totalOf(res.headers, res.json, data.length) };
    }
    const res = await http(`${API_BASE}/publications/${query({ admin: true, status })}`, { signal: params.signal });
    const data = toList<Publication>(res.json);
    return { data, total: totalOf(res.headers, res.json, data.length) };
  }

  async function listPoems(publicationId: string | number, signal?: AbortSignal): Promise<Poem[]> {
    const res = await http(`${API_BASE}/publications/${seg(publicationId)}/poems/${query({ admin: true })}`, { signal });
    return toList<Poem>(res.json);
  }

  const post = (path: string) => http(`${API_BASE}${path}`, { method: 'POST' }).then((r) => r.json);

  const provider: ArchiveDataProvider = {
    ...simple,
    getList: async <RecordType extends RaRecord = any>(resource: string, params: GetListParams) => {
      if (resource === 'publications') return (await listPublications(params)) as GetListResult<RecordType>;
      if (resource === 'poems' && params.filter?.publication_id !== undefined) {
        const data = await listPoems(params.filter.publication_id, params.signal);
        return { data: data as unknown as RecordType[], total: data.length };
      }
      throw new Error(`No list for resource ${resource}`);
    },
    getManyReference: async <RecordType extends RaRecord = any>(resource: string, params: GetManyReferenceParams) => {
      if (resource === 'poems' && params.target === 'publication_id') {
        const data = await listPoems(params.id, params.signal);
        return { data: data as unknown as RecordType[], total: data.length };
      }
      return simple.getManyReference<RecordType>(resource, params);
    },
    getOne: async (resource, params) => {
      const path = resource === 'publications' ? `publications/${seg(params.id)}/${query({ admin: true })}` : `${resource}/${seg(params.id)}/`;
      const res = await http(`${API_BASE}/${path}`, { signal: params.signal });
      return { data: res.json as any };
    },
    delete: async (resource, params) => {
      const res = await http(`${API_BASE}/${resource}/${seg(params.id)}/`, { method: 'DELETE' });
      return { data: (res.json ?? params.previousData ?? { id: params.id }) as any };
    },
    create: async (resource, params) => {
      const res = await http<Record<string, unknown>>(`${API_BASE}/${resource}/`, { method: 'POST', body: params.data });
      return { data: { ...params.data, ...(res.json ?? {}) } as any };
    },

    publish: (id) => post(`/publications/${seg(id)}/publish/`),
    saveDraft: (id) => post(`/publications/${seg(id)}/save_draft/`),
    togglePublish: (id) => post(`/publications/${seg(id)}/toggle_publish/`) as Promise<TogglePublishAnswer>,
    restore: (id) => post(`/publications/${seg(id)}/restore/`),
    permanentDelete: (id) => http(`${API_BASE}/publications/${seg(id)}/permanent_delete/`, { method: 'DELETE' }).then((r) => r.json),
    clearPoems: (id) => post(`/publications/${seg(id)}/clear_poems/`),
    reprocess: (id) => post(`/publications/${seg(id)}/reprocess/`),

    getScan: async (jobId) => (await http<ScanJob>(`${API_BASE}/scans/${seg(jobId)}/`, { sessionExpiry: false })).json,

    async batchUploadPages(id, files, options = {}) {
      const form = new FormData();
      files.forEach((file, i) => form.append(`page_${i}`, file, file.name));
      const deadline = Date.now() + BATCH_UPLOAD_TIMEOUT_MS;
      const res = await http<{ job_id?: string } & Partial<ScanResult>>(
        `${API_BASE}/publications/${seg(id)}/batch_upload_pages/?async=true`,
        { method: 'POST', body: form, timeoutMs: BATCH_UPLOAD_TIMEOUT_MS, signal: options.signal, sessionExpiry: false },
      );
      // A server that scans synchronously answers the result straight away.
      if (res.status !== 202 && res.json && 'extracted_poems' in res.json) return normaliseScanResult(res.json);
      const jobId = res.json?.job_id;
      if (!jobId) throw new ApiError('The server did not start a scan job', res.status, res.json);
      const sleep = options.sleep ?? defaultSleep;
      const interval = options.pollIntervalMs ?? SCAN_POLL_INTERVAL_MS;
      options.onProgress?.({ state: 'queued', pagesDone: 0, pagesTotal: files.length });
      for (;;) {
        if (options.signal?.aborted) throw new DOMException('Scan cancelled', 'AbortError');
        if (Date.now() > deadline) throw new ApiError('The scan took too long', 408, null);
        const job = await provider.getScan(jobId);
        options.onProgress?.({
          state: job.state,
          pagesDone: job.progress?.pages_done ?? 0,
          pagesTotal: job.progress?.pages_total ?? files.length,
        });
        if (job.state === 'completed') return normaliseScanResult({ job_id: jobId, ...job.result });
        if (job.state === 'failed') {
          // The job's status (429, 413, 502...) picks the same wizard message as a synchronous scan.
          const message = job.error?.message || 'The scan failed';
          throw new ApiError(message, job.error?.status ?? 500, { error: message, code: job.error?.code });
        }
        await sleep(interval);
      }
    },

    async extractMetadata(files) {
      const form = new FormData();
      files.forEach((file, i) => form.append(`image_${i}`, file, file.name));
      const res = await http<MetadataAnswer>(`${API_BASE}/ai_extraction/extract_metadata/`, {
        method: 'POST',
        body: form,
        timeoutMs: BATCH_UPLOAD_TIMEOUT_MS,
        sessionExpiry: false,
      });
      return res.json ?? { success: false };
    },

    getPoemPages: async (poemId) => toList<PoemPage>((await http(`${API_BASE}/poems/${seg(poemId)}/pages/`)).json),
    getPublication: async (id) => (await http<Publication>(`${API_BASE}/publications/${seg(id)}/${query({ admin: true })}`)).json,
    getPoems: (publicationId) => listPoems(publicationId),
    health: async () => (await http<HealthAnswer>(`${API_BASE}/health/`, { sessionExpiry: false })).json,
  };
  return provider;
}

export const dataProvider = createDataProvider();
