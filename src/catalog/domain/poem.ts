/** A poem as the API answers it (SPEC section 3). */
export interface Poem {
  id: number;
  slug: string;
  title: string;
  body: string;
  notes: string;
  line_count: number;
  word_count: number;
  created_at: string;
  updated_at: string;
  publication_id: number;
  page_numbers: number[];
  /** Order inside the publication: first page, then position on the page. */
  position: number;
}

/** A poem about to be added to a publication (by the editor or by a scan). */
export interface NewPoem {
  title: string;
  body: string;
  notes?: string;
  page_numbers?: number[];
}
