import type { Poem as PoemResponse, Publication as PublicationResponse } from '../../../contracts/catalog.js';
import type { ContentsEntry as ContentsEntryResponse } from '../../../contracts/reader-page.js';
import type { ContentsEntry, Poem } from '../domain/poem.js';
import type { Publication } from '../domain/publication.js';

/*
 * The catalog's domain types as the API answers them (contracts/): the one wire shape of a
 * publication and a poem, sent by the catalog's controllers, the reader pages and scanning's answers.
 */

export function toPublicationResponse(publication: Publication): PublicationResponse {
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
    language: publication.language,
    created_at: publication.createdAt.toISOString(),
    updated_at: publication.updatedAt.toISOString(),
    deleted_at: publication.deletedAt?.toISOString() ?? null,
    published_at: publication.publishedAt?.toISOString() ?? null,
    poem_count: publication.poemCount,
    total_lines: publication.totalLines,
    total_words: publication.totalWords,
    proofread_count: publication.proofreadCount,
    checked_count: publication.checkedCount,
    revision: publication.revision,
  };
}

export function toPoemResponse(poem: Poem): PoemResponse {
  return {
    id: poem.id,
    slug: poem.slug,
    title: poem.title,
    body: poem.body,
    notes: poem.notes,
    line_count: poem.lineCount,
    word_count: poem.wordCount,
    created_at: poem.createdAt.toISOString(),
    updated_at: poem.updatedAt.toISOString(),
    publication_id: poem.publicationId,
    page_numbers: poem.pageNumbers,
    position: poem.position,
    language: poem.language,
    revision: poem.revision,
  };
}

/** A poem as staff see it: with its proofreading (who proofread it is not a visitor's business). */
export function toStaffPoemResponse(poem: Poem): PoemResponse {
  return {
    ...toPoemResponse(poem),
    status: poem.status,
    proofread_by: poem.proofreadBy?.username ?? null,
    proofread_at: poem.proofreadAt?.toISOString() ?? null,
  };
}

export function toContentsEntryResponse(entry: ContentsEntry): ContentsEntryResponse {
  return { id: entry.id, slug: entry.slug, title: entry.title, line_count: entry.lineCount, word_count: entry.wordCount };
}
