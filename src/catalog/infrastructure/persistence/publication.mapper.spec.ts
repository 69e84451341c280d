import { describe, expect, it } from 'vitest';
import { toPublicationResponse } from '../../application/catalog-responses.js';
import type { PublicationRow } from './publication.entity.js';
import { PublicationMapper } from './publication.mapper.js';

const row: PublicationRow = {
  id: 7,
  slug: 'river-songs',
  title: 'River Songs',
  status: 'published',
  authors: ['Ana Poet', 'B. Other'],
  publisher: 'Lantern Press',
  publicationDate: 'May 1971',
  isbn: '978-0-306-40615-7',
  notes: 'First edition',
  language: 'de',
  createdAt: new Date('2026-01-02T03:04:05.006Z'),
  updatedAt: new Date('2026-02-03T04:05:06.007Z'),
  deletedAt: null,
  publishedAt: new Date('2026-01-05T00:00:00.000Z'),
  revision: 4,
};
const counts = { poemCount: 3, totalLines: 12, totalWords: 48, proofreadCount: 2, checkedCount: 1 };

describe('PublicationMapper', () => {
  it('maps a row and its counts to the domain and the domain to the API JSON', () => {
    const publication = PublicationMapper.toDomain(row, counts);
    expect(publication).toEqual({ ...row, ...counts });
    expect(toPublicationResponse(publication)).toEqual({
      id: 7,
      _id: 7,
      slug: 'river-songs',
      title: 'River Songs',
      status: 'published',
      authors: ['Ana Poet', 'B. Other'],
      publisher: 'Lantern Press',
      publication_date: 'May 1971',
      isbn: '978-0-306-40615-7',
      notes: 'First edition',
      language: 'de',
      created_at: '2026-01-02T03:04:05.006Z',
      updated_at: '2026-02-03T04:05:06.007Z',
      deleted_at: null,
      published_at: '2026-01-05T00:00:00.000Z',
      poem_count: 3,
      total_lines: 12,
      total_words: 48,
      proofread_count: 2,
      checked_count: 1,
      revision: 4,
    });
  });

  it('answers times of a publication in trash and never published', () => {
    const trashed = PublicationMapper.toDomain({ ...row, deletedAt: new Date('2026-03-01T10:00:00.000Z'), publishedAt: null }, counts);
    const json = toPublicationResponse(trashed);
    expect([json.deleted_at, json.published_at]).toEqual(['2026-03-01T10:00:00.000Z', null]);
    expect(new Date(json.deleted_at!)).toEqual(trashed.deletedAt);
  });

  it('writes only the fields a change sets', () => {
    expect(PublicationMapper.toPersistence({ publicationDate: '1999', notes: '' })).toEqual({ publicationDate: '1999', notes: '' });
    expect(PublicationMapper.toPersistence({})).toEqual({});
  });
});
