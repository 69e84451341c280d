export type PublicationStatus = 'draft' | 'published';
export const PUBLICATION_STATUSES: readonly PublicationStatus[] = ['draft', 'published'];

/** A publication as the API answers it (SPEC section 3); counts are always derived from its poems. */
export interface Publication {
  id: number;
  _id: number;
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
  published_at: string | null;
  poem_count: number;
  total_lines: number;
  total_words: number;
}

/** Editable metadata of a publication. */
export interface PublicationFields {
  title: string;
  authors: string[];
  publisher: string;
  publication_date: string;
  isbn: string;
  notes: string;
}
