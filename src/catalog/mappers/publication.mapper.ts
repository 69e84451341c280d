import type {
  CreatePublicationRequest,
  Publication as PublicationResponse,
  UpdatePublicationRequest,
} from '../../../contracts/catalog.js';
import type { Publication, PublicationFields } from '../domain/publication.js';
import type { PublicationRow } from '../infrastructure/persistence/publication.entity.js';

/** What a publication's poems add up to; read with the row, in the same query. */
export interface PoemCounts {
  poemCount: number;
  totalLines: number;
  totalWords: number;
}

/** Leaves out what a partial change does not set, so it is not written as NULL. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A publication between its table row, the catalog's domain and the API's JSON (contracts/). */
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
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      deletedAt: row.deletedAt,
      publishedAt: row.publishedAt,
      poemCount: counts.poemCount,
      totalLines: counts.totalLines,
      totalWords: counts.totalWords,
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
    });
  },

  toResponse(publication: Publication): PublicationResponse {
    return {
      id: publication.id,
      _id: publication.id,
      slug: publication.slug,
      title: publication.title,
      status: publication.status,
      authors: publication.authors,
      publisher: publication.publisher,
      publication_date: publication.publicationDate,
      isbn: publication.isbn,
      notes: publication.notes,
      created_at: publication.createdAt.toISOString(),
      updated_at: publication.updatedAt.toISOString(),
      deleted_at: publication.deletedAt?.toISOString() ?? null,
      published_at: publication.publishedAt?.toISOString() ?? null,
      poem_count: publication.poemCount,
      total_lines: publication.totalLines,
      total_words: publication.totalWords,
    };
  },

  /** POST /publications/: what the request leaves out starts empty. */
  fromCreateRequest(request: CreatePublicationRequest): PublicationFields {
    return {
      title: request.title,
      authors: request.authors ?? [],
      publisher: request.publisher ?? '',
      publicationDate: request.publication_date ?? '',
      isbn: request.isbn ?? '',
      notes: request.notes ?? '',
    };
  },

  /** PUT /publications/{id}/: only the fields the request names. */
  fromUpdateRequest(request: UpdatePublicationRequest): Partial<PublicationFields> {
    return defined({
      title: request.title,
      authors: request.authors,
      publisher: request.publisher,
      publicationDate: request.publication_date,
      isbn: request.isbn,
      notes: request.notes,
    });
  },
};
