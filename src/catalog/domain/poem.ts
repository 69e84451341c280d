import type { Poem } from '../../../contracts/catalog.js';

/** The catalog answers poems in the wire shape of contracts/ (SPEC section 3). */
export type { Poem };

/** A poem about to be added to a publication (typed in by the editor, or found by a scan). */
export interface NewPoem {
  title: string;
  body: string;
  notes?: string;
  page_numbers?: number[];
}
