import type { DataProvider, GetListParams, GetListResult, Identifier, RaRecord } from 'react-admin';
import type { HealthAnswer } from '../../../contracts/auth.js';
import {
  asList,
  type ClearPoemsAnswer,
  type ClearPoemsRequest,
  type CreatePoemRequest,
  type PermanentDeleteAnswer,
  type Poem,
  type PoemPage,
  type Publication,
  type PublicationFields,
  type PublicationListStatus,
  type PublicationMoveAnswer,
  type PublishAnswer,
  type TrashPage,
  type UpdatePoemRequest,
} from '../../../contracts/catalog.js';
import { ApiError } from '../../../contracts/errors.js';
import type { MetadataAnswer, ScanAccepted, ScanJob, ScanJobState, ScanResult } from '../../../contracts/scanning.js';
import { BATCH_UPLOAD_TIMEOUT_MS, SCAN_POLL_INTERVAL_MS } from '../constants.js';
import { httpClient as defaultHttpClient, type HttpClient } from './http-client.js';

export const API_BASE = '/api';

/** How far a scan or reprocess job has come, as the screens show it. */
export interface ScanProgress {
  state: ScanJobState;
  pagesDone: number;
  pagesTotal: number;
}

export interface ScanWaitOptions {
  onProgress?: (progress: ScanProgress) => void;
  signal?: AbortSignal;
  pollIntervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** State changes other than plain edits, asked for through update/delete with `meta.verb`. */
export type PublicationVerb = 'toggle_publish' | 'publish' | 'save_draft' | 'restore';

/**
 * react-admin's data provider for the archive API, with its custom verbs as typed methods
 * (react-admin docs, "Calling Custom Methods"). The verbs screens want undoable or cached go
 * through update/delete with `meta.verb`, so react-admin's own mutation modes apply to them.
 */
export interface ArchiveDataProvider extends DataProvider {
  togglePublish(id: Identifier): Promise<PublishAnswer>;
  publish(id: Identifier): Promise<PublishAnswer>;
  saveDraft(id: Identifier): Promise<PublishAnswer>;
  restore(id: Identifier): Promise<PublicationMoveAnswer>;
  moveToTrash(id: Identifier): Promise<PublicationMoveAnswer>;
  permanentDelete(id: Identifier): Promise<PermanentDeleteAnswer>;
  /**
   * Every poem of the publication, or only the ones listed (one wizard session's); with scan job
   * ids, the page photos those scans stored go too.
   */
  clearPoems(id: Identifier, poemIds?: number[], jobIds?: string[]): Promise<ClearPoemsAnswer>;
  /** The new reading order, naming every poem of the publication once. */
  reorderPoems(id: Identifier, poemIds: number[]): Promise<Poem[]>;
  /** Reads the stored pages again; resolves when the job has finished. */
  reprocess(id: Identifier, options?: ScanWaitOptions): Promise<ScanResult>;
  batchUploadPages(id: Identifier, files: File[], options?: ScanWaitOptions): Promise<ScanResult>;
  getScan(jobId: string): Promise<ScanJob>;
  extractMetadata(files: File[]): Promise<MetadataAnswer>;
  getPoemPages(poemId: Identifier): Promise<PoemPage[]>;
  health(): Promise<HealthAnswer>;
}

const PUBLICATION_FIELDS: ReadonlyArray<keyof PublicationFields> = ['title', 'authors', 'publisher', 'publication_date', 'isbn', 'notes'];
const POEM_FIELDS: ReadonlyArray<keyof UpdatePoemRequest> = ['title', 'body', 'notes'];

/**
 * Only the fields the API takes (react-admin's forms send the whole record). react-admin turns an
 * emptied input into null; the API's text fields want '' and its lists [].
 */
function pick<T extends object, K extends keyof T>(data: Partial<T>, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = data[key];
    if (value === undefined) continue;
    out[key as string] = value === null ? (key === 'authors' || key === 'page_numbers' ? [] : '') : value;
  }
  return out as Partial<Pick<T, K>>;
}

function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Total from X-Total-Count or Content-Range, else the body's count, else the page's length. */
export function totalOf(headers: Headers, json: unknown, length: number): number {
  const xTotal = headers.get('x-total-count');
  if (xTotal && Number.isFinite(Number(xTotal))) return Number(xTotal);
  const fromRange = Number(headers.get('content-range')?.split('/').pop());
  if (Number.isFinite(fromRange)) return fromRange;
  const count = json && typeof json === 'object' ? (json as { count?: unknown }).count : undefined;
  return typeof count === 'number' ? count : length;
}

const seg = (id: Identifier) => encodeURIComponent(String(id));

/** A bulk action that failed for some publications; the others were changed. */
export class BulkActionError extends Error {
  constructor(
    readonly failedIds: Identifier[],
    readonly total: number,
    /** The first failure, as the server answered it. */
    readonly firstError: unknown,
  ) {
    super(`${failedIds.length} of ${total} failed: ${firstError instanceof Error ? firstError.message : String(firstError)}`);
    this.name = 'BulkActionError';
  }
}

/**
 * Runs one publication's call for each id. The API changes one publication per call, so a bulk
 * action is every call tried: one refused (moved meanwhile, say) does not stop the others.
 */
async function forEachId(ids: Identifier[], call: (id: Identifier) => Promise<unknown>): Promise<Identifier[]> {
  const results = await Promise.allSettled(ids.map(call));
  const failed = ids.filter((_, i) => results[i].status === 'rejected');
  const firstFailure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (firstFailure) throw new BulkActionError(failed, ids.length, firstFailure.reason);
  return ids;
}
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A finished scan's answer with every list present, whatever an older server left out. */
function normaliseScanResult(json: unknown): ScanResult {
  const raw = (json ?? {}) as Partial<ScanResult>;
  const extracted = Number(raw.extracted_poems ?? 0);
  const duplicates = Number(raw.duplicates_ignored ?? 0);
  return {
    ...raw,
    job_id: raw.job_id ?? '',
    publication_id: Number(raw.publication_id ?? 0),
    extracted_poems: extracted,
    duplicates_ignored: duplicates,
    total_scanned: Number(raw.total_scanned ?? extracted + duplicates),
    empty_dropped: Number(raw.empty_dropped ?? 0),
    continued: Array.isArray(raw.continued) ? raw.continued : [],
    duplicates: Array.isArray(raw.duplicates) ? raw.duplicates : [],
    poems: asList<Poem>(raw.poems),
    pages_total: Number(raw.pages_total ?? 0),
  };
}

export function createDataProvider(http: HttpClient = defaultHttpClient): ArchiveDataProvider {
  const get = async <T>(path: string, signal?: AbortSignal) => (await http<T>(`${API_BASE}${path}`, { signal })).json;
  const send = async <T>(method: string, path: string, body?: unknown, sessionExpiry?: boolean) =>
    (await http<T>(`${API_BASE}${path}`, { method, body, sessionExpiry })).json;

  /** Orders writes to one publication's poem order, so quick successive moves arrive in order. */
  let orderWrites: Promise<unknown> = Promise.resolve();

  async function listPublications(params: GetListParams): Promise<GetListResult<Publication>> {
    const status = (params.filter?.status || undefined) as PublicationListStatus | undefined;
    const q = typeof params.filter?.q === 'string' ? params.filter.q.trim() : undefined;
    const { field, order } = params.sort ?? { field: 'created_at', order: 'DESC' };
    const sort = field && field !== 'id' ? JSON.stringify([field, order]) : undefined;
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
    if (status === 'trash') {
      const res = await http<TrashPage>(`${API_BASE}/publications/trash/${query({ page, page_size: perPage, sort, q })}`, { signal: params.signal });
      const data = asList<Publication>(res.json);
      return { data, total: totalOf(res.headers, res.json, data.length) };
    }
    const range = JSON.stringify([(page - 1) * perPage, page * perPage - 1]);
    const res = await http(`${API_BASE}/publications/${query({ admin: true, status, q, sort, range })}`, { signal: params.signal });
    const data = asList<Publication>(res.json);
    return { data, total: totalOf(res.headers, res.json, data.length) };
  }

  const listPoems = (publicationId: Identifier, signal?: AbortSignal) =>
    get<unknown>(`/publications/${seg(publicationId)}/poems/${query({ admin: true })}`, signal).then((json) => asList<Poem>(json));

  async function waitForScan(jobId: string, pagesTotal: number, options: ScanWaitOptions): Promise<ScanResult> {
    const deadline = Date.now() + BATCH_UPLOAD_TIMEOUT_MS;
    const sleep = options.sleep ?? defaultSleep;
    options.onProgress?.({ state: 'queued', pagesDone: 0, pagesTotal });
    for (;;) {
      if (options.signal?.aborted) throw new DOMException('Scan cancelled', 'AbortError');
      if (Date.now() > deadline) throw new ApiError('The scan took too long', 408, null);
      const job = await provider.getScan(jobId);
      options.onProgress?.({ state: job.state, pagesDone: job.progress?.pages_done ?? 0, pagesTotal: job.progress?.pages_total ?? pagesTotal });
      if (job.state === 'completed') return normaliseScanResult({ job_id: jobId, ...job.result });
      if (job.state === 'failed') {
        // The job's status (429, 413, 502...) picks the same message as a synchronous scan would.
        const message = job.error?.message || 'The scan failed';
        throw new ApiError(message, job.error?.status ?? 500, { error: message, code: job.error?.code });
      }
      await sleep(options.pollIntervalMs ?? SCAN_POLL_INTERVAL_MS);
    }
  }

  /** Starts a scan job (`?async=true`: answered 202 with its id) and follows it to its result. */
  async function startScan(path: string, body: FormData | undefined, pagesTotal: number, options: ScanWaitOptions): Promise<ScanResult> {
    const res = await http<ScanAccepted>(`${API_BASE}${path}`, {
      method: 'POST',
      body,
      timeoutMs: BATCH_UPLOAD_TIMEOUT_MS,
      signal: options.signal,
      sessionExpiry: false,
    });
    const jobId = res.json?.job_id;
    if (!jobId) throw new ApiError('The server did not start a scan job', res.status, res.json);
    return waitForScan(jobId, pagesTotal, options);
  }

  // react-admin's DataProvider methods are generic in the record type each caller picks; the answers
  // are typed where they are made (contracts/), so here they pass as the caller's record type.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  const provider: ArchiveDataProvider = {
    async getList<R extends RaRecord = any>(resource: string, params: GetListParams) {
      if (resource === 'publications') return (await listPublications(params)) as unknown as GetListResult<R>;
      if (resource === 'poems' && params.filter?.publication_id !== undefined) {
        const data = await listPoems(params.filter.publication_id, params.signal);
        return { data: data as unknown as R[], total: data.length };
      }
      throw new Error(`No list for resource ${resource}`);
    },

    async getManyReference(resource, params) {
      if (resource !== 'poems' || params.target !== 'publication_id') throw new Error(`No reference list for ${resource}.${params.target}`);
      // The whole book, in its reading order: poems are few, and their order is the point.
      const data = await listPoems(params.id, params.signal);
      return { data: data as any[], total: data.length };
    },

    async getOne(resource, params) {
      const path = resource === 'publications' ? `/publications/${seg(params.id)}/${query({ admin: true })}` : `/${resource}/${seg(params.id)}/`;
      return { data: await get<any>(path, params.signal) };
    },

    async getMany(resource, params) {
      return { data: await Promise.all(params.ids.map(async (id) => (await provider.getOne(resource, { id, signal: params.signal })).data)) };
    },

    async create(resource, params) {
      if (resource === 'poems') {
        const { publication_id: publicationId, ...poem } = params.data as CreatePoemRequest & { publication_id: Identifier };
        return { data: await send<any>('POST', `/publications/${seg(publicationId)}/poems/`, pick(poem, ['title', 'body', 'notes', 'page_numbers'])) };
      }
      if (resource === 'publications') return { data: await send<any>('POST', '/publications/', pick(params.data as PublicationFields, PUBLICATION_FIELDS)) };
      throw new Error(`Cannot create ${resource}`);
    },

    async update(resource, params) {
      if (resource === 'publications') {
        const verb = params.meta?.verb as PublicationVerb | undefined;
        if (verb === 'restore') return { data: (await provider.restore(params.id)).publication as any };
        if (verb) return { data: (await send<PublishAnswer>('POST', `/publications/${seg(params.id)}/${verb}/`)).publication as any };
        return { data: await send<any>('PUT', `/publications/${seg(params.id)}/`, pick(params.data as PublicationFields, PUBLICATION_FIELDS)) };
      }
      if (resource === 'poems') return { data: await send<any>('PUT', `/poems/${seg(params.id)}/`, pick(params.data as UpdatePoemRequest, POEM_FIELDS)) };
      throw new Error(`Cannot update ${resource}`);
    },

    async delete(resource, params) {
      if (resource === 'publications' && params.meta?.verb === 'permanent_delete') {
        await provider.permanentDelete(params.id);
        return { data: (params.previousData ?? { id: params.id }) as any };
      }
      if (resource === 'publications') return { data: (await provider.moveToTrash(params.id)).publication as any };
      if (resource === 'poems') {
        await send('DELETE', `/poems/${seg(params.id)}/`);
        return { data: (params.previousData ?? { id: params.id }) as any };
      }
      throw new Error(`Cannot delete ${resource}`);
    },

    /** Publish, unpublish or restore several publications: a state change (`meta.verb`), never a field edit. */
    async updateMany(resource, params) {
      const verb = params.meta?.verb as PublicationVerb | undefined;
      if (resource !== 'publications' || !verb) throw new Error(`No bulk update for ${resource} without a verb`);
      return { data: await forEachId(params.ids, (id) => provider.update(resource, { id, data: params.data, previousData: { id }, meta: { verb } })) };
    },

    /** Moves several publications to the trash, or with `meta.verb` 'permanent_delete' deletes them forever. */
    async deleteMany(resource, params) {
      if (resource !== 'publications') throw new Error(`No bulk delete for ${resource}`);
      return { data: await forEachId(params.ids, (id) => provider.delete(resource, { id, meta: params.meta })) };
    },

    togglePublish: (id) => send('POST', `/publications/${seg(id)}/toggle_publish/`),
    publish: (id) => send('POST', `/publications/${seg(id)}/publish/`),
    saveDraft: (id) => send('POST', `/publications/${seg(id)}/save_draft/`),
    restore: (id) => send('POST', `/publications/${seg(id)}/restore/`),
    moveToTrash: (id) => send('DELETE', `/publications/${seg(id)}/`),
    permanentDelete: (id) => send('DELETE', `/publications/${seg(id)}/permanent_delete/`),
    clearPoems(id, poemIds, jobIds) {
      const body: ClearPoemsRequest = { ...(poemIds ? { poem_ids: poemIds } : {}), ...(jobIds?.length ? { job_ids: jobIds } : {}) };
      return send('POST', `/publications/${seg(id)}/clear_poems/`, Object.keys(body).length ? body : undefined);
    },

    reorderPoems(id, poemIds) {
      const write = orderWrites.catch(() => undefined).then(() => send<Poem[]>('POST', `/publications/${seg(id)}/reorder_poems/`, { poem_ids: poemIds }));
      orderWrites = write;
      return write;
    },

    reprocess: (id, options = {}) => startScan(`/publications/${seg(id)}/reprocess/?async=true`, undefined, 0, options),

    batchUploadPages(id, files, options = {}) {
      const form = new FormData();
      files.forEach((file, i) => form.append(`page_${i}`, file, file.name));
      return startScan(`/publications/${seg(id)}/batch_upload_pages/?async=true`, form, files.length, options);
    },

    getScan: (jobId) => send<ScanJob>('GET', `/scans/${seg(jobId)}/`, undefined, false),

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

    getPoemPages: (poemId) => get<unknown>(`/poems/${seg(poemId)}/pages/`).then((json) => asList<PoemPage>(json)),
    health: () => send<HealthAnswer>('GET', '/health/', undefined, false),
  };
  /* eslint-enable @typescript-eslint/no-explicit-any */
  return provider;
}

export const dataProvider = createDataProvider();
