import type { BookImport } from '../../../contracts/book-import.js';
import type { ScanJob, ScanResult } from '../../../contracts/scanning.js';
import { toPoemResponse } from '../../catalog/index.js';
import type { BookImportView } from '../application/book-import.service.js';
import type { ScanJobStatus } from '../application/scan-queue.js';
import type { StoredScanResult } from '../application/scan-job.types.js';

/**
 * A finished scan's outcome as the API answers it (contracts/scanning.ts). The outcome may have been
 * kept as JSON by the queue or the database and read back elsewhere, its poems' dates as strings;
 * a scan finished before outcomes were kept holds this answer already, and is answered as it is.
 */
export function toScanResult(stored: StoredScanResult): ScanResult {
  if ('job_id' in stored) return stored;
  const poems = stored.added.map((poem) =>
    toPoemResponse({ ...poem, createdAt: new Date(poem.createdAt), updatedAt: new Date(poem.updatedAt) }),
  );
  return {
    job_id: stored.jobId,
    publication_id: stored.publicationId,
    extracted_poems: poems.length,
    duplicates_ignored: stored.duplicates.length,
    total_scanned: poems.length + stored.continued.length + stored.duplicates.length,
    empty_dropped: stored.emptyDropped,
    continued: stored.continued.map(({ id, title }) => ({ id, title })),
    duplicates: stored.duplicates.map((d) => ({
      title: d.title,
      matched_poem: { id: d.matched.id, title: d.matched.title },
      similarity: d.similarity,
      matched_in: d.matchedIn,
    })),
    poems,
    pages_total: stored.pagesTotal,
  };
}

/** GET /api/scans/{id}/. */
export function toScanJob({ result, error, ...job }: ScanJobStatus): ScanJob {
  return { ...job, ...(result ? { result: toScanResult(result) } : {}), ...(error ? { error } : {}) };
}

/** A book import, with what its finished assembly gave. */
export function toBookImport(view: BookImportView): BookImport {
  const { result: stored, failed_pages, error, created_at, updated_at, ...progress } = view;
  const result = stored && toScanResult(stored);
  return {
    ...progress,
    poems_added: result?.extracted_poems ?? 0,
    duplicates_ignored: result?.duplicates_ignored ?? 0,
    failed_pages,
    ...(result ? { result } : {}),
    ...(error ? { error } : {}),
    created_at,
    updated_at,
  };
}
