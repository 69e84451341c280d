import { countLines, countWords } from '../../domain/poem-text.js';
import type { NewPoem, Poem } from '../../domain/poem.js';
import type { Proofreading } from '../../domain/proofreading.js';
import type { PoemRow } from './poem.entity.js';

/** The text of a poem as stored: its line and word counts are written with it, never apart. */
export interface PoemText {
  title: string;
  body: string;
  notes: string;
  pageNumbers?: number[];
  /** Its own language, null for its book's; left as it is when not given. */
  language?: string | null;
}

/** A poem between its table row and the catalog's domain (the API's requests: http/requests.mapper.ts; its answers: catalog-responses.ts). */
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
      language: row.language,
      revision: row.revision,
      status: row.status,
      proofreadBy: row.proofreadBy !== null && row.proofreadByName !== null ? { id: row.proofreadBy, username: row.proofreadByName } : null,
      proofreadAt: row.proofreadAt,
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
      ...(text.language !== undefined ? { language: text.language } : {}),
    };
  },

  /** The columns of a poem's status. */
  proofreadingColumns(p: Proofreading): Pick<PoemRow, 'status' | 'proofreadBy' | 'proofreadByName' | 'proofreadAt'> {
    return {
      status: p.status,
      proofreadBy: p.proofreadBy?.id ?? null,
      proofreadByName: p.proofreadBy?.username ?? null,
      proofreadAt: p.proofreadAt,
    };
  },

  /** A new row: the poem's text, where it goes, and the scan that found it if any. */
  toNewRow(
    poem: NewPoem & { sourceKey?: string },
    place: { publicationId: number; slug: string; position: number },
  ): Omit<PoemRow, 'id' | 'createdAt' | 'updatedAt' | 'revision' | 'status' | 'proofreadBy' | 'proofreadByName' | 'proofreadAt'> {
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
      language: poem.language ?? null,
      sourceKey: poem.sourceKey ?? null,
      reading: poem.reading ?? null,
    };
  },
};
