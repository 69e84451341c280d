import type { CreatePoemRequest, Poem as PoemResponse } from '../../../contracts/catalog.js';
import type { ContentsEntry as ContentsEntryResponse } from '../../../contracts/reader-page.js';
import { countLines, countWords } from '../domain/poem-text.js';
import type { ContentsEntry, NewPoem, Poem } from '../domain/poem.js';
import type { PoemRow } from '../infrastructure/persistence/poem.entity.js';

/** The text of a poem as stored: its line and word counts are written with it, never apart. */
export interface PoemText {
  title: string;
  body: string;
  notes: string;
  pageNumbers?: number[];
}

/** A poem between its table row, the catalog's domain and the API's JSON (contracts/). */
export const PoemMapper = {
  toDomain(row: PoemRow): Poem {
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      body: row.body,
      notes: row.notes,
      lineCount: row.lineCount,
      wordCount: row.wordCount,
      publicationId: row.publicationId,
      pageNumbers: row.pageNumbers,
      position: row.position,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  },

  /** The columns of a poem's text; page numbers stay as they are when not given. */
  toPersistence(text: PoemText): Partial<PoemRow> {
    return {
      title: text.title,
      body: text.body,
      notes: text.notes,
      lineCount: countLines(text.body),
      wordCount: countWords(text.body),
      ...(text.pageNumbers ? { pageNumbers: text.pageNumbers } : {}),
    };
  },

  /** A new row: the poem's text, where it goes, and the scan that found it if any. */
  toNewRow(
    poem: NewPoem & { sourceKey?: string },
    place: { publicationId: number; slug: string; position: number },
  ): Omit<PoemRow, 'id' | 'createdAt' | 'updatedAt'> {
    return {
      publicationId: place.publicationId,
      slug: place.slug,
      title: poem.title,
      body: poem.body,
      notes: poem.notes ?? '',
      lineCount: countLines(poem.body),
      wordCount: countWords(poem.body),
      pageNumbers: poem.pageNumbers ?? [],
      position: place.position,
      sourceKey: poem.sourceKey ?? null,
    };
  },

  toResponse(poem: Poem): PoemResponse {
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
    };
  },

  toContentsEntry(entry: ContentsEntry): ContentsEntryResponse {
    return { id: entry.id, slug: entry.slug, title: entry.title, line_count: entry.lineCount, word_count: entry.wordCount };
  },

  /** POST /publications/{id}/poems/. */
  fromCreateRequest(request: CreatePoemRequest): NewPoem {
    return { title: request.title, body: request.body, notes: request.notes ?? '', pageNumbers: request.page_numbers ?? [] };
  },
};
