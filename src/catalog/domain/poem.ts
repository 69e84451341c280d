import type { Proofreading } from './proofreading.js';
import type { PoemReading } from './poem-reading.js';

/**
 * A poem as the catalog works on it. The API's JSON shape lives in contracts/catalog.ts;
 * application/catalog-responses.ts and http/requests.mapper.ts convert between the two.
 */
export interface Poem extends Proofreading {
  id: number;
  slug: string;
  title: string;
  /** Lines as printed: an empty line is a stanza break, leading spaces are indentation. */
  body: string;
  notes: string;
  lineCount: number;
  wordCount: number;
  publicationId: number;
  /** Printed page numbers the poem appears on. */
  pageNumbers: number[];
  /** Order inside the publication (1 = first). */
  position: number;
  /** BCP 47 tag of a poem in another language than its book's; null: the book's. */
  language: string | null;
  /** Number of its latest version in the history (0: none recorded yet). */
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A poem about to be added to a publication (typed in by the editor, or found by a scan). */
export interface NewPoem {
  title: string;
  body: string;
  notes?: string;
  pageNumbers?: number[];
  /** Its own language when not its book's (canonical tag). */
  language?: string | null;
  /** What a scan read of each line, aligned with the body. */
  reading?: PoemReading;
}

/** A curator's edit of a poem: what it leaves out stays as it is (language null: the book's). */
export interface PoemChange {
  title?: string;
  body?: string;
  notes?: string;
  language?: string | null;
}

/** A poem as a book's contents list it: enough to name it and lead to it, without its text. */
export type ContentsEntry = Pick<Poem, 'id' | 'slug' | 'title' | 'lineCount' | 'wordCount'>;
