/**
 * A publication as the catalog works on it. The API's JSON shape (snake_case, ISO strings, `_id`)
 * lives in contracts/catalog.ts; application/catalog-responses.ts and http/requests.mapper.ts
 * convert between the two.
 */
export type PublicationStatus = 'draft' | 'published';

/** The editable metadata of a publication. */
export interface PublicationFields {
  title: string;
  authors: string[];
  publisher: string;
  /** Free text: a year, month and year, or a full date. */
  publicationDate: string;
  isbn: string;
  notes: string;
  /** BCP 47 tag, canonical spelling (contracts/language.ts); `en` when a new publication leaves it out. */
  language?: string;
}

export interface Publication extends PublicationFields {
  id: number;
  slug: string;
  language: string;
  status: PublicationStatus;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  publishedAt: Date | null;
  /** Number of its latest version in the history (0: none recorded yet). */
  revision: number;
  /** Derived from the publication's poems whenever it is read, never stored. */
  poemCount: number;
  totalLines: number;
  totalWords: number;
  /** Its poems proofread or checked (Checked is proofread too), and of those the checked ones; derived like the counts. */
  proofreadCount: number;
  checkedCount: number;
}
