import type { Publication, PublicationFields } from '../../domain/publication.js';
import type { PublicationRow } from './publication.entity.js';

/** What a publication's poems add up to; read with the row, in the same query. */
export interface PoemCounts {
  poemCount: number;
  totalLines: number;
  totalWords: number;
  proofreadCount: number;
  checkedCount: number;
}

/** Leaves out what a partial change does not set, so it is not written as NULL. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A publication between its table row and the catalog's domain (the API's requests: http/requests.mapper.ts; its answers: catalog-responses.ts). */
export const PublicationMapper = {
  toDomain(row: PublicationRow, counts: PoemCounts): Publication {
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      status: row.status,
      authors: row.authors,
      publisher: row.publisher,
      publicationDate: row.publicationDate,
      isbn: row.isbn,
      notes: row.notes,
      language: row.language,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      deletedAt: row.deletedAt,
      publishedAt: row.publishedAt,
      revision: row.revision,
      poemCount: counts.poemCount,
      totalLines: counts.totalLines,
      totalWords: counts.totalWords,
      proofreadCount: counts.proofreadCount,
      checkedCount: counts.checkedCount,
    };
  },

  /** The columns a change of metadata writes; fields left undefined stay as they are. */
  toPersistence(fields: Partial<PublicationFields>): Partial<PublicationRow> {
    return defined({
      title: fields.title,
      authors: fields.authors,
      publisher: fields.publisher,
      publicationDate: fields.publicationDate,
      isbn: fields.isbn,
      notes: fields.notes,
      language: fields.language,
    });
  },
};
