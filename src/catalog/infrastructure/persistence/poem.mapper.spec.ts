import { describe, expect, it } from 'vitest';
import { toPoemResponse, toStaffPoemResponse } from '../../application/catalog-responses.js';
import type { PoemRow } from './poem.entity.js';
import { PoemMapper } from './poem.mapper.js';

const row: PoemRow = {
  id: 11,
  publicationId: 7,
  slug: 'winter-orchard',
  title: 'Winter Orchard',
  body: 'Bare branches write\n  against the white sky\n\nwhat summer meant.',
  notes: '',
  lineCount: 3,
  wordCount: 10,
  pageNumbers: [4, 5],
  position: 2,
  language: 'de',
  sourceKey: 'scan-7-abc:1',
  revision: 3,
  status: 'checked',
  proofreadBy: 5,
  proofreadByName: 'ann',
  proofreadAt: new Date('2026-01-20T10:00:00.000Z'),
  createdAt: new Date('2026-01-02T03:04:05.006Z'),
  updatedAt: new Date('2026-02-03T04:05:06.007Z'),
};

describe('PoemMapper', () => {
  it('maps a row to the domain and the domain to the API JSON, the scan key staying inside', () => {
    const poem = PoemMapper.toDomain(row);
    const { sourceKey: _, proofreadByName: __, ...visible } = row;
    expect(poem).toEqual({ ...visible, proofreadBy: { id: 5, username: 'ann' } });
    const json = toPoemResponse(poem);
    expect(json).toEqual({
      id: 11,
      slug: 'winter-orchard',
      title: 'Winter Orchard',
      body: row.body,
      notes: '',
      line_count: 3,
      word_count: 10,
      created_at: '2026-01-02T03:04:05.006Z',
      updated_at: '2026-02-03T04:05:06.007Z',
      publication_id: 7,
      page_numbers: [4, 5],
      position: 2,
      language: 'de',
      revision: 3,
    });
    expect(new Date(json.updated_at)).toEqual(poem.updatedAt);
  });

  it('gives staff the proofreading, and a visitor none of it', () => {
    const poem = PoemMapper.toDomain(row);
    expect(toStaffPoemResponse(poem)).toMatchObject({ status: 'checked', proofread_by: 'ann', proofread_at: '2026-01-20T10:00:00.000Z' });
    expect(Object.keys(toPoemResponse(poem))).not.toContain('status');
    expect(PoemMapper.proofreadingColumns({ status: 'as_scanned', proofreadBy: null, proofreadAt: null })).toEqual({
      status: 'as_scanned',
      proofreadBy: null,
      proofreadByName: null,
      proofreadAt: null,
    });
  });

  it('builds a new row with counts from the text, and without notes, pages, scan key or reading when none are given', () => {
    expect(PoemMapper.toNewRow({ title: 'T', body: 'one two\n\nthree' }, { publicationId: 7, slug: 't', position: 4 })).toEqual({
      publicationId: 7,
      slug: 't',
      title: 'T',
      body: 'one two\n\nthree',
      notes: '',
      lineCount: 2,
      wordCount: 3,
      pageNumbers: [],
      position: 4,
      language: null,
      sourceKey: null,
      reading: null,
    });
  });

  it('recounts an edited text and keeps page numbers unless given', () => {
    expect(PoemMapper.toPersistence({ title: 'T', body: 'a b c', notes: 'n' })).toEqual({
      title: 'T',
      body: 'a b c',
      notes: 'n',
      lineCount: 1,
      wordCount: 3,
    });
    expect(PoemMapper.toPersistence({ title: 'T', body: '', notes: '', pageNumbers: [9] })).toMatchObject({
      lineCount: 0,
      wordCount: 0,
      pageNumbers: [9],
    });
  });
});
