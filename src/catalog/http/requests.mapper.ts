import type {
  CreatePoemRequest,
  CreatePublicationRequest,
  UpdatePoemRequest,
  UpdatePublicationRequest,
} from '../../../contracts/catalog.js';
import { canonicalLanguage, DEFAULT_LANGUAGE } from '../../../contracts/language.js';
import type { NewPoem, PoemChange } from '../domain/poem.js';
import type { PublicationFields } from '../domain/publication.js';

/** Leaves out what a partial change does not set, so it is not written as NULL. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A poem's own language as a request gives it (the DTO has checked the tag): null or '' is the book's. */
function poemLanguage(language: string | null | undefined): string | null | undefined {
  return language === undefined ? undefined : (canonicalLanguage(language) ?? null);
}

/** A poem as the API's requests give it. */
export const PoemRequestMapper = {
  /** POST /publications/{id}/poems/. */
  fromCreateRequest(request: CreatePoemRequest): NewPoem {
    return {
      title: request.title,
      body: request.body,
      notes: request.notes ?? '',
      pageNumbers: request.page_numbers ?? [],
      language: poemLanguage(request.language) ?? null,
    };
  },

  /** PUT /poems/{id}/: what the request leaves out stays as it is. */
  fromUpdateRequest(request: UpdatePoemRequest): PoemChange {
    return { title: request.title, body: request.body, notes: request.notes, language: poemLanguage(request.language) };
  },
};

/** A publication's fields as the API's requests give them. */
export const PublicationRequestMapper = {
  /** POST /publications/: what the request leaves out starts empty. */
  fromCreateRequest(request: CreatePublicationRequest): PublicationFields {
    return {
      title: request.title,
      authors: request.authors ?? [],
      publisher: request.publisher ?? '',
      publicationDate: request.publication_date ?? '',
      isbn: request.isbn ?? '',
      notes: request.notes ?? '',
      language: canonicalLanguage(request.language) ?? DEFAULT_LANGUAGE,
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
      // The DTO has checked the tag; stored in its canonical spelling.
      language: request.language === undefined ? undefined : canonicalLanguage(request.language),
    });
  },
};
