/** Shapes of the API answers the admin reads (SPEC sections 3 and 7, scanning issue). */
export type PublicationStatus = 'draft' | 'published';
export type ListFilter = 'draft' | 'published' | 'trash' | undefined;

export interface Publication {
  id: number;
  _id?: number;
  slug: string;
  title: string;
  status: PublicationStatus;
  authors: string[];
  publisher: string;
  publication_date: string;
  isbn: string;
  notes: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  published_at?: string | null;
  poem_count: number;
  total_lines: number;
  total_words: number;
}

export interface PublicationFields {
  title: string;
  authors: string[];
  publisher: string;
  publication_date: string;
  isbn: string;
  notes: string;
}

export interface Poem {
  id: number;
  slug?: string;
  title: string;
  body: string;
  notes: string;
  line_count: number;
  word_count: number;
  created_at: string;
  publication_id: number;
  page_numbers: number[];
}

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
