/** Where each curator stopped proofreading each book: one poem per curator and book. */
export interface ProofreadingPlaces {
  /** The poem the curator last had open in the book, or null. */
  placeOf(curatorId: number, publicationId: number): Promise<number | null>;
  keep(curatorId: number, publicationId: number, poemId: number): Promise<void>;
}

export const PROOFREADING_PLACES = Symbol('PROOFREADING_PLACES');
