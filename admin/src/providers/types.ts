/** Shapes of the API answers the admin reads (SPEC sections 3 and 7, scanning issue). */
// The catalog's own types are the contract: the admin reads exactly what the API answers.
import type { Poem } from '../../../src/catalog/domain/poem.js';
import type { Publication, PublicationFields, PublicationStatus } from '../../../src/catalog/domain/publication.js';

export type { Poem, Publication, PublicationFields, PublicationStatus };
export type ListFilter = 'draft' | 'published' | 'trash' | undefined;

export interface PoemPage {
  page_index: number;
  url: string;
  page_number: number | null;
}

export interface DuplicateReport {
  title: string;
  matched_poem: { id: number; title: string };
  similarity: number;
}

export interface ScanResult {
  extracted_poems: number;
  duplicates_ignored: number;
  duplicates: DuplicateReport[];
  job_id?: string;
  poems: Poem[];
}

export type ScanState = 'queued' | 'active' | 'completed' | 'failed';

export interface ScanJob {
  job_id: string;
  state: ScanState;
  progress: { pages_done: number; pages_total: number };
  result?: ScanResult;
  /** Why a failed job failed, with the HTTP status a synchronous scan would have answered. */
  error?: { code: string; message: string; status: number };
}

export interface ScanProgress {
  state: ScanState;
  pagesDone: number;
  pagesTotal: number;
}

export interface MetadataAnswer {
  success: boolean;
  metadata?: Partial<Omit<PublicationFields, 'authors'>> & { authors?: string[] | string };
  error?: string;
}

export interface TogglePublishAnswer {
  publication: Publication;
  status: PublicationStatus;
}

export interface HealthAnswer {
  status: string;
  database: boolean;
  queue?: unknown;
}
