import type { Identifier } from 'react-admin';
import { asList, type Poem } from '../../../../contracts/catalog.js';
import { ApiError } from '../../../../contracts/errors.js';
import type { MetadataAnswer, ScanAccepted, ScanJob, ScanJobState, ScanResult } from '../../../../contracts/scanning.js';
import { BATCH_UPLOAD_TIMEOUT_MS, SCAN_POLL_INTERVAL_MS } from '../../constants.js';
import { API_BASE, seg, type Api } from '../api.js';

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

/** Scanning page photos: scan jobs started and followed to their result, and metadata extraction. */
export interface ScanMethods {
  /** Reads the stored pages again; resolves when the job has finished. */
  reprocess(id: Identifier, options?: ScanWaitOptions): Promise<ScanResult>;
  batchUploadPages(id: Identifier, files: File[], options?: ScanWaitOptions): Promise<ScanResult>;
  getScan(jobId: string): Promise<ScanJob>;
  extractMetadata(files: File[]): Promise<MetadataAnswer>;
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

export function scanMethods({ http, send }: Api): ScanMethods {
  async function waitForScan(jobId: string, pagesTotal: number, options: ScanWaitOptions): Promise<ScanResult> {
    const deadline = Date.now() + BATCH_UPLOAD_TIMEOUT_MS;
    const sleep = options.sleep ?? defaultSleep;
    options.onProgress?.({ state: 'queued', pagesDone: 0, pagesTotal });
    for (;;) {
      if (options.signal?.aborted) throw new DOMException('Scan cancelled', 'AbortError');
      if (Date.now() > deadline) throw new ApiError('The scan took too long', 408, null);
      const job = await methods.getScan(jobId);
      options.onProgress?.({
        state: job.state,
        pagesDone: job.progress?.pages_done ?? 0,
        pagesTotal: job.progress?.pages_total ?? pagesTotal,
      });
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

  const methods: ScanMethods = {
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
  };
  return methods;
}
