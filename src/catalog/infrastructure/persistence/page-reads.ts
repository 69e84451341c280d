import type { PreparedStatement } from '../../../database/prepared-statement.js';
import type { ContentsEntry, Poem } from '../../domain/poem.js';
import type { Publication } from '../../domain/publication.js';
import { PoemMapper } from './poem.mapper.js';
import { PublicationMapper } from './publication.mapper.js';
import type { PoemRow } from './poem.entity.js';
import type { PublicationRow } from './publication.entity.js';

/**
 * The reads behind the reader's book and poem pages, one statement each, since every uncached
 * view makes one: a publication with its counts, its contents (no texts) and only the texts the
 * page shows. Columns and JSON keys are named as the entities' properties, so the catalog's one
 * mapper per aggregate turns them into the domain.
 */

const PUBLICATION_COLUMNS = `p.id, p.slug, p.title, p.status, p.authors, p.publisher, p.publication_date AS "publicationDate",
  p.isbn, p.notes, p.language, p.created_at AS "createdAt", p.updated_at AS "updatedAt", p.deleted_at AS "deletedAt", p.published_at AS "publishedAt", p.revision`;

/** A publication's counts, aggregated from its poems in the same statement so they never drift. */
const COUNTS = `SELECT count(*)::int AS poem_count, COALESCE(sum(x.line_count), 0)::int AS total_lines,
  COALESCE(sum(x.word_count), 0)::int AS total_words,
  (count(*) FILTER (WHERE x.proofreading_status <> 'as_scanned'))::int AS proofread_count,
  (count(*) FILTER (WHERE x.proofreading_status = 'checked'))::int AS checked_count`;

/** A poem row as JSON with the entity's property names (the scan key stays inside). */
const POEM_JSON = `json_build_object('id', q.id, 'slug', q.slug, 'title', q.title, 'body', q.body, 'notes', q.notes,
  'lineCount', q.line_count, 'wordCount', q.word_count, 'publicationId', q.publication_id, 'pageNumbers', q.page_numbers,
  'position', q.position, 'language', q.language, 'revision', q.revision, 'status', q.proofreading_status, 'proofreadBy', q.proofread_by,
  'proofreadByName', q.proofread_by_name, 'proofreadAt', q.proofread_at, 'createdAt', q.created_at, 'updatedAt', q.updated_at)`;

/**
 * $1 the publication (slug or id); $2/$3 the slug or id of the poem asked for (null on the
 * contents). The texts are that poem's and the opening poem's: the book's first poem with text,
 * which its social card quotes.
 */
function bookStatement(by: 'slug' | 'id'): PreparedStatement {
  return {
    name: `catalog.read-book.by-${by}`,
    text: `SELECT ${PUBLICATION_COLUMNS}, c.poem_count, c.total_lines, c.total_words, c.proofread_count, c.checked_count, c.contents, COALESCE(t.texts, '[]') AS texts
FROM publications p
CROSS JOIN LATERAL (
  ${COUNTS}, COALESCE(json_agg(json_build_array(x.id, x.slug, x.title, x.line_count, x.word_count) ORDER BY x.position, x.id), '[]') AS contents
  FROM poems x WHERE x.publication_id = p.id
) c
CROSS JOIN LATERAL (
  SELECT json_agg(${POEM_JSON} ORDER BY q.position, q.id) AS texts
  FROM poems q
  WHERE q.publication_id = p.id AND (q.slug = $2 OR q.id = $3 OR q.id = (
    SELECT o.id FROM poems o WHERE o.publication_id = p.id AND o.body ~ '\\S' ORDER BY o.position, o.id LIMIT 1))
) t
WHERE p.${by} = $1`,
  };
}

function poemStatement(by: 'slug' | 'id'): PreparedStatement {
  return {
    name: `catalog.read-poem.by-${by}`,
    text: `SELECT ${POEM_JSON} AS poem, ${PUBLICATION_COLUMNS}, c.poem_count, c.total_lines, c.total_words, c.proofread_count, c.checked_count
FROM poems q
JOIN publications p ON p.id = q.publication_id
CROSS JOIN LATERAL (${COUNTS} FROM poems x WHERE x.publication_id = p.id) c
WHERE q.${by} = $1`,
  };
}

export const PAGE_READS = {
  book: { slug: bookStatement('slug'), id: bookStatement('id') },
  poem: { slug: poemStatement('slug'), id: poemStatement('id') },
};

interface PublicationColumns extends PublicationRow {
  poem_count: number;
  total_lines: number;
  total_words: number;
  proofread_count: number;
  checked_count: number;
}

export interface BookRow extends PublicationColumns {
  /** [id, slug, title, line count, word count] per poem, in reading order. */
  contents: Array<[number, string, string, number, number]>;
  texts: PoemJson[];
}

export interface PoemWithPublicationRow extends PublicationColumns {
  poem: PoemJson;
}

/** A poem row as JSON carries its times as text. */
type PoemJson = Omit<PoemRow, 'sourceKey' | 'createdAt' | 'updatedAt' | 'proofreadAt'> & {
  createdAt: string;
  updatedAt: string;
  proofreadAt: string | null;
};

export function publicationOf(row: PublicationColumns): Publication {
  return PublicationMapper.toDomain(row, {
    poemCount: row.poem_count,
    totalLines: row.total_lines,
    totalWords: row.total_words,
    proofreadCount: row.proofread_count,
    checkedCount: row.checked_count,
  });
}

export function poemOf(json: PoemJson): Poem {
  return PoemMapper.toDomain({
    ...json,
    sourceKey: null,
    createdAt: new Date(json.createdAt),
    updatedAt: new Date(json.updatedAt),
    proofreadAt: json.proofreadAt === null ? null : new Date(json.proofreadAt),
  });
}

export function contentsOf(row: BookRow): ContentsEntry[] {
  return row.contents.map(([id, slug, title, lineCount, wordCount]) => ({ id, slug, title, lineCount, wordCount }));
}
